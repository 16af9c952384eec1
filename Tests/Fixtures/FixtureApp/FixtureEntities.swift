import Foundation
import IntentKit

/// A flavor: the fixture's AppEnum.
enum Flavor: String, AppEnum {
    case sweet, sour, salty
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Flavor"
    static let caseDisplayRepresentations: [Flavor: DisplayRepresentation] = [
        .sweet: "Sweet", .sour: "Sour", .salty: DisplayRepresentation(title: "Salty", subtitle: "like the sea"),
    ]
}

/// An item: the fixture's entity, with a string query and an enumerable query.
struct ItemEntity: IndexedEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Item"
    static let defaultQuery = ItemQuery()

    let id: String
    @Property(title: "Title") var title: String
    @Property(title: "Flavor") var flavor: Flavor
    @Property(title: "Stock") var stock: Int?

    init(id: String, title: String, flavor: Flavor, stock: Int?) {
        self.id = id
        self.title = title
        self.flavor = flavor
        self.stock = stock
    }

    var displayRepresentation: DisplayRepresentation {
        DisplayRepresentation(title: title, subtitle: flavor.rawValue, synonyms: ["\(title) item"])
    }

    /// The fixed items the fixture knows.
    static var all: [ItemEntity] {
        [ItemEntity(id: "apple", title: "Apple Pie", flavor: .sweet, stock: 3),
         ItemEntity(id: "lemon", title: "Lemon Tart", flavor: .sour, stock: nil),
         ItemEntity(id: "pretzel", title: "Pretzel", flavor: .salty, stock: 12)]
    }
}

struct ItemQuery: EntityStringQuery, EnumerableEntityQuery {
    func entities(for identifiers: [String]) async throws -> [ItemEntity] {
        ItemEntity.all.filter { identifiers.contains($0.id) }
    }

    func suggestedEntities() async throws -> [ItemEntity] { Array(ItemEntity.all.prefix(2)) }

    func entities(matching string: String) async throws -> [ItemEntity] {
        ItemEntity.all.filter { $0.title.localizedCaseInsensitiveContains(string) }
    }

    func allEntities() async throws -> [ItemEntity] { ItemEntity.all }
}
