import Foundation
import Testing

// spotlightd not running, or running but not answering: the desktop's search gets an empty
// answer at once (or after the provider's query timeout), the log says why, nothing hangs.

/// A search as each desktop makes it, and the empty answer it should get.
enum DesktopSearch: String, CaseIterable, CustomStringConvertible {
    case gnomeShell, krunner
    var description: String { rawValue }

    func run(_ fixture: DesktopFixture) throws -> ProgramRun {
        self == .gnomeShell ? try fixture.gdbus("GetInitialResultSet", "['supernova']")
                            : try fixture.dbusSend("Match", "string:supernova")
    }

    func isEmptyAnswer(_ stdout: String) -> Bool {
        self == .gnomeShell ? stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "(@as [],)"
                            : stdout.hasSuffix("array [\n   ]\n")
    }
}

@Test(arguments: [DesktopFixture.DaemonState.notRunning, .notAnswering], DesktopSearch.allCases)
func searchWithSpotlightdDownAnswersEmptyAndTheLogSaysWhy(_ state: DesktopFixture.DaemonState,
                                                           _ search: DesktopSearch) async throws {
    let fixture = try await DesktopFixture(daemon: state)
    let run = try search.run(fixture)
    #expect(!run.timedOut, "no hang: \(run)")
    #expect(run.status == 0, "\(run)")
    #expect(search.isEmptyAnswer(run.stdout), "\(run)")
    let line = state == .notRunning ? "spotlightd is not answering at \(fixture.socket)" : "did not answer in time"
    #expect(await waitUntil { fixture.bus.log.contains(line) }, "the bus log: \(fixture.bus.log)")
}

/// One meta per identifier still (GNOME Shell shows none of a provider's results otherwise),
/// saying why there is nothing to show.
@Test func metasOfResultsWhileSpotlightdIsDownSayItIsNotAnswering() async throws {
    let fixture = try await DesktopFixture(daemon: .notRunning)
    let id = "com.example.apple-samplecode.CometCal/EventEntity/E1"
    let run = try fixture.gdbus("GetResultMetas", "['\(id)']")
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            == "([{'id': <'\(id)'>, 'name': <'E1'>, 'description': <'CometCal · spotlightd is not answering'>}],)", "\(run)")
}
