import Foundation
import Testing
import IntentKitTesting

extension CometCalSuite {
    /// Each scenario of the talk "Validate your App Intents adoption with AppIntentsTesting".
    @Suite("The talk's scenarios")
    struct TalkScenarioTests {
        let definitions = CometCal.definitions()
        var events: EntityDefinition { definitions.entities["EventEntity"] }

        init() async throws {
            try await CometCal.seed(definitions)
        }

        @Test func createCalendarReturnsTheNewCalendar() async throws {
            let result = try await definitions.intents["CreateCalendarIntent"].makeIntent(
                name: "Occupy Saturn",
                color: "red"
            ).run()
            #expect(try result.value.title == "Occupy Saturn")
        }

        @Test func createdCalendarIsFoundByItsStringQuery() async throws {
            try await definitions.intents["CreateCalendarIntent"].makeIntent(name: "Occupy Saturn", color: "red").run()
            let found = try await definitions.entities["CalendarEntity"].entities(matching: "occupy saturn")
            #expect(found.count == 1)
            #expect(try found.first?.title == "Occupy Saturn")
        }

        @Test func stringQueryFindsCosmicRayCalibration() async throws {
            let results = try await events.entities(matching: "Cosmic Ray")
            #expect(results.count == 1)
            #expect(try results.first?.title == "Cosmic Ray Calibration")
        }

        @Test func createThenUpdateChainsTheCreatedEvent() async throws {
            let createResult = try await definitions.intents["CreateEventIntent"].makeIntent(
                title: "Asteroid Dodgeball Practice",
                startDate: Date(),
                isAllDay: false,
                calendar: "Deep Space"
            ).run()
            #expect(try createResult.value.title == "Asteroid Dodgeball Practice")

            let updateResult = try await definitions.intents["UpdateEventIntent"].makeIntent(
                title: "Asteroid Dodgeball Rules Overview",
                event: createResult.value
            ).run()
            #expect(try updateResult.value.title == "Asteroid Dodgeball Rules Overview")
        }

        @Test func newEventIsNotInSpotlightBeforeAndExactlyOnceAfter() async throws {
            try await expectNewEventIsIndexedInSpotlight("Supernova Viewing Party", definitions: definitions)
        }

        @Test func openEventShowsItsTitleOnScreen() async throws {
            try await definitions.intents["OpenEventIntent"].makeIntent(target: "Morning Launch Briefing").run()
            let app = XCUIApplication()
            #expect(app.staticTexts["Morning Launch Briefing"].waitForExistence(timeout: 5))
        }

        @Test func openEventIsTheOneSelectedViewAnnotation() async throws {
            try await definitions.intents["OpenEventIntent"].makeIntent(target: "Morning Launch Briefing").run()
            let annotations = try await events.viewAnnotations()
            #expect(annotations.count == 1, "Expected exactly one view annotation")
            #expect(try annotations.first?.entity.title == "Morning Launch Briefing")
            #expect(annotations.first?.isSelected == true)
        }
    }
}
