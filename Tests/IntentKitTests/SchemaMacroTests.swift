import Foundation
import IntentKit
import SpotlightModel
import SpotlightProtocol
import Testing

// Apple Intelligence's schema macros, as Apple's reference pages write them: the macro makes the
// type conform, its plain stored vars parameters or properties, and titles it from the schema.

@AppEnum(schema: .photos.assetType)
enum PhotoAssetType: String {
    case photo
    case video

    static let caseDisplayRepresentations: [PhotoAssetType: DisplayRepresentation] = [
        .photo: "Photo",
        .video: "Video",
    ]
}

@AppEntity(schema: .photos.asset)
struct LibraryAsset {
    static let defaultQuery = LibraryAssetQuery()

    let id: String
    var title: String?
    var isFavorite: Bool
    var assetType: PhotoAssetType?

    init(id: String, title: String?, isFavorite: Bool, assetType: PhotoAssetType?) {
        self.id = id
        self.title = title
        self.isFavorite = isFavorite
        self.assetType = assetType
    }

    var displayRepresentation: DisplayRepresentation { "\(title ?? "Untitled")" }
}

/// A schema entity without an initializer of its own, built as Apple's samples build one (its
/// identifier declared after a property, so the initializer must set it first).
@AppEntity(schema: .photos.album)
struct PhotoAlbum {
    static let defaultQuery = PhotoAlbumQuery()

    var title: String
    let id: String
    var isShared: Bool = false
    var subtitle: String?
    @ComputedProperty var isEmpty: Bool { title.isEmpty }

    var displayRepresentation: DisplayRepresentation { "\(title)" }
}

struct PhotoAlbumQuery: EntityQuery {
    func entities(for identifiers: [String]) async throws -> [PhotoAlbum] {
        identifiers.map { PhotoAlbum(title: "Album \($0)", id: $0) }
    }
}

struct LibraryAssetQuery: EntityQuery {
    func entities(for identifiers: [String]) async throws -> [LibraryAsset] {
        identifiers.map { LibraryAsset(id: $0, title: "Beach \($0)", isFavorite: true, assetType: .photo) }
    }
}

@AppIntent(schema: .photos.openAsset)
struct OpenAssetIntent: OpenIntent {
    var target: LibraryAsset

    func perform() async throws -> some IntentResult & ReturnsValue<String> {
        .result(value: target.title ?? "")
    }
}

@AssistantIntent(schema: .photos.createAssets)
struct CreateMediaAssetsIntent {
    static let title: LocalizedStringResource = "Import Photos"
    @Parameter(title: "Count") var count: Int
    var album: String

    func perform() async throws -> some IntentResult & ReturnsValue<String> { .result(value: "\(count) in \(album)") }
}

@AppIntent(schema: .journal.createEntry)
struct CreateJournalEntryIntent {
    var message: String
    func perform() async throws -> some IntentResult & ReturnsValue<String> { .result(value: message) }
}

extension CreateJournalEntryIntent {
    static var title: LocalizedStringResource { "Write in Journal" }
}

@Suite struct SchemaMacroTests {
    let app = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [OpenAssetIntent.self, CreateMediaAssetsIntent.self],
                                   entities: [LibraryAsset.self], enums: [PhotoAssetType.self])

    @Test func aSchemaTitlesTheTypesThatDeclareNoTitle() {
        #expect(LibraryAsset.typeDisplayRepresentation.name == "Asset")
        #expect(PhotoAssetType.typeDisplayRepresentation.name == "Asset Type")
        #expect(String(localized: OpenAssetIntent.title) == "Open Asset")
        #expect(String(localized: CreateMediaAssetsIntent.title) == "Import Photos", "a declared title stays")
        #expect(String(localized: CreateJournalEntryIntent.title) == "Write in Journal", "also one declared in an extension")
    }

    @Test func anIntentsPlainVarsAreParameters() async throws {
        let schema = await app.describe()
        let open = try #require(schema.intents.first { $0.name == "OpenAssetIntent" })
        #expect(open.parameters.map(\.name) == ["target"])
        let create = try #require(schema.intents.first { $0.name == "CreateMediaAssetsIntent" })
        #expect(create.parameters.map(\.name).sorted() == ["album", "count"])
        #expect(try await app.run("CreateMediaAssetsIntent", ["count": .int(3), "album": .string("Trip")]) == .value(.string("3 in Trip")))
    }

    @Test func anEntitysPlainVarsAreProperties() async throws {
        let entity = LibraryAsset(id: "7", title: "Dunes", isFavorite: true, assetType: .video)
        let record = entity.representation(bundle: testBundle)
        #expect(record.properties["isFavorite"] == .bool(true))
        #expect(record.properties["assetType"] == .enumCase("video"))
        #expect(record.properties["title"] == .string("Dunes"))
        #expect(record.properties["id"] == nil, "a let is not a property")
        let opened = try await app.run("OpenAssetIntent", ["target": .entity(EntityReference(type: "LibraryAsset", id: "4"))])
        #expect(opened == .value(.string("Beach 4")))
    }

    @Test func aSchemaEntityWithoutAnInitializerIsBuiltFromItsValues() {
        let album = PhotoAlbum(title: "Summer", id: "a1", isShared: true, subtitle: "2026")
        let record = album.representation(bundle: testBundle)
        #expect(record.properties["title"] == .string("Summer"))
        #expect(record.properties["isShared"] == .bool(true))
        #expect(record.properties["subtitle"] == .string("2026"))
        #expect(record.properties["isEmpty"] == .bool(false))
        let plain = PhotoAlbum(title: "", id: "a2")
        #expect(plain.isShared == false && plain.subtitle == nil, "an initial value and nil are the defaults")
        #expect(plain.representation(bundle: testBundle).properties["isEmpty"] == .bool(true))
    }

    @Test func anEnumConformsWithItsCases() {
        #expect(PhotoAssetType.allCases == [.photo, .video])
    }
}
