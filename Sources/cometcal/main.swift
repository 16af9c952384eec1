import IntentKit

// CometCal, the sample calendar app of the talk, as an IntentKit app service:
// `cometcal --serve` serves its intents and queries, other arguments are the human command line.

// The first screen is the event list (an unopenable store surfaces as the error of the first
// intent or query instead).
try? CalendarManager.shared().navigator.showList()

await CometCalApp.make().main()
