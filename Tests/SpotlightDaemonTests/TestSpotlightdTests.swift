import Foundation
import SpotlightModel
import SpotlightSupervision
import SpotlightTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The test helper every suite starts spotlightd with keeps its promises: it serves when
/// `start` returns, keeps the stderr of earlier runs, and leaves no process or directory behind.
@Suite struct TestSpotlightdTests {
    @Test func aStoppedDaemonsStderrIsKeptAcrossARestart() throws {
        let daemon = try TestSpotlightd(.init(grants: ["com.example.test"]))
        let first = try #require(daemon.pid)
        #expect(daemon.stop() == .exited(status: 0))
        #expect(daemon.pid == nil)
        try daemon.restart()
        #expect(daemon.pid != nil && daemon.pid != first)
        #expect(daemon.stderr.contains("stopped cleanly"))
        #expect(daemon.kill() == .signaled(SIGKILL))
    }

    @Test func nothingOutlivesTheHelper() throws {
        var daemon: TestSpotlightd? = try TestSpotlightd()
        let root = try #require(daemon?.root)
        let pid = try #require(daemon?.pid)
        #expect(FileManager.default.fileExists(atPath: root + "/run/spotlightd.sock"))
        daemon = nil
        #expect(!FileManager.default.fileExists(atPath: root))
        #expect(kill(pid, 0) != 0)   // reaped, not only signalled
    }

    @Test func aDaemonThatCannotStartIsAnErrorWithItsStderr() throws {
        let error = #expect(throws: SpotlightError.self) {
            try TestSpotlightd(.init(arguments: ["--no-such-option"]))
        }
        #expect(error?.code == .unavailable)
        #expect(error?.message.contains("--no-such-option") == true, "\(error?.message ?? "")")
    }
}
