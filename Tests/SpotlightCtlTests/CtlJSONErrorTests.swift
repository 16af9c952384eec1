import Foundation
import Testing
import SpotlightModel

/// With `--json`, the error that ends a command was plain text on stderr; a script asking for
/// JSON now gets `{"error":{"code","exitStatus","message"}}` there, from every command.
@Suite struct CtlJSONErrorTests {
    /// Expects stderr to be one line holding one JSON object `{"error": {...}}` with this code,
    /// exit status, and a message containing `message`.
    func expectJSONError(_ run: CtlRun, code: String, exitStatus: Int64, message: String,
                         sourceLocation: SourceLocation = #_sourceLocation) {
        guard case .object(let top)? = try? JSONValue.parse(Data(run.stderr.utf8)),
              case .object(let error)? = top["error"] else {
            Issue.record("stderr is not a JSON error object: \(run.stderr)", sourceLocation: sourceLocation)
            return
        }
        #expect(error["code"] == .string(code), "\(run.stderr)", sourceLocation: sourceLocation)
        #expect(error["exitStatus"] == .int(exitStatus), "\(run.stderr)", sourceLocation: sourceLocation)
        guard case .string(let text)? = error["message"] else {
            Issue.record("no message: \(run.stderr)", sourceLocation: sourceLocation)
            return
        }
        #expect(text.contains(message), "\(text)", sourceLocation: sourceLocation)
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)", sourceLocation: sourceLocation)
    }

    @Test(arguments: CtlUsageTests.commands)
    func aUsageErrorWithJSONIsAJSONObjectOnStderr(command: String) throws {
        let run = try TestDaemon().ctl([command, "--bogus", "--json"])
        #expect(run.code == 2)
        expectJSONError(run, code: "usage", exitStatus: 2, message: "unknown option --bogus")
    }

    @Test func aDaemonNotRunningWithJSONIsCodeUnavailableAndExit3() throws {
        let daemon = try TestDaemon()   // not started
        let run = daemon.ctl(["query", "party", "--json"])
        #expect(run.code == 3)
        expectJSONError(run, code: "unavailable", exitStatus: 3, message: "spotlightd is not running at \(daemon.socket)")
    }

    @Test func withoutJSONTheErrorStaysText() throws {
        let run = try TestDaemon().ctl(["query", "party", "--bogus"])
        #expect(run.code == 2)
        #expect(run.stderr.hasPrefix("spotlightctl: error: unknown option --bogus"), "\(run.stderr)")
    }
}
