import Foundation
import SpotlightSupervision
import Testing
@testable import spotlightd

// What spotlightd keeps of a connection's peer process, on real processes.

@Suite struct PeerProcessTests {
    /// Starts `arguments` and returns it running.
    func start(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        try process.run()
        return process
    }

    @Test func theExecutableOfOurOwnProcessIsRead() throws {
        let peer = PeerProcess(pid: getpid(), sandboxApp: nil)
        #expect(peer.executable() == (try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")))
    }

    @Test func aProcessThatExecsAnotherProgramIsSeenAsThatProgram() async throws {
        // The program it execs outlives any wait below (tests running beside this one can hold
        // its task back for seconds); the defer ends it.
        let shell = try start(["/bin/sh", "-c", "sleep 0.3; exec /bin/sleep 120"])
        defer { shell.terminate(); _ = shell.waitForExit(within: .seconds(10)) }
        let peer = PeerProcess(pid: shell.processIdentifier, sandboxApp: nil)
        let before = try #require(peer.executable())
        #expect(!before.hasSuffix("/sleep"))
        let deadline = ContinuousClock.now + .seconds(4)
        while peer.executable()?.hasSuffix("/sleep") != true, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(peer.executable()?.hasSuffix("/sleep") == true)
    }

    @Test func aProcessThatExitedHasNoExecutable() throws {
        let child = try start(["/bin/sleep", "5"])
        let peer = PeerProcess(pid: child.processIdentifier, sandboxApp: nil)
        #expect(peer.executable()?.hasSuffix("/sleep") == true)
        child.terminate()
        _ = child.waitForExit(within: .seconds(10))
        #expect(peer.executable() == nil)
    }
}
