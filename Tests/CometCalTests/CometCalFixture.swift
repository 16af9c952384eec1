import Foundation
import Testing
import IntentKitTesting

/// What every CometCal regression test shares: the app's definitions, found by bundle
/// identifier only (the suite never imports the app), and the app's own data in a temp
/// directory, so tests never touch a person's calendars.
enum CometCal {
    static let bundleIdentifier = "com.example.apple-samplecode.CometCal"

    /// Points the app at a temp data directory, once, before the harness first launches it
    /// (the launched app inherits this process's environment).
    static let dataDirectory: URL = {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("cometcal-tests-\(getpid())-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        setenv("COMETCAL_DATA_DIR", dir.path, 1)
        return dir
    }()

    /// The app's definitions; the app's data directory is set first.
    static func definitions() -> IntentDefinitions {
        _ = dataDirectory
        return IntentDefinitions(bundleIdentifier: bundleIdentifier)
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
