import Foundation
import IntentKit
import SpotlightModel
import SpotlightProtocol
import Testing

// suggestedEntities() returning sections, as App Intents' EntityQuery may (its Result associated type).

struct ShelfSectionEntity: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Shelf book"
    static let defaultQuery = ShelfSectionQuery()
    let id: String
    var displayRepresentation: DisplayRepresentation { "\(id)" }
}

struct ShelfSectionQuery: EntityQuery {
    func entities(for identifiers: [String]) async throws -> [ShelfSectionEntity] {
        identifiers.map(ShelfSectionEntity.init)
    }

    func suggestedEntities() async throws -> ItemCollection<ShelfSectionEntity> {
        ItemCollection {
            ItemSection("Reading") {
                ShelfSectionEntity(id: "Dune")
            }
            ItemSection("Finished") {
                ShelfSectionEntity(id: "Emma")
                ShelfSectionEntity(id: "Middlemarch")
            }
        }
    }
}

@Test func suggestedEntitiesInSectionsAreSuggestedInOrder() async throws {
    let app = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [], entities: [ShelfSectionEntity.self])
    let suggested = try await app.suggestedEntities(EntityTypeParams(type: "ShelfSectionEntity"))
    #expect(suggested.entities.map(\.id) == ["Dune", "Emma", "Middlemarch"])
}
