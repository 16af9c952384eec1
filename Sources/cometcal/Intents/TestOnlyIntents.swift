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

#if DEBUG
/// Removes everything CometCal donated from Spotlight but keeps its own data: a lost index,
/// for testing that a rebuild restores it.
struct ForgetSpotlightDonationsIntent: AppIntent {
    static let isDiscoverable = false

    func perform() async throws -> some IntentResult {
        try await CalendarManager.shared().index.deleteAllRecords()
        return .result()
    }
}

/// Does what spotlightd's rebuild asks of the app: the app service's `reindexAll`, which
/// donates every calendar and event in the store. Returns how many were donated.
struct RebuildSpotlightIntent: AppIntent {
    static let isDiscoverable = false

    func perform() async throws -> some IntentResult & ReturnsValue<Int> {
        let dispatcher = AppServiceDispatcher(bundleIdentifier: CometCalApp.bundleIdentifier, intents: [],
                                              entities: CometCalApp.entities, reindexing: CometCalApp.reindexing)
        return .result(value: try await dispatcher.reindexAll().donated)
    }
}
#endif
