import Foundation
import SpotlightTestSupport
import Testing
import SpotlightKit
import SpotlightModel

@Suite struct DaemonSocketActivationTests {
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: TestSpotlightd.socketActivator)))
    func aSocketPassedBySystemdIsServed() async throws {
        let daemon = try TestSpotlightd(.init(grants: ["com.example.test"], socketActivation: true))
        let index = SearchableIndex(socketPath: daemon.socket, reconnectWindow: .seconds(10))
        defer { index.close() }
        try await index.indexRecords([note("1", "activated by systemd")])
        #expect(try await index.query(SearchQuery(text: "activated")).hits.count == 1)
        #expect(daemon.waitForStderr(containing: "serving the socket passed by systemd"))
    }
}

/// Under socket activation the daemon named the default socket path (or `--socket`'s) as its
/// own in `status` and its log, and gave that path to the apps it launched, which then
/// donated to a socket nobody listened on; it is the path of the socket systemd passed.
@Suite struct ActivatedSocketPathTests {
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: TestSpotlightd.socketActivator)))
    func statusNamesTheSocketSystemdPassed() async throws {
        let daemon = try TestSpotlightd(.init(grants: ["com.example.test"], socketActivation: true))
        let index = SearchableIndex(socketPath: daemon.socket, reconnectWindow: .seconds(10))
        defer { index.close() }
        #expect(try await index.status().socket == daemon.socket)
        #expect(daemon.waitForStderr(containing: "serving \(daemon.socket),"))
    }
}
