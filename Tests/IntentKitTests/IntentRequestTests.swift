import Foundation
import IntentKit
import SpotlightModel
import SpotlightProtocol
import Testing

// Apple's ways of asking the person mid-intent. No one can answer on Linux: asking for a value
// fails naming the parameter, and a confirmation is given.

struct TitleBookIntent: AppIntent {
    @Parameter(title: "Title") var bookTitle: String
    func perform() async throws -> some IntentResult & ReturnsValue<String> {
        guard !bookTitle.isEmpty else { throw $bookTitle.needsValueError("What's the title of the book?") }
        return .result(value: bookTitle)
    }
}

struct PickTaskIntent: AppIntent {
    @Parameter(title: "Task") var task: TaskEntity?
    func perform() async throws -> some IntentResult & ReturnsValue<String> {
        let chosen: TaskEntity
        if let task { chosen = task } else { chosen = try await $task.requestValue("Which task?") }
        return .result(value: chosen.title)
    }
}

/// `requestValue` on an optional parameter, its value's type inferred as Apple's samples write it.
struct RenameBookIntent: AppIntent {
    @Parameter(title: "New title") var newTitle: String?
    func perform() async throws -> some IntentResult & ReturnsValue<String> {
        let title = try await $newTitle.requestValue("What's the new title?")
        return .result(value: title.uppercased())   // compiles only if `title` is the unwrapped String
    }
}

struct DeleteTaskIntent: AppIntent {
    @Parameter(title: "Task") var task: TaskEntity
    func perform() async throws -> some IntentResult & ProvidesDialog {
        try await requestConfirmation(result: .result(dialog: "Delete \(task.title)?"), confirmationActionName: .go)
        try await requestConfirmation(actionName: .custom(acceptLabel: "Delete", denyLabel: "Keep", destructive: true),
                                      dialog: "Really?")
        guard try await $task.requestConfirmation(for: task, dialog: "This one?") else { return .result(dialog: "Kept") }
        return .result(dialog: "Deleted \(task.title)")
    }
}

private func makeRequestsDispatcher() -> AppServiceDispatcher {
    AppServiceDispatcher(bundleIdentifier: testBundle,
                         intents: [TitleBookIntent.self, PickTaskIntent.self, RenameBookIntent.self, DeleteTaskIntent.self],
                         entities: [TaskEntity.self])
}

/// The `invalidInput` message of a run that asked for a value; nil if the run did not fail that way.
private func needsValueMessage(_ intent: String, _ arguments: [String: PropertyValue] = [:]) async -> String? {
    let error = await spotlightError { _ = try await makeRequestsDispatcher().run(intent, arguments) }
    return error?.code == .invalidInput ? error?.message : nil
}

@Test func needsValueErrorFailsTheRunNamingTheParameterAndTheDialog() async {
    #expect(await needsValueMessage("TitleBookIntent", ["bookTitle": .string("")])
        == "TitleBookIntent, parameter 'bookTitle' (string) needs a value: What's the title of the book?")
}

@Test func requestValueOnAnOptionalParameterFailsNamingTheParameter() async {
    #expect(await needsValueMessage("PickTaskIntent") == "PickTaskIntent, parameter 'task' (entity:TaskEntity) needs a value: Which task?")
}

@Test func requestValueOnAnOptionalParameterGivesTheUnwrappedTypeWithoutAnAnnotation() async {
    #expect(await needsValueMessage("RenameBookIntent") == "RenameBookIntent, parameter 'newTitle' (string) needs a value: What's the new title?")
}

@Test func requestConfirmationIsGivenWithoutAsking() async throws {
    let result = try await makeRequestsDispatcher().runIntent(
        RunIntentParams(intent: "DeleteTaskIntent", arguments: ["task": .string("milk")]))
    #expect(result.dialog == "Deleted Buy milk")
}
