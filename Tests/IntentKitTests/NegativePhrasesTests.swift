import IntentKit
import Testing

// negativePhrases, as Apple's App Shortcuts providers declare them (iOS 17).

struct HikeShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(intent: PlanTripIntent(), phrases: ["Plan a hike with \(.applicationName)"],
                    shortTitle: "Plan Hike", systemImageName: "figure.hiking")
    }

    static var negativePhrases: NegativeAppShortcutPhrases {
        NegativeAppShortcutPhrases {
            "Stop a hike in \(.applicationName)"
            "Cancel my hike"
        }
    }
}

@Test func negativePhrasesKeepTheirTextWithTheApplicationName() {
    #expect(HikeShortcuts.negativePhrases.phrases(applicationName: "Trails") == ["Stop a hike in Trails", "Cancel my hike"])
    #expect(TripShortcuts.negativePhrases.phrases(applicationName: "Trips").isEmpty)
}
