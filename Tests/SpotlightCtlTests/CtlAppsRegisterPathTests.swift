import Foundation
import Testing

/// `apps register DIR` passed the directory's "executable" bit and was answered with
/// Foundation's "The file doesn't exist." for a directory that does.
@Suite struct CtlAppsRegisterPathTests {
    @Test func registeringADirectorySaysItIsADirectory() throws {
        let daemon = try TestDaemon()
        let run = daemon.ctl(["apps", "register", daemon.root.path])
        #expect(run.code == 1)
        #expect(run.stderr.contains("is a directory; give the path of an app's executable"), "\(run.stderr)")
        #expect(!run.stderr.contains("doesn’t exist"), "\(run.stderr)")
    }
}
