import Foundation
import Testing

/// The `cometcal` command line, run as a person runs it, against a temp spotlightd.
@Suite("cometcal command line")
struct CommandLineTests {
    let fixture: CommandLineFixture

    init() throws {
        fixture = try CommandLineFixture()
        let seeded = try fixture.cometcal("seed")
        #expect(seeded.status == 0, "cometcal seed: \(seeded.stderr)")
    }

    @Test func seedCreatesTheTalksCalendars() throws {
        let calendars = try fixture.cometcal("calendars")
        #expect(calendars.stdout == "Deep Space (purple)\nMission Control (red)\nStargazing (blue)\n")
    }

    @Test func seedCreatesTheTalksEventsButNotTheSupernovaParty() throws {
        let events = try fixture.cometcal("events").stdout
        #expect(events.contains("Cosmic Ray Calibration"))
        #expect(events.contains("Morning Launch Briefing"))
        #expect(!events.contains("Supernova"))
    }

    @Test func seedDonatesTheEvents() async throws {
        #expect(try await fixture.spotlightEventTitles("cosmic ray") == ["Cosmic Ray Calibration"])
    }

    @Test func addDonatesTheNewEventToSpotlight() async throws {
        #expect(try await fixture.spotlightEventTitles("supernova").isEmpty)
        let added = try fixture.cometcal("add", "Supernova Viewing Party", "--calendar", "deep space",
                                         "--start", "2026-06-01T20:00:00Z", "--location", "Roof")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("added \"Supernova Viewing Party\" to Deep Space"))
        #expect(try await fixture.spotlightEventTitles("supernova") == ["Supernova Viewing Party"])
    }

    @Test func addedEventIsKeptInTheAppsOwnStore() throws {
        _ = try fixture.cometcal("add", "Comet Tail Survey", "--calendar", "Stargazing", "--start", "2026-06-02", "--all-day")
        #expect(try fixture.cometcal("events", "--calendar", "Stargazing").stdout.contains("Comet Tail Survey"))
        let store = fixture.directory.appendingPathComponent("cometcal/cometcal.sqlite").path
        #expect(FileManager.default.fileExists(atPath: store))
    }

    @Test func openPrintsTheEventWithItsTitleFirst() throws {
        let opened = try fixture.cometcal("open", "morning launch")
        #expect(opened.status == 0)
        #expect(opened.stdout.split(separator: "\n").first == "Morning Launch Briefing")
        #expect(opened.stdout.contains("Calendar: Mission Control"))
    }

    @Test func deleteRemovesTheEventFromSpotlight() async throws {
        let deleted = try fixture.cometcal("delete", "Dark Matter Symposium")
        #expect(deleted.status == 0, "\(deleted.stderr)")
        #expect(try await fixture.spotlightEventTitles("dark matter").isEmpty)
    }

    @Test func unknownCalendarFailsNamingTheCalendarsThatExist() throws {
        let added = try fixture.cometcal("add", "Lost", "--calendar", "Nowhere", "--start", "2026-06-01")
        #expect(added.status == 1)
        #expect(added.stderr.contains("no calendar matches \"Nowhere\""))
        #expect(added.stderr.contains("Deep Space, Mission Control, Stargazing"))
    }

    @Test func eventsOfAnUnknownCalendarFailNamingTheCalendarsThatExist() throws {
        let listed = try fixture.cometcal("events", "--calendar", "Nope")
        #expect(listed.status == 1)
        #expect(listed.stderr.contains("no calendar matches \"Nope\""))
        #expect(listed.stderr.contains("Deep Space, Mission Control, Stargazing"))
    }

    @Test func addWithNothingElseAsksForTheTitleFirst() throws {
        let added = try fixture.cometcal("add")
        #expect(added.status == 1)
        #expect(added.stderr.contains("add needs a TITLE"), "\(added.stderr)")
    }

    @Test func badStartDateFailsSayingTheExpectedFormat() throws {
        let added = try fixture.cometcal("add", "Lost", "--calendar", "Deep Space", "--start", "tomorrow")
        #expect(added.status == 1)
        #expect(added.stderr.contains("is not an ISO 8601 date"))
    }

    @Test func addEndingAfterYear9999IsRefusedSoReindexStillWorks() throws {
        let added = try fixture.cometcal("add", "End of Time", "--calendar", "Deep Space", "--start", "9999-12-31T23:59:59Z")
        #expect(added.status == 1, "an event ending in year 10000 cannot be donated, so it is not saved")
        let reindexed = try fixture.cometcal("reindex")
        #expect(reindexed.status == 0, "\(reindexed.stderr)")
        #expect(reindexed.stdout.contains("donated 10 calendars and events"))
    }

    @Test func unknownCommandFailsPointingToHelp() throws {
        let result = try fixture.cometcal("launch")
        #expect(result.status == 1)
        #expect(result.stderr.contains("--help"))
    }

    @Test func hiddenTestIntentsAreLeftOutOfDescribe() throws {
        let visible = try fixture.cometcal("--describe").stdout
        #expect(visible.contains("\"CreateEventIntent\""))
        #expect(!visible.contains("SeedSampleEventsIntent"))
        #expect(try fixture.cometcal("--describe", "--include-hidden").stdout.contains("\"SeedSampleEventsIntent\""))
    }
}
