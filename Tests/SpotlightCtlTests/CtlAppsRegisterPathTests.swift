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

    /// `register --json` and `unregister --json` were accepted and printed a sentence, so a
    /// script asking for JSON got text it could not parse.
    @Test(arguments: [["register", "/bin/true"], ["unregister", "com.example.CometCal"]])
    func registerAndUnregisterRefuseJSONAsAUsageError(_ action: [String]) throws {
        let daemon = try TestDaemon()
        let run = daemon.ctl(["apps"] + action + ["--json"])
        #expect(run.code == 2, "\(run.stderr)")
        #expect(run.stderr.contains("`spotlightctl apps --json` lists the registered apps"), "\(run.stderr)")
    }
}
