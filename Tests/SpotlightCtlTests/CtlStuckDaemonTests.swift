import Foundation
import Glibc
import Testing

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
}
