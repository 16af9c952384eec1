import Foundation
import Glibc
import Testing
import SpotlightModel

/// A spotlightd that accepts connections but never answers (stopped with SIGSTOP; a socket
/// unit whose service does not start is alike) held `spotlightctl status` for the 120 s every
/// call may take. Status is answered in milliseconds (a start, in seconds), so it waits 30 s.
@Suite struct CtlStuckDaemonTests {
    @Test func statusOfAStoppedDaemonGivesUpAfterThirtySecondsSayingItDidNotAnswer() async throws {
        let daemon = try await TestDaemon().start()
        daemon.daemon.process?.signal(SIGSTOP)
        defer { daemon.daemon.process?.signal(SIGCONT) }
        let run = daemon.ctl(["status"])
        #expect(run.code == 1)
        #expect(run.stderr.contains("no reply to status from \(daemon.socket) within 30"), "\(run.stderr)")   // not 120
    }

    /// `status --json` of a stuck daemon printed only the JSON error, where a stopped or busy
    /// one gets its state on stdout.
    @Test func statusJSONOfADaemonThatDoesNotAnswerSaysRunningButNotAnswering() async throws {
        let daemon = try await TestDaemon().start()
        daemon.daemon.process?.signal(SIGSTOP)
        defer { daemon.daemon.process?.signal(SIGCONT) }
        let run = daemon.ctl(["status", "--json"])
        #expect(run.code == 1)
        #expect(run.stderr == "", "\(run.stderr)")
        let json = try run.json([String: JSONValue].self)
        #expect(json["running"] == .bool(true) && json["answering"] == .bool(false), "\(run.stdout)")
    }
}
