import IntentKit

// CometCal, the sample calendar app of the talk, as an IntentKit app service:
// `cometcal --serve` serves its intents and queries, other arguments are the human command line.

var intents: [any AppIntent.Type] = [
    CreateCalendarIntent.self, CreateEventIntent.self, UpdateEventIntent.self,
    DeleteEventIntent.self, OpenEventIntent.self,
]
#if DEBUG
intents += [SeedSampleEventsIntent.self, ResetIntent.self]
#endif

// The first screen is the event list (rendered when the store opens; an unopenable store
// surfaces as the error of the first intent or query).
try? CalendarManager.shared().navigator.showList()

let spotlight = Reindexing.spotlight
await IntentApp(
    bundleIdentifier: "com.example.apple-samplecode.CometCal",
    intents: intents,
    entities: [EventEntity.self, CalendarEntity.self, AttendeeEntity.self],
    enums: [CalendarColor.self],
    reindexing: Reindexing(donate: spotlight.donate,
                           allEntities: { try CalendarManager.shared().allIndexedEntities() }),
    commandLine: { arguments in try await HumanCommandLine.run(arguments) }
).main()
