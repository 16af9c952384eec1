import Foundation
import IntentKit

/// The fixture's books, registered with `AppDependencyManager` in main.swift and read only by
/// `ShelfBookQuery`'s `@Dependency`, as Apple's `TrailEntityQuery` reads its `TrailDataManager`.
final class Shelf: Sendable {
    let titles = ["Dune", "Emma", "Middlemarch"]
}

/// A book on the shelf: an entity whose query has a `@Dependency`.
struct ShelfBookEntity: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Book"
    static let defaultQuery = ShelfBookQuery()

    let id: String
    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(id)") }
}

struct ShelfBookQuery: EntityStringQuery {
    @Dependency var shelf: Shelf

    func entities(for identifiers: [String]) async throws -> [ShelfBookEntity] {
        shelf.titles.filter(identifiers.contains).map(ShelfBookEntity.init)
    }

    func suggestedEntities() async throws -> [ShelfBookEntity] { shelf.titles.map(ShelfBookEntity.init) }

    func entities(matching string: String) async throws -> [ShelfBookEntity] {
        shelf.titles.filter { $0.localizedCaseInsensitiveContains(string) }.map(ShelfBookEntity.init)
    }
}
