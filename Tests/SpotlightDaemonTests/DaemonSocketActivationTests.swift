import Foundation
import SpotlightTestSupport
import Testing
import SpotlightKit
import SpotlightModel
import SpotlightSupervision
#if canImport(Glibc)
import Glibc
#endif

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

/// An abstract socket passed by systemd (`ListenStream=@name`) has no path, so spotlightd named
/// the default socket path as its own in `status` and its log, a path where nothing listened;
/// it names the abstract socket, as systemd writes it, and warns that its clients need a path.
@Suite struct AbstractActivatedSocketTests {
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: TestSpotlightd.socketActivator)))
    func statusNamesTheAbstractSocketSystemdPassed() throws {
        let daemon = try TestSpotlightd(.init(grants: ["com.example.test"], socketActivation: true), start: false)
        let name = "@" + daemon.root.split(separator: "/").joined(separator: "-")
        try daemon.startActivated(on: name)
        let connection = try connectWhenListening(name)
        connection.send(#"{"jsonrpc":"2.0","id":1,"method":"status"}"#)
        let status = connection.readJSON()?["result"] as? [String: Any]
        #expect(status?["socket"] as? String == name, "\(String(describing: status))")
        #expect(daemon.waitForStderr(containing: "the socket systemd passed is the abstract socket \(name)"), "\(daemon.stderr)")
    }

    /// A connection to `address` once the activator listens there (it starts a moment after launch).
    private func connectWhenListening(_ address: String) throws -> RawConnection {
        let deadline = ContinuousClock.now + .seconds(20)
        while true {
            do { return try RawConnection(path: address) } catch where ContinuousClock.now < deadline {
                usleep(20_000)
            }
        }
    }
}

/// A spotlightd started by hand while a socket unit was active said "another server is listening",
/// and the user looked for a spotlightd to stop; the listener is systemd, and the refusal says so.
/// systemd's own listener is stood in for by systemd-socket-activate run under the name
/// `systemd` (a link), in accept mode so the listening process stays itself, as systemd does.
@Suite struct ListenerBesideSocketUnitTests {
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: TestSpotlightd.socketActivator)))
    func aDaemonStartedBesideASocketUnitNamesSystemdAsTheListener() throws {
        let byHand = try DaemonProcess(start: false)
        let systemd = byHand.root + "/systemd", socket = byHand.root + "/unit.sock"
        try FileManager.default.createSymbolicLink(atPath: systemd, withDestinationPath: TestSpotlightd.socketActivator)
        let unit = try ChildProcess(executable: systemd, arguments: ["--accept", "-l", socket, "/bin/true"])
        defer { unit.signal(SIGTERM); _ = unit.waitForExitBlocking(within: .seconds(10)) }
        let deadline = ContinuousClock.now + .seconds(20)
        while !FileManager.default.fileExists(atPath: socket), ContinuousClock.now < deadline { usleep(20_000) }
        let second = try byHand.launch(extraArguments: ["--socket", socket])
        #expect(second.waitForExitBlocking(within: .seconds(20)) == .exited(status: 3))
        #expect(second.stderrTail.contains("another server is already listening on \(socket): systemd (pid \(unit.pid)) "
            + "holds it for socket activation"), "\(second.stderrTail)")
        #expect(second.stderrTail.contains("systemctl --user stop spotlightd.socket spotlightd"), "\(second.stderrTail)")
    }
}
