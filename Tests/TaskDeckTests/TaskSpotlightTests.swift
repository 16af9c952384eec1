import XCTest
import IntentKitTesting

// What TaskDeck donates to Spotlight, written as the talk writes its Spotlight test.

final class TaskSpotlightTests: XCTestCase {
    let definitions = IntentDefinitions(bundleIdentifier: "com.example.TaskDeck")
    var taskEntityDefinition: AppEntityDefinition { definitions.entities["TaskEntity"] }
    var createTaskDefinition: AppIntentDefinition { definitions.intents["CreateTaskIntent"] }

    override func setUp() async throws {
        try await definitions.intents["SeedTaskFixturesIntent"].makeIntent().run()
    }

    func testNewTaskIndexedInSpotlight() async throws {
        let before = try await taskEntityDefinition.spotlightQuery("Pack the tent")
        XCTAssertTrue(before.isEmpty, "Task should not exist in Spotlight yet")

        try await createTaskDefinition.makeIntent(title: "Pack the tent", project: "Errands").run()

        let after = try await taskEntityDefinition.spotlightQuery("Pack the tent")
        XCTAssertEqual(after.count, 1)
        XCTAssertEqual(try after[0].title, "Pack the tent")
    }

    func testMovedTaskIsFoundUnderItsNewProject() async throws {
        let task = taskEntityDefinition.makeReference(identifier: "dentist")
        let before = try await taskEntityDefinition.spotlightQuery("dentist launch")
        XCTAssertTrue(before.isEmpty)

        try await definitions.intents["MoveTaskIntent"].makeIntent(task: task, project: "Launch Prep").run()

        let found = try await taskEntityDefinition.spotlightQuery("dentist launch")
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(try found[0].title, "Book dentist")
    }

    func testDeletedTaskLeavesSpotlight() async throws {
        let before = try await taskEntityDefinition.spotlightQuery("Renew passport")
        XCTAssertEqual(before.count, 1)

        let matches = try await taskEntityDefinition.entities(matching: "passport")
        let task = try XCTUnwrap(matches.first)
        try await definitions.intents["DeleteTaskIntent"].makeIntent(task: task).run()

        let after = try await taskEntityDefinition.spotlightQuery("Renew passport")
        XCTAssertTrue(after.isEmpty)
    }

    func testNotesAreIndexedAsTheTasksDescription() async throws {
        let found = try await taskEntityDefinition.spotlightQuery("spotlight support")

        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(try found[0].title, "Write release notes")
        XCTAssertEqual(try found[0].subtitle, "Mention the new Spotlight support")
    }

    func testEveryFixtureTaskIsIndexed() async throws {
        let indexed = try await taskEntityDefinition.spotlightQuery(nil)
        XCTAssertEqual(indexed.count, 5)
    }
}
