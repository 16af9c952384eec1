import Foundation
import Testing
import IntentKitTesting

extension CometCalSuite {
    /// What spotlightd would refuse to take is refused before it is saved: one saved event
    /// that cannot be donated would make every later re-donation (reindex, rebuild) fail.
    @Suite("Donation limits")
    struct DonationLimitTests {
        let definitions = CometCal.definitions()
        var events: EntityDefinition { definitions.entities["EventEntity"] }
        /// One value over spotlightd's limit of 256 KiB (262 144 bytes) of text.
        static let mebibyteTitle = String(repeating: "a", count: 1 << 20)
        /// The last second of year 9999: an event starting then ends in year 10000.
        static let lastSecond = ISO8601DateFormatter().date(from: "9999-12-31T23:59:59Z")!

        init() async throws {
            try await CometCal.seed(definitions)
        }

        @Test func titleOverTheDonationLimitIsRefusedNamingTheLimit() async throws {
            let error = await #expect(throws: (any Error).self) {
                try await definitions.intents["CreateEventIntent"].makeIntent(
                    title: Self.mebibyteTitle, startDate: Date(), calendar: "Deep Space"
                ).run()
            }
            #expect(String(describing: error).contains("262144 bytes"))
            #expect(try await events.allEntities().count == 7, "nothing was saved")
        }

        @Test func startWhoseEndFallsInYear10000IsRefusedNamingTheLastDate() async throws {
            let error = await #expect(throws: (any Error).self) {
                try await definitions.intents["CreateEventIntent"].makeIntent(
                    title: "End of Time", startDate: Self.lastSecond, calendar: "Deep Space"
                ).run()
            }
            #expect(String(describing: error).contains("9999"))
            #expect(try await events.entities(matching: "End of Time").isEmpty, "nothing was saved")
        }

        @Test func updateOverTheLimitIsRefusedAndLeavesTheEventAsItWas() async throws {
            let error = await #expect(throws: (any Error).self) {
                try await definitions.intents["UpdateEventIntent"].makeIntent(
                    event: "Cosmic Ray Calibration", notes: Self.mebibyteTitle
                ).run()
            }
            #expect(String(describing: error).contains("262144 bytes"))
            let event = try #require(try await events.entities(matching: "Cosmic Ray Calibration").first)
            let notes: String? = try event.notes
            #expect((notes?.utf8.count ?? 0) < 1000, "the notes are as they were")
        }

        @Test func calendarNameOverTheLimitIsRefused() async throws {
            await #expect(throws: (any Error).self) {
                try await definitions.intents["CreateCalendarIntent"].makeIntent(name: Self.mebibyteTitle, color: "red").run()
            }
            #expect(try await definitions.entities["CalendarEntity"].allEntities().count == 3, "nothing was saved")
        }

        @Test func rebuildStillDonatesEverythingAfterARefusedEvent() async throws {
            _ = try? await definitions.intents["CreateEventIntent"].makeIntent(
                title: "End of Time", startDate: Self.lastSecond, calendar: "Deep Space"
            ).run()
            let rebuilt = try await definitions.intents["RebuildSpotlightIntent"].makeIntent().run()
            #expect(rebuilt.value == 10, "3 calendars and 7 events")
        }
    }
}
