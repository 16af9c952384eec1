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
}
