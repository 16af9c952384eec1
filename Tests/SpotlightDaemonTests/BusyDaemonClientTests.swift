import Foundation
import SpotlightKit
import SpotlightModel
import Testing

/// An app's DaemonClient refused at spotlightd's connection limit gets `busy`, saying the daemon
/// is busy, not `unavailable` with a hint to start a daemon that runs.
@Suite struct BusyDaemonClientTests {
    @Test func aClientRefusedAtTheConnectionLimitIsToldTheDaemonIsBusy() async throws {
        let daemon = try DaemonProcess(arguments: ["--max-connections", "1"])
        // Retried while the start's probe connection is still closing; then holds the one connection.
        let holder = DaemonClient(socketPath: daemon.socket, reconnectWindow: .seconds(30))
        defer { holder.close() }
        _ = try await holder.status()
        let refused = DaemonClient(socketPath: daemon.socket, reconnectWindow: .milliseconds(300))
        defer { refused.close() }
        do {
            _ = try await refused.status()
            Issue.record("a second connection was served past --max-connections 1")
        } catch let error as SpotlightError {
            #expect(error.code == .busy, "\(error)")
            #expect(error.message.contains("spotlightd at \(daemon.socket) is busy"), "\(error.message)")
            #expect(!error.message.contains("start it"), "\(error.message)")
        }
    }
}
