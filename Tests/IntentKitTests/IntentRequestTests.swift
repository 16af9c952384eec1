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

/// `requestDisambiguation` on an optional parameter, among and giving unwrapped entities as Apple's does.
struct ChooseTaskIntent: AppIntent {
    @Parameter(title: "Task") var task: TaskEntity?
    func perform() async throws -> some IntentResult & ReturnsValue<String> {
        let matches: [TaskEntity] = try await TaskEntity.defaultQuery.suggestedEntities()
        let chosen = try await $task.requestDisambiguation(among: matches, dialog: "Which of these?")
        return .result(value: chosen.title)   // compiles only if `chosen` is the unwrapped TaskEntity
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

/// Apple's `requestChoice`, as the App Intents 2025 travel sample's `RemoveCollectionIntent` writes it.
struct ArchiveOrDeleteTaskIntent: AppIntent {
    @Parameter(title: "Task") var task: TaskEntity
    func perform() async throws -> some IntentResult & ReturnsValue<String> {
        let archive = Option(title: "Archive", style: .default)
        let delete = Option(title: "Delete", style: .destructive)
        let choice = try await requestChoice(between: [.cancel, archive, delete], dialog: "Archive or delete \(task.title)?")
        switch choice {
        case archive: return .result(value: "archived")
        case delete: return .result(value: "deleted")
        default: return .result(value: "kept")
        }
    }
}

/// iOS 18's form with `conditions:`, as Apple's documentation and tutorials write it.
struct SaveImageIntent: AppIntent {
    func perform() async throws -> some IntentResult & ProvidesDialog {
        try await requestConfirmation(conditions: [], actionName: .`continue`, dialog: "Do you want to save this image?")
        try await requestConfirmation(conditions: .lowConfidenceSource, actionName: .set, dialog: "Really?")
        return .result(dialog: "Saved")
    }
}

private func makeRequestsDispatcher() -> AppServiceDispatcher {
    AppServiceDispatcher(bundleIdentifier: testBundle,
                         intents: [TitleBookIntent.self, PickTaskIntent.self, RenameBookIntent.self, ChooseTaskIntent.self,
                                   DeleteTaskIntent.self, ArchiveOrDeleteTaskIntent.self, SaveImageIntent.self],
                         entities: [TaskEntity.self])
}

/// The `invalidInput` message of a run that asked the person something; nil if the run did not fail that way.
private func askingMessage(_ intent: String, _ arguments: [String: PropertyValue] = [:]) async -> String? {
    let error = await spotlightError { _ = try await makeRequestsDispatcher().run(intent, arguments) }
    return error?.code == .invalidInput ? error?.message : nil
}

@Test func needsValueErrorFailsTheRunNamingTheParameterAndTheDialog() async {
    #expect(await askingMessage("TitleBookIntent", ["bookTitle": .string("")])
        == "TitleBookIntent, parameter 'bookTitle' (string) needs a value: What's the title of the book?")
}

@Test func requestValueOnAnOptionalParameterFailsNamingTheParameter() async {
    #expect(await askingMessage("PickTaskIntent") == "PickTaskIntent, parameter 'task' (entity:TaskEntity) needs a value: Which task?")
}

@Test func requestValueOnAnOptionalParameterGivesTheUnwrappedTypeWithoutAnAnnotation() async {
    #expect(await askingMessage("RenameBookIntent") == "RenameBookIntent, parameter 'newTitle' (string) needs a value: What's the new title?")
}

@Test func requestDisambiguationOnAnOptionalParameterFailsNamingTheParameterAndTheDialog() async {
    #expect(await askingMessage("ChooseTaskIntent") == "ChooseTaskIntent, parameter 'task' (entity:TaskEntity) needs a value: Which of these?")
}

@Test func requestChoiceFailsTheRunNamingTheOptionsAndTheDialog() async {
    #expect(await askingMessage("ArchiveOrDeleteTaskIntent", ["task": .string("milk")])
        == "ArchiveOrDeleteTaskIntent asked to choose between 'Cancel', 'Archive', 'Delete': Archive or delete Buy milk?; "
        + "no one can choose here: make the choice a parameter of the intent")
}

@Test func requestConfirmationIsGivenWithoutAsking() async throws {
    let result = try await makeRequestsDispatcher().runIntent(
        RunIntentParams(intent: "DeleteTaskIntent", arguments: ["task": .string("milk")]))
    #expect(result.dialog == "Deleted Buy milk")
}

@Test func requestConfirmationWithConditionsIsGivenWithoutAsking() async throws {
    let result = try await makeRequestsDispatcher().runIntent(RunIntentParams(intent: "SaveImageIntent", arguments: [:]))
    #expect(result.dialog == "Saved")
}
