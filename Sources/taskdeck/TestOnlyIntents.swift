#if DEBUG
import Foundation
import IntentKit

// Test-only intents: hidden from describe and compiled into debug builds only (their entries
// in main.swift's intents list are under #if DEBUG too), as the talk shows.

/// Replaces all data with the known projects and tasks, donated to Spotlight.
struct SeedTaskFixturesIntent: AppIntent {
    static let title: LocalizedStringResource = "Seed Task Fixtures"
    static let isDiscoverable = false

    func perform() async throws -> some IntentResult {
        let inbox = StoredProject(id: "inbox", name: "Inbox")
        let errands = StoredProject(id: "errands", name: "Errands")
        let launch = StoredProject(id: "launch", name: "Launch Prep")
        let day: TimeInterval = 86_400
        let tasks = [
            StoredTask(id: "oat-milk", title: "Buy oat milk", notes: nil, isDone: false, priority: .low, dueDate: nil,
                       projectID: errands.id, tags: ["shopping"]),
            StoredTask(id: "dentist", title: "Book dentist", notes: "Ask for a morning slot", isDone: false,
                       priority: .medium, dueDate: Date().addingTimeInterval(7 * day), projectID: inbox.id, tags: []),
            StoredTask(id: "release-notes", title: "Write release notes", notes: "Mention the new Spotlight support",
                       isDone: false, priority: .high, dueDate: Date().addingTimeInterval(2 * day),
                       projectID: launch.id, tags: ["writing"]),
            StoredTask(id: "plants", title: "Water the plants", notes: nil, isDone: true, priority: .low, dueDate: nil,
                       projectID: inbox.id, tags: []),
            StoredTask(id: "passport", title: "Renew passport", notes: nil, isDone: false, priority: .high,
                       dueDate: Date().addingTimeInterval(30 * day), projectID: errands.id, tags: ["travel"]),
        ]
        try TaskStore.shared.update { projects, stored in
            projects = [inbox, errands, launch]
            stored = tasks
        }
        try await TaskDeckSpotlight.removeEverything()
        try await TaskDeckSpotlight.donate(TaskStore.shared.projects.map(ProjectEntity.init))
        try await TaskDeckSpotlight.donate(tasks.map(TaskEntity.init))
        TaskDeckScreen.showInbox()
        return .result()
    }
}

/// Deletes every project and task, and everything TaskDeck donated.
struct ResetTaskDeckIntent: AppIntent {
    static let isDiscoverable = false

    func perform() async throws -> some IntentResult {
        try TaskStore.shared.update { projects, tasks in
            projects = []
            tasks = []
        }
        try await TaskDeckSpotlight.removeEverything()
        TaskDeckScreen.showInbox()
        return .result()
    }
}
#endif
