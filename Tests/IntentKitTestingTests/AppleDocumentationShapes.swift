import Foundation
import XCTest
import IntentKitTesting

// The snippets of Apple's AppIntentsTesting documentation (IntentDefinitions, AnyAppIntent,
// ResolvedIntentResult, DynamicPropertyPath, AnyAppEntity) and of published test code, as
// written there but for the import. Never called: they show the shapes compile; the tests
// beside them run the same shapes against the fixture app.

private func documentationSnippets() async throws {
    let definitions = IntentDefinitions(
        bundleIdentifier: "com.apple.example"
    )

    let order = definitions.intents["OrderCoffeeIntent"]
        .makeIntent(size: "large")
    let entity = definitions.entities["CoffeeEntity"]
        .makeReference(identifier: "latte-123")
    let enumCase = definitions.enums["CoffeeSizeEnum"]
        .makeCase("large")
    _ = (order, entity, enumCase)

    // AnyAppIntent: setting and reading parameters, then performing it.
    var intent = definitions.intents["CreateNote"]
        .makeIntent()
    intent.title = "Meeting Notes"
    intent.priority = 5
    intent.isUrgent = true
    let title: String? = try intent.title
    let result = try await intent.run()
    _ = title

    // ResolvedIntentResult.
    XCTAssertEqual(try result.value, "Hello World")
    let name: String = try result.value.customerName
    var intent2 = definitions.intents["PayCoffeeIntent"].makeIntent()
    intent2.coffee = try result.value
    _ = result.value == nil
    let pay = definitions.intents["PayCoffeeIntent"].makeIntent(coffee: result.value)
    _ = (name, pay)

    // DynamicPropertyPath.
    let coffeeEntity = definitions.entities["CoffeeEntity"]
    let coffee: AnyAppEntity = try result.value.as(coffeeEntity)
    _ = try result.value.as(String.self) == "My Name"
    let profileName: String = try coffee.profile.name
    let firstTag: String = try coffee.tags[0]
    if try coffee.profile.name == "John Doe" {
        print("User found")
    }
    _ = (profileName, firstTag)

    // AnyAppEntity.
    let exampleEntity = definitions.entities["ExampleEntity"]
    let example = exampleEntity.makeReference(identifier: "my-example")
    let exampleName: String? = try example.name
    let itemCount: Int? = try example.itemCount
    _ = (exampleName, itemCount, example.identifier.instanceIdentifier)
}

/// Published test code (a generated AppIntentsTesting test of a task app), but for the import.
final class PublishedTaskFlowShapes: XCTestCase {
    @MainActor func createCompleteAndSearchThroughSystem() async throws {
        let app = XCUIApplication(bundleIdentifier: "com.example.TaskFlow")
        app.launchArguments = ["--test-store", UUID().uuidString]
        app.launch()
        defer { app.terminate() }
        let definitions = IntentDefinitions(bundleIdentifier: "com.example.TaskFlow")
        let created = try await definitions.intents["CreateTaskIntent"]
            .makeIntent(title: "Orchid launch").run()
        let entity: AnyAppEntity = try created.value
        let title: String = try entity.title
        XCTAssertEqual(title, "Orchid launch")
        let completed = try await definitions.intents["CompleteTaskIntent"]
            .makeIntent(task: entity).run()
        let done: Bool = try completed.value.isCompleted
        XCTAssertTrue(done)
        let search = try await definitions.intents["SearchTasksIntent"]
            .makeIntent(query: "ORCHID").run()
        let matches: [AnyAppEntity] = try search.value
        XCTAssertEqual(matches.count, 1)
        let match = try XCTUnwrap(matches.first)
        let matchTitle: String = try match.title
        XCTAssertEqual(matchTitle, "Orchid launch")
        let found = try await definitions.entities["TaskEntity"].entities(identifiers: [entity.identifier.instanceIdentifier])
        XCTAssertEqual(try found.first?.title, "Orchid launch")
    }

    @MainActor func setUpShape() async throws {
        let app = XCUIApplication()
        if app.state == .runningForeground || app.state == .runningBackground {
            app.activate()
        } else {
            app.launch()
        }
        let definitions = IntentDefinitions(bundleIdentifier: "com.example.MyApp")
        let entity = try await definitions.entities["TodoAppEntity"].suggestedEntities().first!
        let result = try await definitions.intents["ToggleTodoCompletionIntent"]
            .makeIntent(todo: entity)
            .run()
        let title: String = try result.value.title
        _ = title
    }
}

/// Assertions the way articles about AppIntentsTesting write them; compile-only.
private func articleAssertionShapes(_ results: [AnyAppEntity], _ result: ResolvedIntentResult, id: String,
                                    count: Int, tags: [String], due: Date?) throws {
    XCTAssertEqual(try results.map { try $0.title }, ["Buy oat milk", "Book dentist"])
    XCTAssertEqual(try results.first?.project.name, "Errands")
    XCTAssertTrue(try results.contains { try $0.title == "Book dentist" })
    XCTAssertGreaterThan(results.count, 0)
    XCTAssertGreaterThan(try result.value.openTaskCount, count)
    XCTAssertEqual(try result.value.tags, tags)
    XCTAssertEqual(try result.value.tags, ["shopping"])
    XCTAssertEqual(try result.value.dueDate, due)
    XCTAssertTrue(try result.value.isDone)
    XCTAssertFalse(try result.value.isDone)
    XCTAssertEqual(result.value, id)
    XCTAssertNotEqual(try result.value.id, id)
    XCTAssertNil(try result.value.notes)
    XCTAssertEqual(try result.value.priority, "high")
    let titles: [String] = try results.map { try $0.title }
    let first = try XCTUnwrap(results.first)
    let stock: Int = try first.stock
    _ = (titles, stock)
}
