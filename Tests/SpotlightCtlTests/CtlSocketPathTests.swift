import Foundation
import Testing

/// `--socket` naming a regular file or a directory was answered "no server is listening on
/// the socket (a stale socket file)" and "start it with `spotlightd --socket` that path", which
/// spotlightd refuses: the path is what is wrong.
@Suite struct CtlSocketPathTests {
    @Test func aSocketPathThatIsAFileOrDirectorySaysSoAndNotStartThere() throws {
        let daemon = try TestDaemon()
        let file = daemon.createFile("notes.txt", "hello").path
        for (path, kind) in [(file, "a regular file"), (daemon.root.path, "a directory")] {
            let run = daemon.ctl(["status", "--socket", path])
            #expect(run.code == 3)
            #expect(run.stderr.contains("\(path) is \(kind), not a socket"), "\(run.stderr)")
            #expect(!run.stderr.contains("stale socket") && !run.stderr.contains("start it with"), "\(run.stderr)")
        }
    }

    /// `--socket ''` (a script's unset variable) used SPOTLIGHT_SOCKET or the default socket,
    /// so a command meant for another daemon reached the user's own; `--apps-dir ''` alike.
    @Test(arguments: ["--socket", "--apps-dir"])
    func anEmptySocketOrAppsDirectoryIsAUsageError(option: String) async throws {
        let daemon = try await TestDaemon().start()
        let run = daemon.ctl(["status", option, ""])
        #expect(run.code == 2)
        #expect(run.stderr.hasPrefix("spotlightctl: error: \(option) needs a path, not an empty one"), "\(run.stderr)")
    }

    /// `--socket /dev/null` said "/dev/null is not a socket, not a socket".
    @Test func aSocketPathThatIsADeviceNamesItsKind() throws {
        let daemon = try TestDaemon()
        let run = daemon.ctl(["status", "--socket", "/dev/null"])
        #expect(run.code == 3)
        #expect(run.stderr.contains("/dev/null is a character device, not a socket"), "\(run.stderr)")
    }

    @Test func theNotRunningHintOffersTheSocketUnitOnlyForThePathItListensOn() throws {
        let daemon = try TestDaemon()
        let runtime = daemon.root.appendingPathComponent("run").path
        let elsewhere = daemon.ctl(["status", "--socket", daemon.root.path + "/elsewhere.sock"],
                                   environment: ["XDG_RUNTIME_DIR": runtime])
        #expect(elsewhere.code == 3)
        #expect(elsewhere.stderr.contains("start it with `spotlightd --socket"), "\(elsewhere.stderr)")
        #expect(!elsewhere.stderr.contains("systemctl"), "\(elsewhere.stderr)")
        let unitPath = daemon.ctl(["status", "--socket", runtime + "/spotlight/spotlightd.sock"],
                                  environment: ["XDG_RUNTIME_DIR": runtime])
        #expect(unitPath.code == 3)
        #expect(unitPath.stderr.contains("`systemctl --user start spotlightd.socket`"), "\(unitPath.stderr)")
    }
}
