import Foundation
import Testing
@testable import IntentKitTesting

// The XCUIApplication analog: launch, terminate, the text on the app's screen.

@Suite(.serialized) struct ScreenTests {
    let environment = privateEnvironment()
    var definitions: IntentDefinitions { IntentDefinitions(bundleIdentifier: fixtureBundle, environment: environment) }
    var app: XCUIApplication { XCUIApplication(bundleIdentifier: fixtureBundle, environment: environment) }

    @Test func textOnTheScreenExists() async throws {
        defer { environment.shutdown() }
        try await definitions.intents["OpenItemIntent"].makeIntent(target: "Pretzel").run()
        #expect(app.staticTexts["Pretzel"].waitForExistence(timeout: 5))
        #expect(app.staticTexts["Flavor: salty"].exists)
    }

    @Test func anIntentWithoutPerformShowsWhatTheAppsHandlerShows() async throws {
        defer { environment.shutdown() }
        try await definitions.intents["ShowItemIntent"].makeIntent(item: "Lemon Tart").run()
        #expect(try app.screenLines() == ["Showing Lemon Tart"])
        let annotations = try await definitions.entities["ItemEntity"].viewAnnotations()
        #expect(annotations.count == 1 && annotations.first?.isSelected == true)
    }

    @Test func theScreensTextsAreCountedAndReadInOrder() async throws {
        defer { environment.shutdown() }
        try await definitions.intents["OpenItemIntent"].makeIntent(target: "Pretzel").run()
        #expect(app.staticTexts["Pretzel"].waitForExistence(timeout: 5))
        let lines = try app.screenLines()
        #expect(lines.count == 2)   // "Pretzel", "Flavor: salty"
        #expect(app.staticTexts.count == lines.count)
        #expect(app.staticTexts.element(boundBy: 0).label == lines[0])
        #expect(app.staticTexts.allElementsBoundByIndex.map(\.label) == lines)
        #expect(!app.staticTexts.element(boundBy: lines.count).exists)
    }

    @Test func matchingCountsTheTextsContainingAnIdentifier() async throws {
        defer { environment.shutdown() }
        try await definitions.intents["OpenItemIntent"].makeIntent(target: "Pretzel").run()
        #expect(app.staticTexts["Pretzel"].waitForExistence(timeout: 5))
        #expect(app.staticTexts.matching(identifier: "Flavor: salty").count == 1)
        #expect(app.staticTexts.matching(identifier: "Flavor: salty").firstMatch.label == "Flavor: salty")
        #expect(app.staticTexts.matching(identifier: "Quasar").count == 0)
        #expect(!app.staticTexts.matching(identifier: "Quasar").firstMatch.exists)
    }

    @Test func aTextFoundByPartOfItsLineIsLabelledWithTheWholeLine() async throws {
        defer { environment.shutdown() }
        try await definitions.intents["OpenItemIntent"].makeIntent(target: "Pretzel").run()
        #expect(app.staticTexts["salty"].waitForExistence(timeout: 5))
        #expect(app.staticTexts["salty"].label == "Flavor: salty")
        #expect(app.staticTexts["Quasar"].label == "", "no line holds it")
    }

    @Test func textNotOnTheScreenDoesNotAppear() async throws {
        defer { environment.shutdown() }
        try await definitions.launch()
        #expect(!app.staticTexts["Quasar"].waitForExistence(timeout: 0.3))
    }

    @Test func launchStartsTheAppOnItsFirstScreen() async throws {
        defer { environment.shutdown() }
        try await definitions.intents["OpenItemIntent"].makeIntent(target: "Pretzel").run()
        app.launch()
        #expect(app.isRunning)
        #expect(try app.screenLines().first == "Items")
    }

    @Test func terminateStopsTheApp() async throws {
        defer { environment.shutdown() }
        try await definitions.launch()
        let pid = try #require(try await environment.session(for: fixtureBundle).launcher.pid)
        app.terminate()
        #expect(!app.isRunning)
        #expect(!processExists(pid))
        #expect(!app.staticTexts["Items"].exists)
    }

    @Test func launchFailureIsRecordedAsATestFailure() {
        let missing = XCUIApplication(bundleIdentifier: "com.example.NeverRegistered", environment: environment)
        withKnownIssue { missing.launch() }
    }
}
