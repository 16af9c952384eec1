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

/// Items export as a label (JSON) and as their title, as App Intents samples make entities Transferable.
extension ItemEntity: Transferable {
    static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(exportedContentType: .json) { item in
            Data(#"{"title":"\#(item.title)","flavor":"\#(item.flavor.rawValue)"}"#.utf8)
        }
        .suggestedFileName { "\($0.id).json" }
        ProxyRepresentation(exporting: \.title)
    }
}

/// What a property query of items compares, as the fixture maps its comparisons.
enum ItemFilter: Sendable {
    case titleContains(String), titleIs(String), flavorIs(Flavor)
    case stockAbove(Int?), stockBelow(Int?), stockBetween(Int?, Int?)

    func matches(_ item: ItemEntity) -> Bool {
        switch self {
        case .titleContains(let text): return item.title.localizedCaseInsensitiveContains(text)
        case .titleIs(let text): return item.title == text
        case .flavorIs(let flavor): return item.flavor == flavor
        case .stockAbove(let n): return (item.stock ?? 0) > (n ?? 0)
        case .stockBelow(let n): return (item.stock ?? 0) < (n ?? 0)
        case .stockBetween(let low, let high): return ((low ?? 0)...(high ?? 0)).contains(item.stock ?? 0)
        }
    }
}

struct ItemQuery: EntityStringQuery, EnumerableEntityQuery, EntityPropertyQuery {
    func entities(for identifiers: [String]) async throws -> [ItemEntity] {
        ItemEntity.all.filter { identifiers.contains($0.id) }
    }

    func suggestedEntities() async throws -> [ItemEntity] { Array(ItemEntity.all.prefix(2)) }

    func entities(matching string: String) async throws -> [ItemEntity] {
        ItemEntity.all.filter { $0.title.localizedCaseInsensitiveContains(string) }
    }

    func allEntities() async throws -> [ItemEntity] { ItemEntity.all }

    // Key paths without the entity type, as Apple's EntityPropertyQuery documentation writes
    // them; `\ItemEntity.$flavor` shows the spelled-out form mixes with them.
    static let properties = QueryProperties {
        Property(\.$title) {
            ContainsComparator { ItemFilter.titleContains($0) }
            EqualToComparator { .titleIs($0) }
        }
        Property(\ItemEntity.$flavor) {
            EqualToComparator { ItemFilter.flavorIs($0) }
        }
        Property(\.$stock) {
            GreaterThanComparator { ItemFilter.stockAbove($0) }
            LessThanComparator { ItemFilter.stockBelow($0) }
            IsBetweenComparator { ItemFilter.stockBetween($0, $1) }
        }
    }

    static let sortingOptions = SortingOptions {
        SortableBy(\.$title)
        SortableBy(\.$stock)
    }

    func entities(matching comparators: [ItemFilter], mode: ComparatorMode, sortedBy: [Sort<ItemEntity>],
                  limit: Int?) async throws -> [ItemEntity] {
        var found = ItemEntity.all.filter { item in
            mode == .and ? comparators.allSatisfy { $0.matches(item) } : comparators.contains { $0.matches(item) }
        }
        for sort in sortedBy.reversed() {
            let ascending = sort.order == .ascending
            if sort.by == \ItemEntity.$title {
                found.sort { ascending ? $0.title < $1.title : $0.title > $1.title }
            } else if sort.by == \ItemEntity.$stock {
                found.sort { ascending ? ($0.stock ?? 0) < ($1.stock ?? 0) : ($0.stock ?? 0) > ($1.stock ?? 0) }
            }
        }
        return Array(found.prefix(limit ?? found.count))
    }
}
