import Foundation
import Testing

/// `status` and `check` ignored words they do not take (`spotlightctl check index` checked
/// everything and exited 0), where every other command refuses them.
@Suite struct CtlStrayArgumentTests {
    @Test func statusAndCheckRefuseAWordTheyDoNotTake() async throws {
        let daemon = try await TestDaemon().start()
        for command in ["status", "check"] {
            let run = daemon.ctl([command, "index"])
            #expect(run.code == 2, "\(command): \(run.stdout)")
            #expect(run.stderr.contains("\(command) takes no arguments, got index"), "\(run.stderr)")
        }
    }

    /// `compact index` said "compact takes no arguments" without naming the word, unlike the others.
    @Test func compactNamesTheWordItDoesNotTake() throws {
        let run = try TestDaemon().ctl(["compact", "index"])
        #expect(run.code == 2)
        #expect(run.stderr.hasPrefix("spotlightctl: error: compact takes no arguments, got index\n"), "\(run.stderr)")
    }
}

/// `query --json=yes` was refused by the parse that only looks for the command word, so the
/// error pointed at `spotlightctl --help` instead of the command's own help.
@Suite struct CtlFlagValueTests {
    @Test func aFlagGivenAValuePointsAtTheCommandsHelp() throws {
        let run = try TestDaemon().ctl(["query", "--json=yes", "moon"])
        #expect(run.code == 2)
        #expect(run.stderr.contains("--json takes no value\nTry 'spotlightctl query --help'."), "\(run.stderr)")
    }
}
