import Foundation
import IntentKit
import SpotlightModel
import SpotlightProtocol
import Synchronization
import Testing

// App Intents 2025's TargetContentProvidingIntent, as Apple's Landmarks sample writes its open
// intent: no perform(); the app handles it where SwiftUI's onAppIntentExecution would.

struct OpenPlannedTaskIntent: OpenIntent, TargetContentProvidingIntent {
    static let title: LocalizedStringResource = "Open Task"
    @Parameter(title: "Task") var target: TaskEntity
}

struct ShowTaskListIntent: TargetContentProvidingIntent {
    static let title: LocalizedStringResource = "Show Task List"
    @Parameter(title: "Filter") var filter: String?
    var contentIdentifier: String { "task-list" }
}

/// Its app registers no handler.
struct OpenUnhandledTaskIntent: OpenIntent, TargetContentProvidingIntent {
    static let title: LocalizedStringResource = "Open Unhandled Task"
    @Parameter(title: "Task") var target: TaskEntity
}

let openedByHandler = Mutex<[String]>([])

private func registerHandlers() {
    AppScreen.shared.onAppIntentExecution(OpenPlannedTaskIntent.self) { intent in
        openedByHandler.withLock { $0.append("open \(intent.target.id)") }
    }
    AppScreen.shared.onAppIntentExecution(ShowTaskListIntent.self) { intent in
        openedByHandler.withLock { $0.append("\(intent.contentIdentifier) \(intent.filter ?? "all")") }
    }
}

private let registered: Void = registerHandlers()

private func targetDispatcher() -> AppServiceDispatcher {
    _ = registered
    return AppServiceDispatcher(bundleIdentifier: testBundle,
                                intents: [OpenPlannedTaskIntent.self, ShowTaskListIntent.self, OpenUnhandledTaskIntent.self],
                                entities: [TaskEntity.self])
}

@Test func openingAnEntityRunsTheHandlerTheAppRegistered() async throws {
    let result = try await targetDispatcher().openEntity(EntityReference(type: "TaskEntity", id: "roses"))
    #expect(result.intent == "OpenPlannedTaskIntent")
    #expect(openedByHandler.withLock { $0 }.contains("open roses"))
}

@Test func anIntentWithoutPerformRunsItsHandlerWithItsParameters() async throws {
    _ = try await targetDispatcher().run("ShowTaskListIntent", ["filter": .string("garden")])
    #expect(openedByHandler.withLock { $0 }.contains("task-list garden"))
}

@Test func anIntentWithoutPerformOrHandlerFailsSayingHowToRegisterOne() async throws {
    let error = await spotlightError {
        _ = try await targetDispatcher().run("OpenUnhandledTaskIntent", ["target": .string("roses")])
    }
    #expect(error?.message.contains("AppScreen.shared.onAppIntentExecution(OpenUnhandledTaskIntent.self)") == true,
            "\(String(describing: error))")
}

@Test func contentIdentifierIsTheTypeNameUnlessTheIntentSaysOtherwise() {
    #expect(OpenPlannedTaskIntent().contentIdentifier == "OpenPlannedTaskIntent")
    #expect(ShowTaskListIntent().contentIdentifier == "task-list")
}
