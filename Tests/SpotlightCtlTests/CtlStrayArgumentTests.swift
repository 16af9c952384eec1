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
}
