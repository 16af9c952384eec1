import IntentKit

// CometCal, the sample calendar app of the talk, as an IntentKit app service:
// `cometcal --serve` serves its intents and queries, other arguments are the human command line.

// The first screen is the event list (an unopenable store surfaces as the error of the first
// intent or query instead).
// A new store's calendars are donated before anything else runs (not by `--install`, which
// runs before spotlightd knows the app, nor `--describe`).
let app = CometCalApp.make()   // first: it declares the app whose entities are donated
if let manager = try? CalendarManager.shared() {
    try? manager.navigator.showList()
    if !["--install", "--describe"].contains(CommandLine.arguments.dropFirst().first) {
        await manager.donateNewStoreCalendars()
    }
}

await app.main()
