import Foundation
import IntentKit
import SpotlightModel
import SpotlightProtocol
import Testing

// CoreTransferable's Transferable, as App Intents samples make an entity one.

struct RecipeEntity: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Recipe"
    static let defaultQuery = RecipeQuery()
    let id: String
    @Property(title: "Name") var name: String
    @Property(title: "Steps") var steps: [String]
    var displayRepresentation: DisplayRepresentation { "\(name)" }

    init(id: String, name: String, steps: [String]) {
        self.id = id
        self.name = name
        self.steps = steps
    }
}

struct RecipeQuery: EntityQuery {
    func entities(for identifiers: [String]) async throws -> [RecipeEntity] { identifiers.contains("p1") ? [pancakes] : [] }
}

extension RecipeEntity: Transferable {
    static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(exportedContentType: .rtf) { recipe in
            Data("{\\rtf1 \(recipe.name)}".utf8)
        }
        .suggestedFileName { "\($0.name).rtf" }
        FileRepresentation(exportedContentType: .json) { recipe in
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("recipe-\(recipe.id).json")
            try JSONEncoder().encode(recipe.steps).write(to: file)
            return SentTransferredFile(file)
        }
        .exportingCondition { !$0.steps.isEmpty }
        ProxyRepresentation(exporting: \.name)
    }
}

/// A Codable value with Apple's CodableRepresentation and a declared type.
struct ShoppingList: Codable, Equatable, Transferable {
    var items: [String]
    static let listType = UTType(exportedAs: "com.example.shopping-list", conformingTo: .json)
    static var transferRepresentation: some TransferRepresentation {
        CodableRepresentation(contentType: listType)
        ProxyRepresentation(exporting: { $0.items.joined(separator: ", ") },
                            importing: { ShoppingList(items: $0.components(separatedBy: ", ")) })
    }
}

let pancakes = RecipeEntity(id: "p1", name: "Pancakes", steps: ["mix", "fry"])

@Test func anEntityExportsByItsRepresentationsInOrder() async throws {
    #expect(RecipeEntity.exportedContentTypes() == [.rtf, .json, .utf8PlainText, .plainText])
    #expect(String(decoding: try await pancakes.exported(as: .rtf), as: UTF8.self) == "{\\rtf1 Pancakes}")
    #expect(try JSONDecoder().decode([String].self, from: try await pancakes.exported(as: .json)) == ["mix", "fry"])
    #expect(String(decoding: try await pancakes.exported(as: .plainText), as: UTF8.self) == "Pancakes", "through its proxy")
    #expect(pancakes.suggestedFileName(for: .rtf) == "Pancakes.rtf")
}

@Test func anExportOfATypeThatConformsToTheOneAskedForIsUsed() async throws {
    #expect(String(decoding: try await pancakes.exported(as: .text), as: UTF8.self) == "{\\rtf1 Pancakes}",
            "RTF is text, and the first representation that is")
}

@Test func anExportingConditionLeavesAnItemOut() async throws {
    let empty = RecipeEntity(id: "e1", name: "Water", steps: [])
    await #expect(throws: TransferError.self) { try await empty.exported(as: .json) }
}

@Test func aTypeNoRepresentationExportsIsAnError() async throws {
    let error = await #expect(throws: TransferError.self) { try await pancakes.exported(as: .png) }
    #expect("\(error!)".contains("public.png"))
}

@Test func aCodableValueRoundTripsThroughItsRepresentations() async throws {
    let list = ShoppingList(items: ["eggs", "flour"])
    let data = try await list.exported(as: ShoppingList.listType)
    #expect(try await ShoppingList(importing: data, contentType: ShoppingList.listType) == list)
    #expect(try await ShoppingList(importing: Data("milk, butter".utf8), contentType: .plainText)
        == ShoppingList(items: ["milk", "butter"]))
    #expect(ShoppingList.importedContentTypes() == [ShoppingList.listType, .utf8PlainText, .plainText])
}

@Test func describeListsATransferableEntitysExportedTypes() async {
    let app = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [], entities: [RecipeEntity.self, TaskEntity.self])
    let entities = await app.describe().entities
    #expect(entities.first { $0.name == "RecipeEntity" }?.exportedContentTypes
        == ["public.rtf", "public.json", "public.utf8-plain-text", "public.plain-text"])
    #expect(entities.first { $0.name == "TaskEntity" }?.exportedContentTypes == nil)
}

@Test func exportEntityAnswersAnotherProcessWithTheEntitysData() async throws {
    let app = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [], entities: [RecipeEntity.self, TaskEntity.self],
                                   screen: AppScreen())
    let params = try JSONValue(encoding: ExportEntityParams(type: "TaskEntity", id: "roses", contentType: "public.json"))
    let notTransferable = await spotlightError { _ = try await app.handle(method: "exportEntity", params: params) }
    #expect(notTransferable?.code == .invalidInput && notTransferable?.message.contains("not Transferable") == true)
}

@Test func exportEntityNamesTheRepresentationUsedAndItsFileName() async throws {
    let app = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [], entities: [RecipeEntity.self], screen: AppScreen())
    let result = try await app.exportEntity(ExportEntityParams(type: "RecipeEntity", id: "p1", contentType: "public.text"))
    #expect(result.contentType == "public.rtf")
    #expect(result.suggestedFileName == "Pancakes.rtf")
    #expect(result.bytes.map { String(decoding: $0, as: UTF8.self) } == "{\\rtf1 Pancakes}")
    let missing = await spotlightError {
        _ = try await app.exportEntity(ExportEntityParams(type: "RecipeEntity", id: "nope", contentType: "public.rtf"))
    }
    #expect(missing?.code == .notFound)
}

/// A value imported from a file, as `FileRepresentation(importedContentType:)` hands one over.
struct ImportedNote: Transferable, Equatable {
    var text: String
    static var transferRepresentation: some TransferRepresentation {
        FileRepresentation(importedContentType: .plainText) { received in
            ImportedNote(text: try String(contentsOf: received.file, encoding: .utf8))
        }
    }
}

@Test func aFileRepresentationImportsFromATemporaryFileItRemovesAfterwards() async throws {
    let before = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter { $0.hasPrefix("transfer-") }
    #expect(try await ImportedNote(importing: Data("buy milk".utf8), contentType: .plainText) == ImportedNote(text: "buy milk"))
    let after = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter { $0.hasPrefix("transfer-") }
    #expect(Set(after).isSubset(of: Set(before)))
}
