import Foundation
import IntentKit
import SpotlightKit
import SpotlightModel
import SpotlightProtocol
import Testing

// App Intents 2025's @ComputedProperty, as Apple's reference writes it: an entity's computed
// property is one of its properties.

struct KitchenMenu: Sendable {
    var dishes: [String]
}

struct RestaurantEntity: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Restaurant"
    static let defaultQuery = RestaurantQuery()

    let id: String
    var model: KitchenMenu
    @Property(title: "Name") var name: String

    @ComputedProperty(title: "Menu")
    var menuItems: [String] {
        model.dishes
    }

    @ComputedProperty var dishCount: Int { model.dishes.count }

    @DeferredProperty(title: "Reviews")
    var reviews: [String] {
        get async throws {
            if id == "closed" { throw ReviewsUnavailable() }
            return await ReviewDesk.shared.reviews(for: id)
        }
    }

    @DeferredProperty var openingHours: String { get async { "9-17" } }

    init(id: String, name: String, dishes: [String]) {
        self.id = id
        self.model = KitchenMenu(dishes: dishes)
        self.name = name
    }

    var displayRepresentation: DisplayRepresentation { "\(name)" }
}

/// A donated entity whose computed properties map to Spotlight attributes, as Apple's 2025
/// samples write them.
struct MenuCardEntity: IndexedEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Menu Card"
    static let defaultQuery = MenuCardQuery()
    let id: String
    var dishes: [String]

    @ComputedProperty(indexingKey: \.contentDescription)
    var summary: String { dishes.joined(separator: ", ") }

    @ComputedProperty(title: "Cuisine", customIndexingKey: CSCustomAttributeKey(keyName: "cuisine")!)
    var cuisine: String { dishes.contains("tart") ? "French" : "Other" }

    var displayRepresentation: DisplayRepresentation { "Card \(id)" }
}

struct MenuCardQuery: EntityQuery {
    func entities(for identifiers: [String]) async throws -> [MenuCardEntity] { [] }
}

struct ReviewsUnavailable: Error, CustomStringConvertible {
    var description: String { "the review service is down" }
}

actor ReviewDesk {
    static let shared = ReviewDesk()
    private(set) var asked = 0

    func reviews(for id: String) -> [String] {
        asked += 1
        return ["\(id) is good"]
    }
}

struct RestaurantQuery: EntityQuery {
    func entities(for identifiers: [String]) async throws -> [RestaurantEntity] {
        identifiers.map { RestaurantEntity(id: $0, name: "Chez \($0)", dishes: ["soup", "tart"]) }
    }

    func suggestedEntities() async throws -> [RestaurantEntity] { try await entities(for: ["1"]) }
}

@Suite struct ComputedPropertyTests {
    @Test func aComputedPropertyWithAnIndexingKeyIsDonatedAsThatAttribute() {
        let record = MenuCardEntity(id: "7", dishes: ["soup", "tart"]).record(bundle: testBundle)
        #expect(record.subtitle == "soup, tart", "contentDescription is the subtitle")
        #expect(record.properties["summary"] == .string("soup, tart"), "the property keeps its own name too")
        #expect(record.properties["cuisine"] == .string("French"))
    }

    @Test func aComputedPropertyIsInTheEntitysRecord() {
        let record = RestaurantEntity(id: "r1", name: "Luna", dishes: ["pho", "banh mi", "tea"]).representation(bundle: testBundle)
        #expect(record.properties["menuItems"] == .array([.string("pho"), .string("banh mi"), .string("tea")]))
        #expect(record.properties["dishCount"] == .int(3))
        #expect(record.properties["name"] == .string("Luna"))
        #expect(record.properties["model"] == nil, "a plain stored property is not an entity property")
    }

    @Test func aComputedPropertyIsDescribedWithItsTitle() async throws {
        let app = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [], entities: [RestaurantEntity.self])
        let schema = try #require(await app.describe().entities.first { $0.name == "RestaurantEntity" })
        #expect(schema.properties.map(\.name) == ["name", "menuItems", "dishCount", "reviews", "openingHours"])
        #expect(schema.properties.first { $0.name == "reviews" }?.title == "Reviews")
        #expect(schema.properties.first { $0.name == "menuItems" }?.title == "Menu")
        #expect(schema.properties.first { $0.name == "menuItems" }?.type == .array(.string))
        #expect(schema.properties.first { $0.name == "dishCount" }?.type == .int)
    }

    @Test func aQuerysEntitiesCarryTheirComputedValues() async throws {
        let app = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [], entities: [RestaurantEntity.self])
        let found = try await app.entities(for: EntitiesForParams(type: "RestaurantEntity", ids: ["7"])).entities
        #expect(found.first?.properties["dishCount"] == .int(2))
        #expect(found.first?.properties["menuItems"] == .array([.string("soup"), .string("tart")]))
    }

    @Test func aDeferredPropertyIsLeftOutOfTheRecordUntilACallerAsks() async throws {
        let record = RestaurantEntity(id: "r3", name: "Mar", dishes: []).representation(bundle: testBundle)
        #expect(record.properties["reviews"] == nil && record.properties["openingHours"] == nil)
        let app = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [], entities: [RestaurantEntity.self])
        let found = try await app.entities(for: EntitiesForParams(type: "RestaurantEntity", ids: ["9"])).entities
        #expect(found.first?.properties["reviews"] == .array([.string("9 is good")]))
        #expect(found.first?.properties["openingHours"] == .string("9-17"))
    }

    @Test func aDeferredPropertyThatThrowsFailsTheQueryNamingIt() async throws {
        let app = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [], entities: [RestaurantEntity.self])
        let error = await spotlightError {
            _ = try await app.entities(for: EntitiesForParams(type: "RestaurantEntity", ids: ["closed"]))
        }
        #expect(error?.message.contains("RestaurantEntity.reviews") == true)
        #expect(error?.message.contains("the review service is down") == true)
    }

    @Test func theProjectedValueIsThePropertyForPropertyQueries() {
        let entity = RestaurantEntity(id: "r2", name: "Sol", dishes: [])
        #expect(entity.$dishCount.title == "")
        #expect(entity.$menuItems.title == "Menu")
    }
}
