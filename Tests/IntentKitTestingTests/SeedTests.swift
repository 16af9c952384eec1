import XCTest
@testable import IntentKitTesting

/// The seed's shapes run under XCTest against the fixture app, in an environment of their
/// own: XCTAssertEqual on properties, chaining, Spotlight, the screen and view annotations.
final class SeedTests: XCTestCase {
    static let environment = TestEnvironment(grants: [fixtureBundle])

    func testRunResultPropertyComparesInXCTAssertEqual() async throws {
        let definitions = IntentDefinitions(bundleIdentifier: fixtureBundle, environment: Self.environment)
        let result = try await definitions.intents["EchoItemIntent"].makeIntent(item: "Apple").run()
        XCTAssertEqual(try result.value.title, "Apple Pie")
        XCTAssertEqual(try result.value.stock, 3)
        XCTAssertEqual(try result.value.flavor, "sweet")
    }

    func testStringQueryResultsCompareInXCTAssertEqual() async throws {
        let items = IntentDefinitions(bundleIdentifier: fixtureBundle, environment: Self.environment).entities["ItemEntity"]
        let results = try await items.entities(matching: "Pretzel")
        XCTAssertEqual(results.count, 1)
        XCTAssertEqual(try results[0].title, "Pretzel")
    }

    func testDateResultComparesWithADate() async throws {
        let date = Date(timeIntervalSince1970: 1_780_000_000)
        let definitions = IntentDefinitions(bundleIdentifier: fixtureBundle, environment: Self.environment)
        let result = try await definitions.intents["EchoDateIntent"].makeIntent(value: date).run()
        XCTAssertEqual(Date(appValue: result.value), date)
        XCTAssertEqual(result.value, "2026-05-28T20:26:40Z")
    }

    func testOpenedItemIsOnScreenAndAnnotated() async throws {
        let definitions = IntentDefinitions(bundleIdentifier: fixtureBundle, environment: Self.environment)
        try await definitions.intents["OpenItemIntent"].makeIntent(target: "Lemon Tart").run()

        let app = XCUIApplication(bundleIdentifier: fixtureBundle, environment: Self.environment)
        XCTAssertTrue(app.staticTexts["Lemon Tart"].waitForExistence(timeout: 5))

        let annotations = try await definitions.entities["ItemEntity"].viewAnnotations()
        XCTAssertEqual(annotations.count, 1, "Expected exactly one view annotation")
        XCTAssertEqual(try annotations[0].entity.title, "Lemon Tart")
    }
}
