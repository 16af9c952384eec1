import Foundation
import Testing
import SpotlightModel

/// `status --json` against a real spotlightd.
@Suite struct CtlStatusJSONTests {
    /// `status --help` named none of the keys `status --json` prints: they were only in
    /// docs/protocol.md.
    @Test func statusHelpNamesEveryKeyThatStatusJSONPrints() async throws {
        let daemon = try await TestDaemon().start()
        try daemon.importRecords(sampleRecords(2))
        let status = daemon.ctl(["status", "--json"])
        #expect(status.code == 0, "\(status.stderr)")
        let top = try status.json([String: JSONValue].self)
        guard case .object(let index)? = top["index"], case .array(let counts)? = index["counts"],
              case .object(let count)? = counts.first else {
            Issue.record("no index.counts in \(status.stdout)")
            return
        }
        let help = daemon.ctl(["status", "--help"]).stdout
        for key in (top.keys.sorted() + index.keys.sorted() + count.keys.sorted()) {
            #expect(help.contains("\"\(key)\""), "status --help does not name \(key)")
        }
    }
}
