import Foundation
import IntentKit
import SpotlightKit

/// TaskDeck's donations: every change to a task or project goes to Spotlight.
enum TaskDeckSpotlight {
    /// Debug builds only: `TASKDECK_SKIP_DONATION=1` makes creating a task forget to donate it,
    /// the bug the suite's Spotlight test exists to catch.
    static var skipsTaskDonation: Bool {
        #if DEBUG
        return ProcessInfo.processInfo.environment["TASKDECK_SKIP_DONATION"] == "1"
        #else
        return false
        #endif
    }

    static func donate(_ tasks: [TaskEntity]) async throws {
        try await SearchableIndex.default.indexAppEntities(tasks)
    }

    static func donate(_ projects: [ProjectEntity]) async throws {
        try await SearchableIndex.default.indexAppEntities(projects)
    }

    static func remove(taskID: String) async throws {
        try await SearchableIndex.default.deleteAppEntities(identifiedBy: [taskID], ofType: TaskEntity.self)
    }

    static func removeEverything() async throws {
        try await SearchableIndex.default.deleteAppEntities(ofType: TaskEntity.self)
        try await SearchableIndex.default.deleteAppEntities(ofType: ProjectEntity.self)
    }
}
