#if DEBUG
import Foundation
import IntentKit

// Test-only intents: hidden from describe (isDiscoverable = false) and compiled into debug
// builds only, so tests can set up exactly the data they need.

/// Resets CometCal's data and creates the known calendars and events of ``SampleData``,
/// donated to Spotlight; the screen shows the event list.
struct SeedSampleEventsIntent: AppIntent {
    static let isDiscoverable = false

    func perform() async throws -> some IntentResult {
        try await CalendarManager.shared().seed()
        return .result()
    }
}

/// Deletes every calendar and event, and everything CometCal donated to Spotlight.
struct ResetIntent: AppIntent {
    static let isDiscoverable = false

    func perform() async throws -> some IntentResult {
        try await CalendarManager.shared().reset()
        return .result()
    }
}
#endif
