import XCTest
import IntentKitTesting

// TaskDeck's screen and view annotations.

final class TaskScreenTests: XCTestCase {
    private let app = XCUIApplication()
    private let definitions = IntentDefinitions(bundleIdentifier: "com.example.TaskDeck")

    override func setUp() async throws {
        app.launch()
        try await definitions.intents["SeedTaskFixturesIntent"].makeIntent().run()
    }

    func testTaskViewAnnotation() async throws {
        try await definitions.intents["OpenTaskIntent"].makeIntent(target: "Write release notes").run()

        // Confirm correct task page
        let title = app.staticTexts["Write release notes"]
        XCTAssertTrue(title.waitForExistence(timeout: 5))
        XCTAssertTrue(app.staticTexts["Project: Launch Prep"].exists)

        let annotations = try await definitions.entities["TaskEntity"].viewAnnotations()

        XCTAssertEqual(annotations.count, 1, "Expected exactly one view annotation")
        XCTAssertEqual(try annotations[0].entity.title, "Write release notes")
        XCTAssertTrue(annotations[0].isSelected)
    }

    func testInboxAnnotatesEveryOpenTask() async throws {
        XCTAssertTrue(app.staticTexts["Inbox"].waitForExistence(timeout: 5))

        let annotations = try await definitions.entities["TaskEntity"].viewAnnotations()

        XCTAssertEqual(annotations.count, 4)
        XCTAssertFalse(annotations.contains { $0.isSelected })
    }
}
