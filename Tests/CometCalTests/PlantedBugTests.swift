import Foundation
import Testing
import IntentKitTesting

extension CometCalSuite {
    /// Proves the Spotlight test catches the talk's bug: with COMETCAL_SKIP_DONATION=1 the app
    /// (a debug build) creates events without donating them, and the same check must fail.
    @Suite("Planted bug")
    struct PlantedBugTests {
        let definitions = CometCal.definitions()

        @Test func spotlightCheckFailsWhenCreateEventSkipsItsDonation() async throws {
            let app = XCUIApplication()
            app.launchEnvironment["COMETCAL_SKIP_DONATION"] = "1"
            app.launch()
            defer {
                app.terminate()
                app.launchEnvironment["COMETCAL_SKIP_DONATION"] = nil
            }
            try await CometCal.seed(definitions)

            await withKnownIssue("the event is created but never donated, so Spotlight does not find it") {
                try await expectNewEventIsIndexedInSpotlight("Dark Matter Briefing", definitions: definitions)
            }
            let created = try await definitions.entities["EventEntity"].entities(matching: "Dark Matter Briefing")
            #expect(created.count == 1, "the app did create the event")
        }
    }
}
