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

extension TaskDeckSuite {
    @Test func aTitleSpotlightWouldRefuseIsNotSaved() async throws {
        let title = "Huge " + String(repeating: "x", count: 300 << 10)
        // A case with a payload, not Codable: it comes back as an AppIntentError (docs/testing.md).
        let error = await #expect(throws: AppIntentError.self) {
            try await taskDeck.intents["CreateTaskIntent"].makeIntent(title: title, project: "Inbox").run()
        }
        #expect(error?.caseName == "refusedBySpotlight")
        #expect(error?.localizedDescription.contains("the limit is 262144 bytes") == true, "\(String(describing: error))")
        #expect(try await taskDeck.entities["TaskEntity"].entities(matching: "Huge").isEmpty)
    }
}
