import Foundation
import Testing
import IntentKitTesting

/// What every CometCal regression test shares: the app's definitions, found by bundle
/// identifier only (the suite never imports the app). The harness gives the app its own HOME
/// and XDG directories, so its data (under `$XDG_DATA_HOME/cometcal`) never touches a person's
/// calendars.
enum CometCal {
    static let bundleIdentifier = "com.example.apple-samplecode.CometCal"

    /// The app's definitions.
    static func definitions() -> IntentDefinitions {
        IntentDefinitions(bundleIdentifier: bundleIdentifier)
    }

    /// Resets the app to the known sample data (test-only intent).
    static func seed(_ definitions: IntentDefinitions) async throws {
        try await definitions.intents["SeedSampleEventsIntent"].makeIntent().run()
    }
}

/// The regression suite. Tests share one app and its data, so they run one at a time; each
/// starts from freshly seeded data.
@Suite("CometCal", .serialized)
struct CometCalSuite {}

/// The talk's Spotlight check: an event is not in Spotlight before it is created and is
/// there exactly once after. Shared by the Spotlight test and the planted-bug check.
func expectNewEventIsIndexedInSpotlight(_ title: String, definitions: IntentDefinitions) async throws {
    let events = definitions.entities["EventEntity"]
    let before = try await events.spotlightQuery(title)
    #expect(before.isEmpty, "Event should not exist in Spotlight yet")

    try await definitions.intents["CreateEventIntent"].makeIntent(
        title: title,
        startDate: Date(),
        isAllDay: false,
        calendar: "Deep Space"
    ).run()

    let after = try await events.spotlightQuery(title)
    #expect(after.count == 1, "a created event is donated exactly once")
    if let first = after.first {
        #expect(try first.title == title)
    }
}
