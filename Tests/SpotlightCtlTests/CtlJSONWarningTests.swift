import Foundation
import Testing
import SpotlightModel

/// With `--json`, a warning (the command going on) was plain text on stderr among JSON lines;
/// it is `{"warning":{"message":...}}` there now, as an error is `{"error":{...}}`.
@Suite struct CtlJSONWarningTests {
    @Test func appsJSONWithTheDaemonStoppedWarnsInJSONThatRecordCountsAreUnknown() throws {
        let daemon = try TestDaemon()   // not started
        let run = daemon.ctl(["apps", "--json", "--apps-dir", daemon.root.appendingPathComponent("apps").path])
        #expect(run.code == 0, "\(run.stderr)")
        let warning = try JSONValue.parse(Data(run.stderr.utf8))
        #expect(warning == .object(["warning": .object(["message": .string(
            "record counts unknown: spotlightd is not running at \(daemon.socket)")])]), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    }

    @Test func withoutJSONTheWarningIsTextSayingWarning() throws {
        let daemon = try TestDaemon()   // not started
        let run = daemon.ctl(["apps", "--apps-dir", daemon.root.appendingPathComponent("apps").path])
        #expect(run.stderr == "spotlightctl: warning: record counts unknown: spotlightd is not running at \(daemon.socket)\n")
    }
}
