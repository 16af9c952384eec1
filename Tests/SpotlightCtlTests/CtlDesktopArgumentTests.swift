import Foundation
import Testing

/// `spotlightctl desktop`'s command line: an option that would do nothing is refused.
@Suite struct CtlDesktopArgumentTests {
    /// `desktop status --provider X` was accepted and ignored.
    @Test(arguments: ["status", "uninstall"])
    func desktopProviderOutsideInstallIsAUsageErrorNamingIt(action: String) throws {
        let daemon = try TestDaemon()
        let run = daemon.ctl(["desktop", action, "--provider", "/usr/bin/true", "--data-dir", daemon.root.path])
        #expect(run.code == 2)
        #expect(run.stderr.contains("--provider goes with desktop install only"), "\(run.stderr)")
        #expect(run.stderr.contains("Try 'spotlightctl desktop --help'."), "\(run.stderr)")
    }
}
