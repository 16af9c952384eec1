import Foundation
import IntentKit
import SpotlightModel
import SpotlightProtocol
import Testing

// @IntentParameterDependency, as Apple's StockedSoupQuery offers only soups there are enough of.

struct StockedSoupEntity: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Soup"
    static let defaultQuery = StockedSoupQuery()
    let id: String
    let stock: Int
    var displayRepresentation: DisplayRepresentation { "\(id)" }

    static let all = [StockedSoupEntity(id: "Tomato", stock: 2), StockedSoupEntity(id: "Tomato Basil", stock: 10)]
}

struct StockedSoupQuery: EntityStringQuery {
    @IntentParameterDependency<OrderSoupByQuantityIntent>(\.$quantity) var orderSoup

    func entities(for identifiers: [String]) async throws -> [StockedSoupEntity] {
        StockedSoupEntity.all.filter { identifiers.contains($0.id) }
    }

    func entities(matching string: String) async throws -> [StockedSoupEntity] {
        guard let orderSoup else { return [] }
        return StockedSoupEntity.all.filter { $0.id.contains(string) && $0.stock >= orderSoup.quantity }
    }
}

struct OrderSoupByQuantityIntent: AppIntent {
    @Parameter(title: "Soup") var soup: StockedSoupEntity
    @Parameter(title: "Quantity", default: 1) var quantity: Int
    func perform() async throws -> some IntentResult & ReturnsValue<String> { .result(value: soup.id) }
}

private let soupShop = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [OrderSoupByQuantityIntent.self],
                                            entities: [StockedSoupEntity.self])

@Test func aQueryReadsTheParametersOfTheIntentItResolvesFor() async throws {
    let ordered = try await soupShop.run("OrderSoupByQuantityIntent", ["soup": .string("Tomato"), "quantity": .int(5)])
    #expect(ordered == .value(.string("Tomato Basil")))
}

@Test func aParameterDependencyIsNilOutsideARunOfItsIntent() async throws {
    let found = try await soupShop.entities(matching: EntitiesMatchingParams(type: "StockedSoupEntity", string: "Tomato"))
    #expect(found.entities.isEmpty)
}
