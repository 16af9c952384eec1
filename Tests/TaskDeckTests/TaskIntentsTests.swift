import XCTest
import IntentKitTesting

// TaskDeck's intents and queries, tested the way AppIntentsTesting articles write it: a UI
// test class with the app and the definitions as stored properties, fixtures seeded in setUp.

final class TaskIntentsTests: XCTestCase {
    private let app = XCUIApplication()
    private let definitions = IntentDefinitions(bundleIdentifier: "com.example.TaskDeck")

    private var taskEntity: AppEntityDefinition { definitions.entities["TaskEntity"] }
    private var projectEntity: AppEntityDefinition { definitions.entities["ProjectEntity"] }
    private var createTask: AppIntentDefinition { definitions.intents["CreateTaskIntent"] }
    private var moveTask: AppIntentDefinition { definitions.intents["MoveTaskIntent"] }

    override func setUp() async throws {
        app.launch()
        try await definitions.intents["SeedTaskFixturesIntent"].makeIntent().run()
    }

    func testCreateTaskInAProject() async throws {
        let result = try await createTask.makeIntent(
            title: "Pack the tent",
            project: "Errands",
            priority: "high"
        ).run()

        XCTAssertEqual(try result.value.title, "Pack the tent")
        XCTAssertEqual(try result.value.priority, "high")
        XCTAssertEqual(try result.value.isDone, false)
        XCTAssertEqual(try result.value.project.name, "Errands")
        XCTAssertEqual(result.dialog, "Added Pack the tent to Errands")
    }

    func testDueDateComparesWithTheDateVariableItWasGiven() async throws {
        let due = Date().addingTimeInterval(3 * 86_400)
        let result = try await createTask.makeIntent(title: "File the expenses", project: "Inbox", dueDate: due).run()

        XCTAssertEqual(try result.value.dueDate, due)
        XCTAssertNil(try result.value.notes)
    }

    func testMoveTaskBetweenProjects() async throws {
        let created = try await createTask.makeIntent(title: "Call the plumber", project: "Inbox").run()
        XCTAssertEqual(try created.value.project.name, "Inbox")

        let moved = try await moveTask.makeIntent(task: created.value, project: "Errands").run()

        XCTAssertEqual(try moved.value.title, "Call the plumber")
        XCTAssertEqual(try moved.value.project.name, "Errands")
        let errands = try await projectEntity.entities(matching: "Errands")
        XCTAssertEqual(errands.count, 1)
        XCTAssertEqual(try errands[0].openTaskCount, 3)
    }

    func testLookUpATaskByItsIdentifier() async throws {
        let created = try await createTask.makeIntent(title: "Return library books", project: "Errands").run()
        let task: AnyAppEntity = try created.value
        let id = task.identifier.instanceIdentifier

        let reference = taskEntity.makeReference(identifier: id)
        let byReference = try await taskEntity.entities(identifiers: [reference])
        let byString = try await taskEntity.entities(identifiers: [id])

        XCTAssertEqual(byReference.count, 1)
        XCTAssertEqual(try byReference[0].title, "Return library books")
        XCTAssertEqual(byString.count, 1)
        XCTAssertEqual(byString[0].id, id)
    }

    func testReturnedIdentifierEqualsAVariable() async throws {
        let created = try await createTask.makeIntent(title: "Oil the bike chain", project: "Errands").run()
        let task: AnyAppEntity = try created.value
        let id = task.id

        XCTAssertEqual(try created.value.id, id)
        XCTAssertEqual(try created.value.title, "Oil the bike chain")
    }

    func testIdentifierReadFromAResultMakesAReference() async throws {
        let created = try await createTask.makeIntent(title: "Fix the doorbell", project: "Inbox").run()
        let taskID = try created.value.id

        let reference = taskEntity.makeReference(identifier: taskID)
        let found = try await taskEntity.entities(identifiers: [reference])

        XCTAssertEqual(try found.first?.title, "Fix the doorbell")
        XCTAssertEqual(found.first?.id, try created.value.id)
    }

    func testReferenceReadsTheEntityItNames() async throws {
        let reference = taskEntity.makeReference(identifier: "release-notes")
        XCTAssertEqual(try reference.title, "Write release notes")
        XCTAssertEqual(try reference.project.name, "Launch Prep")
    }

    func testStringQueryFindsTasksByTitle() async throws {
        let results = try await taskEntity.entities(matching: "passport")

        XCTAssertEqual(results.count, 1)
        XCTAssertEqual(try results[0].title, "Renew passport")
    }

    func testSuggestedTasksListOpenTasksFirst() async throws {
        let suggested = try await taskEntity.suggestedEntities()

        XCTAssertEqual(suggested.count, 5)
        XCTAssertEqual(try suggested.last?.title, "Water the plants")
    }

    func testCompleteTaskChainsFromTheStringQuery() async throws {
        let matches = try await taskEntity.entities(matching: "dentist")
        let task = try XCTUnwrap(matches.first)

        let completed = try await definitions.intents["CompleteTaskIntent"].makeIntent(task: task).run()

        let done: Bool = try completed.value.isDone
        XCTAssertTrue(done)
    }

    func testSearchIntentReturnsMatchingTasks() async throws {
        let search = try await definitions.intents["SearchTasksIntent"].makeIntent(query: "WRITE").run()
        let matches: [AnyAppEntity] = try search.value

        XCTAssertEqual(matches.count, 1)
        XCTAssertEqual(try matches[0].title, "Write release notes")

        let none = try await definitions.intents["SearchTasksIntent"].makeIntent(query: "not-a-task-9c17").run()
        let absent: [AnyAppEntity] = try none.value
        XCTAssertTrue(absent.isEmpty)
    }

    func testSetParametersByNameThenRun() async throws {
        var intent = createTask.makeIntent()
        intent.title = "Sharpen pencils"
        intent.project = "Launch Prep"

        let result = try await intent.run()

        XCTAssertEqual(try result.value.project.name, "Launch Prep")
    }

    func testEmptyTitleIsRefusedWithTheAppsOwnMessage() async throws {
        do {
            try await createTask.makeIntent(title: "   ", project: "Inbox").run()
            XCTFail("an empty title was accepted")
        } catch {
            XCTAssertEqual(error.localizedDescription, "任务标题不能为空")
            XCTAssertFalse(error is SpotlightError, "the app's error, not the harness's")
        }
        let all = try await taskEntity.allEntities()
        XCTAssertEqual(all.count, 5, "nothing was created")
    }

    func testMovingIntoTheSameProjectIsRefused() async throws {
        let task = taskEntity.makeReference(identifier: "oat-milk")
        do {
            try await moveTask.makeIntent(task: task, project: "Errands").run()
            XCTFail("moved into the project it is in")
        } catch let error as AppIntentError {
            XCTAssertEqual(error.typeName, "TaskError")
            XCTAssertEqual(error.caseName, "alreadyInProject")
            XCTAssertEqual(error.localizedDescription, "任务已经在“Errands”里了")
        }
    }
}
