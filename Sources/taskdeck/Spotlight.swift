import Foundation
import IntentKit
import SpotlightKit

/// TaskDeck's donations: every change to a task or project goes to Spotlight.
enum TaskDeckSpotlight {
    static let bundleIdentifier = "com.example.TaskDeck"

    /// Debug builds only: `TASKDECK_SKIP_DONATION=1` makes creating a task forget to donate it,
    /// the bug the suite's Spotlight test exists to catch.
    static var skipsTaskDonation: Bool {
        #if DEBUG
        return ProcessInfo.processInfo.environment["TASKDECK_SKIP_DONATION"] == "1"
        #else
        return false
        #endif
    }

    /// Throws ``TaskError/refusedBySpotlight(_:)`` for a task or project spotlightd would refuse
    /// (a title over its limits, a date past 9999): checked before saving, so that no saved
    /// entity makes every later re-donation fail.
    static func checkDonatable<Entity: IndexedEntity>(_ entity: Entity) throws {
        do {
            try entity.record(bundle: bundleIdentifier).checkDonatable()
        } catch let error as SpotlightError {
            throw TaskError.refusedBySpotlight(error.message)
        }
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
