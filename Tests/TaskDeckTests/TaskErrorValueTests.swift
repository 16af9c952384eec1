import Foundation
import Testing
@testable import taskdeck
import IntentKitTesting

// A test target that links the app's module gets the app's errors as its own values.

extension TaskDeckSuite {
    @Test func emptyTitleThrowsTheAppsOwnError() async throws {
        await #expect(throws: TaskError.emptyTitle) {
            try await taskDeck.intents["CreateTaskIntent"].makeIntent(title: "", project: "Inbox").run()
        }
    }
}
