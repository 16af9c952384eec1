import IntentKit

/// CometCal's registration with IntentKit: its bundle identifier, types and how it
/// re-donates when spotlightd rebuilds (everything in its own store).
enum CometCalApp {
    static let bundleIdentifier = "com.example.apple-samplecode.CometCal"

    static var intents: [any AppIntent.Type] {
        var intents: [any AppIntent.Type] = [
            CreateCalendarIntent.self, CreateEventIntent.self, UpdateEventIntent.self,
            DeleteEventIntent.self, OpenEventIntent.self,
        ]
        #if DEBUG
        intents += [SeedSampleEventsIntent.self, ResetIntent.self,
                    ForgetSpotlightDonationsIntent.self, RebuildSpotlightIntent.self]
        #endif
        return intents
    }

    static let entities: [any AppEntity.Type] = [EventEntity.self, CalendarEntity.self, AttendeeEntity.self]
    static let enums: [any AppEnum.Type] = [CalendarColor.self]

    /// `reindexAll` donates every calendar and event from the app's store through SpotlightKit.
    static let reindexing = Reindexing(donate: Reindexing.spotlight.donate,
                                       allEntities: { try CalendarManager.shared().allIndexedEntities() })

    /// The app as the command line runs it.
    static func make() -> IntentApp {
        IntentApp(bundleIdentifier: bundleIdentifier, applicationName: "CometCal", intents: intents,
                  entities: entities, enums: enums, reindexing: reindexing, icon: "x-office-calendar",
                  commandLine: { arguments in try await HumanCommandLine.run(arguments) })
    }
}
