import Foundation
import Testing

/// A CometCal that never ran before starts where the talk starts: "The app currently has
/// three calendars", so the talk's tests that create an event in "Deep Space" need no seeding.
@Suite("a fresh CometCal")
struct FreshAppTests {
    @Test func aNewAppHasTheTalksThreeCalendarsAndNoEvents() throws {
        let fixture = try CommandLineFixture()
        let calendars = try fixture.cometcal("calendars")
        #expect(calendars.stdout == "Deep Space (purple)\nMission Control (red)\nStargazing (blue)\n", "\(calendars.stderr)")
        #expect(try fixture.cometcal("events").stdout.isEmpty)
    }

    @Test func aNewAppsCalendarsAreInSpotlightFromItsFirstRun() async throws {
        let fixture = try CommandLineFixture()
        let calendars = try fixture.cometcal("calendars")
        #expect(calendars.status == 0, "\(calendars.stderr)")
        #expect(try await fixture.spotlightTitles("deep space", type: "CalendarEntity") == ["Deep Space"])
        #expect(try await fixture.spotlightTitles("stargazing", type: "CalendarEntity") == ["Stargazing"])
    }

    @Test func aNewAppTakesAnEventInDeepSpaceAndDonatesIt() async throws {
        let fixture = try CommandLineFixture()
        let added = try fixture.cometcal("add", "Supernova Viewing Party", "--calendar", "Deep Space",
                                         "--start", "2026-06-01T20:00:00Z")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try await fixture.spotlightEventTitles("supernova") == ["Supernova Viewing Party"])
    }
}
