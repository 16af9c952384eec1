import Foundation
import Testing
import IntentKitTesting

extension CometCalSuite {
    /// Behaviour the talk does not show: re-indexing on update, removal on delete, rebuilds,
    /// errors a tester can act on, identifier lookups and the queries' ordering.
    @Suite("Beyond the talk")
    struct BeyondTheTalkTests {
        let definitions = CometCal.definitions()
        var events: EntityDefinition { definitions.entities["EventEntity"] }

        init() async throws {
            try await CometCal.seed(definitions)
        }

        @Test func updateReindexesUnderTheNewTitleOnly() async throws {
            try await definitions.intents["UpdateEventIntent"].makeIntent(
                event: "Cosmic Ray Calibration", title: "Cosmic Ray Rebuilding"
            ).run()
            #expect(try await events.spotlightQuery("Cosmic Ray Calibration").isEmpty)
            let renamed = try await events.spotlightQuery("Cosmic Ray Rebuilding")
            #expect(renamed.count == 1)
            #expect(try renamed.first?.title == "Cosmic Ray Rebuilding")
        }

        @Test func deleteRemovesTheEventFromSpotlight() async throws {
            #expect(try await events.spotlightQuery("Dark Matter Symposium").count == 1)
            try await definitions.intents["DeleteEventIntent"].makeIntent(event: "Dark Matter Symposium").run()
            #expect(try await events.spotlightQuery("Dark Matter Symposium").isEmpty)
            #expect(try await events.entities(matching: "Dark Matter").isEmpty)
        }

        @Test func rebuildRestoresEveryDonation() async throws {
            let indexed = try await events.spotlightQuery(nil).count
            #expect(indexed == 7)
            try await definitions.intents["ForgetSpotlightDonationsIntent"].makeIntent().run()
            #expect(try await events.spotlightQuery(nil).isEmpty)

            let rebuilt = try await definitions.intents["RebuildSpotlightIntent"].makeIntent().run()
            #expect(rebuilt.value == 10, "3 calendars and 7 events")
            #expect(try await events.spotlightQuery(nil).count == indexed)
            #expect(try await events.spotlightQuery("Morning Launch Briefing").count == 1)
        }

        @Test func anEventIsExportedAsAnICalendarEventAndAsItsTitle() async throws {
            let briefing = try #require(try await events.entities(matching: "Morning Launch Briefing").first)
            let ics = String(decoding: try await events.exported(id: briefing.id, as: "public.calendar-event"), as: UTF8.self)
            #expect(ics.hasPrefix("BEGIN:VCALENDAR\r\n"), "\(ics)")
            #expect(ics.contains("\r\nSUMMARY:Morning Launch Briefing\r\n"), "\(ics)")
            #expect(ics.contains("\r\nUID:\(briefing.id)@cometcal\r\n"), "\(ics)")
            #expect(ics.hasSuffix("END:VEVENT\r\nEND:VCALENDAR\r\n"))
            #expect(ics.contains("\r\nLOCATION:Launch Control\\, Room 2\r\n"), "a comma in text is escaped")
            let title = try await events.exported(id: briefing.id, as: "public.plain-text")
            #expect(String(decoding: title, as: UTF8.self) == "Morning Launch Briefing")
        }

        @Test func aLongEventTitleIsFoldedIntoLinesOf75Octets() async throws {
            let long = "Perihelion Passage Watch; Comet Tail Photography, Spectroscopy and Café Debrief for the Whole Team"
            try await definitions.intents["CreateEventIntent"].makeIntent(title: long, startDate: Date(), calendar: "Stargazing").run()
            let event = try #require(try await events.entities(matching: "Perihelion Passage").first)
            let ics = String(decoding: try await events.exported(id: event.id, as: "public.calendar-event"), as: UTF8.self)
            #expect(ics.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 75 }, "\(ics)")
            let unfolded = ics.replacingOccurrences(of: "\r\n ", with: "")
            #expect(unfolded.contains("\r\nSUMMARY:Perihelion Passage Watch\\; Comet Tail Photography\\, Spectroscopy and Café Debrief for the Whole Team\r\n"),
                    "\(unfolded)")
        }

        @Test func dataSurvivesAnAppRestart() async throws {
            try await definitions.intents["CreateEventIntent"].makeIntent(
                title: "Comet Tail Survey", startDate: Date(), calendar: "Stargazing"
            ).run()
            let app = XCUIApplication()
            app.terminate()
            app.launch()
            let found = try await events.entities(matching: "Comet Tail")
            #expect(found.count == 1)
        }

        @Test func unknownCalendarNameIsAClearError() async throws {
            let error = await #expect(throws: (any Error).self) {
                try await definitions.intents["CreateEventIntent"].makeIntent(
                    title: "Lost Event", startDate: Date(), calendar: "Nowhere"
                ).run()
            }
            let message = String(describing: error)
            #expect(message.contains("Nowhere"))
            #expect(message.contains("CalendarEntity"))
            #expect(try await events.entities(matching: "Lost Event").isEmpty, "nothing was created")
        }

        @Test func badColorRawValueIsAClearError() async throws {
            let error = await #expect(throws: (any Error).self) {
                try await definitions.intents["CreateCalendarIntent"].makeIntent(name: "Crimson Tide", color: "crimson").run()
            }
            let message = String(describing: error)
            #expect(message.contains("crimson"))
            #expect(message.contains("red"), "the message lists the valid raw values")
        }

        @Test func referenceByIdentifierReachesTheEvent() async throws {
            let found = try await events.entities(matching: "Morning Launch Briefing")
            let id = try #require(found.first).id
            let byIdentifier = try await events.entities(identifiers: [id])
            #expect(byIdentifier.count == 1)
            #expect(try byIdentifier.first?.title == "Morning Launch Briefing")

            let reference = events.makeReference(identifier: id)
            let updated = try await definitions.intents["UpdateEventIntent"].makeIntent(
                event: reference, location: "Launch Control, Room 3"
            ).run()
            #expect(try updated.value.location == "Launch Control, Room 3")
            #expect(try updated.value.title == "Morning Launch Briefing")
        }

        @Test func stringQueryIgnoresCaseAndDiacritics() async throws {
            let found = try await events.entities(matching: "CAFE orbital")
            #expect(found.count == 1)
            #expect(try found.first?.title == "Café Orbital Planning")
        }

        @Test func suggestionsListUpcomingEventsFirst() async throws {
            let suggested = try await events.suggestedEntities()
            #expect(suggested.count == 7)
            #expect(try suggested.first?.title == "Morning Launch Briefing")
            #expect(try suggested.last?.title == "Crew Fitness Check", "the past event comes last")
        }

        @Test func spotlightListsEverySeededEvent() async throws {
            #expect(try await events.spotlightQuery(nil).count == 7)
            #expect(try await events.allEntities().count == 7)
        }
    }
}
