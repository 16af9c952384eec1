import Foundation
import SpotlightKit
import Testing

/// spotlightd at its connection limit refuses a new connection: spotlightctl said it was "not
/// running" (exit 3) and told the user to start it. It says the daemon is busy and what to do.
@Suite struct CtlBusyDaemonTests {
    @Test func aRefusalAtTheConnectionLimitSaysSpotlightdIsBusyNotStopped() async throws {
        let daemon = try await TestDaemon().start(arguments: ["--max-connections", "1"])
        // Retried while the start's own probe connection is still closing; then holds the one connection.
        let holder = DaemonClient(socketPath: daemon.socket, reconnectWindow: .seconds(30))
        defer { holder.close() }
        _ = try await holder.status()
        let run = daemon.ctl(["status"])
        #expect(run.code == 1, "\(run.stderr)")
        #expect(run.stderr.contains("spotlightd is running at \(daemon.socket) but is busy"), "\(run.stderr)")
        #expect(run.stderr.contains("--max-connections"), "\(run.stderr)")
        #expect(!run.stderr.contains("not running"), "\(run.stderr)")
    }
}
