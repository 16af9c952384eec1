import Foundation
import XCTest
import IntentKitTesting

/// The test code of the talk (seeds/002), as written there but for the import.
final class SeedTalkTests: XCTestCase {
    let eventEntityDefinition = CometCal.definitions().entities["EventEntity"]
    let createEventDefinition = CometCal.definitions().intents["CreateEventIntent"]
    let updateEventDefinition = CometCal.definitions().intents["UpdateEventIntent"]
    let openEventDefinition = CometCal.definitions().intents["OpenEventIntent"]

    override func setUp() async throws {
        try await CometCal.seed(CometCal.definitions())
    }

    func testCreateCalendar() async throws {
        let definitions = IntentDefinitions(bundleIdentifier: "com.example.apple-samplecode.CometCal")
        let createCalendar = definitions.intents["CreateCalendarIntent"]
        let result = try await createCalendar.makeIntent(
            name: "Occupy Saturn",
            color: "red"
        ).run()
        XCTAssertEqual(try result.value.title, "Occupy Saturn")
    }

    // Testing Entity string queries
    func testEventStringQuery() async throws {
        let results = try await eventEntityDefinition
            .entities(matching: "Cosmic Ray")

        XCTAssertEqual(results.count, 1)
        XCTAssertEqual(try results[0].title, "Cosmic Ray Calibration")
    }

    // Test event creation followed by update
    func testCreateAndUpdateEvent() async throws {
        let createResult = try await createEventDefinition.makeIntent(
            title: "Asteroid Dodgeball Practice",
            startDate: Date(),
            isAllDay: false,
            calendar: "Deep Space"
        ).run()

        XCTAssertEqual(try createResult.value.title, "Asteroid Dodgeball Practice")

        let updateResult = try await updateEventDefinition.makeIntent(
            title: "Asteroid Dodgeball Rules Overview",
            event: createResult.value
        ).run()

        XCTAssertEqual(try updateResult.value.title, "Asteroid Dodgeball Rules Overview")
    }

    // Testing Spotlight indexing
    func testNewEventIndexedInSpotlight() async throws {

        let before = try await eventEntityDefinition.spotlightQuery("Supernova Viewing Party")
        XCTAssertTrue(before.isEmpty, "Event should not exist in Spotlight yet")

        // ... Create "Supernova Viewing Party" Event
        try await createEventDefinition.makeIntent(
            title: "Supernova Viewing Party",
            startDate: Date(),
            isAllDay: false,
            calendar: "Deep Space"
        ).run()

        let after = try await eventEntityDefinition.spotlightQuery("Supernova Viewing Party")
        XCTAssertEqual(after.count, 1)
        XCTAssertEqual(try after[0].title, "Supernova Viewing Party")
    }

    // Testing view annotations
    func testEventViewAnnotation() async throws {
        try await openEventDefinition.makeIntent(target: "Morning Launch Briefing").run()

        // Confirm correct event page
        let app = XCUIApplication()
        let title = app.staticTexts["Morning Launch Briefing"]
        XCTAssertTrue(title.waitForExistence(timeout: 5))

        let annotations = try await eventEntityDefinition.viewAnnotations()

        XCTAssertEqual(annotations.count, 1, "Expected exactly one view annotation")
        XCTAssertEqual(try annotations[0].entity.title, "Morning Launch Briefing")
    }
}
