import Foundation
import Testing
import IntentKitTesting

// The app's EntityPropertyQuery, run from the test process.

@Test func propertyQueryMatchesAComparison() async throws {
    let found = try await items.entities(matching: [.contains("title", "tart")])
    #expect(found.map(\.id) == ["lemon"])
}

@Test func propertyQueryModeAndRequiresEveryComparisonAndOrAny() async throws {
    let both = try await items.entities(matching: [.greaterThan("stock", 2), .equalTo("flavor", "sweet")], mode: .and)
    let either = try await items.entities(matching: [.greaterThan("stock", 10), .equalTo("flavor", "sweet")], mode: .or,
                                          sortedBy: [.ascending("title")])
    #expect(both.map(\.id) == ["apple"])
    #expect(either.map(\.id) == ["apple", "pretzel"])
}

@Test func propertyQuerySortsAndLimits() async throws {
    let found = try await items.entities(matching: [.isBetween("stock", 0, 100)], sortedBy: [.descending("stock")], limit: 2)
    #expect(found.map(\.id) == ["pretzel", "apple"])
}

@Test func propertyQueryOnAnUndeclaredPropertyNamesThoseThatExist() async {
    let message = await errorMessage { _ = try await items.entities(matching: [.equalTo("colour", "red")]) }
    #expect(message.contains("no property 'colour'"))
    #expect(message.contains("title, flavor, stock"))
}

@Test func propertyQueryWithAComparatorThePropertyLacksListsItsComparators() async {
    let message = await errorMessage { _ = try await items.entities(matching: [.hasPrefix("stock", 3)]) }
    #expect(message.contains("no comparator 'hasPrefix'"))
    #expect(message.contains("greaterThan, lessThan, isBetween"))
}

@Test func schemaListsTheQueryableProperties() async throws {
    let schema = try await fixture.schema()
    let query = try #require(schema.entities.first { $0.name == "ItemEntity" }?.propertyQuery)
    #expect(query.properties.map(\.name) == ["title", "flavor", "stock"])
    #expect(query.sortableBy == ["title", "stock"])
}

// The fixture's ItemQuery declares `Property(\.$title)`, `Property(\.$stock)`, `SortableBy(\.$title)`
// and `SortableBy(\.$stock)` without the entity type, as Apple's documentation writes them.
@Test func propertyQueryWrittenWithoutTheEntityTypeMatchesAndSortsByThoseProperties() async throws {
    let byTitle = try await items.entities(matching: [.equalTo("title", "Lemon Tart"), .greaterThan("stock", 5)], mode: .or,
                                           sortedBy: [.descending("title")])
    let byStock = try await items.entities(matching: [.contains("title", "a")], sortedBy: [.descending("stock")])
    #expect(byTitle.map(\.id) == ["pretzel", "lemon"])
    #expect(byStock.map(\.id) == ["apple", "lemon"])
}
