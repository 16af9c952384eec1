import Foundation
import SpotlightModel
import Testing

// A term typed with a leading `-`. The query language reads `-supernova` alone as "everything
// without supernova", so typing it in GNOME Shell or KRunner listed the best 20 records of the
// index, none of them what was typed. With no word to find, the terms are searched as words;
// beside one, `-word` still excludes.

@Test(arguments: ["['-supernova']", "['NOT', 'supernova']", "['-supern']"])
func aQueryThatOnlyExcludesSearchesItsWords(_ terms: String) async throws {
    let fixture = try await DesktopFixture()
    let key = try await fixture.donateSupernovaEvent()
    let run = try fixture.gdbus("GetInitialResultSet", terms)
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "(['\(DesktopFixture.resultID(key))'],)", "\(run)")
}

@Test func aDashAloneFindsNothing() async throws {
    let fixture = try await DesktopFixture()
    _ = try await fixture.donateSupernovaEvent()
    let run = try fixture.gdbus("GetInitialResultSet", "['-']")
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "(@as [],)", "\(run)")
}

@Test func aDashBesideAWordToFindStillExcludes() async throws {
    let fixture = try await DesktopFixture()
    let key = try await fixture.donateSupernovaEvent()
    let all = try fixture.gdbus("GetInitialResultSet", "['deep', 'space']")
    try #require(all.stdout.contains(DesktopFixture.resultID(key)), "\(all)")
    let run = try fixture.gdbus("GetInitialResultSet", "['deep', 'space', '-supernova']")
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.contains("\(DesktopFixture.cometCal)/CalendarEntity/"), "the calendar is still found: \(run)")
    #expect(!run.stdout.contains(DesktopFixture.resultID(key)), "\(run)")
}

@Test func krunnersQueryWithALeadingDashSearchesTheWord() async throws {
    let fixture = try await DesktopFixture()
    let key = try await fixture.donateSupernovaEvent()
    let run = try fixture.dbusSend("Match", "string:-supernova")
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.components(separatedBy: "string \"\(DesktopFixture.cometCal)/").count == 2, "one match: \(run)")
    #expect(run.stdout.contains("string \"\(DesktopFixture.resultID(key))\""), "\(run)")
}
