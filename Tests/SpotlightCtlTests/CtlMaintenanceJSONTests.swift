import Foundation
import Testing
import SpotlightModel

/// Rebuild and compact are the long jobs a script runs at night; they had no `--json`
/// (an unknown option, exit 2), so a script could only scrape their sentence.
@Suite struct CtlMaintenanceJSONTests {
    @Test func rebuildAndCompactPrintTheirResultAsJSON() async throws {
        let daemon = try await TestDaemon().start()
        try daemon.importRecords(sampleRecords(5))
        let rebuild = daemon.ctl(["rebuild", "--json"])
        #expect(rebuild.code == 0, "\(rebuild.stderr)")
        let rebuilt = try rebuild.json([String: JSONValue].self)
        #expect(rebuilt["records"] == .int(5), "\(rebuild.stdout)")
        #expect(rebuilt["sequence"] != nil && rebuilt["seconds"] != nil, "\(rebuild.stdout)")
        let compact = daemon.ctl(["compact", "--json"])
        #expect(compact.code == 0, "\(compact.stderr)")
        let compacted = try compact.json([String: JSONValue].self)
        #expect(compacted["bytesBefore"] != nil && compacted["bytesAfter"] != nil, "\(compact.stdout)")
    }
}
