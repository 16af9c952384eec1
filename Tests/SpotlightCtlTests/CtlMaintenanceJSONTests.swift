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

    @Test func rebuildJSONReportsProgressAsJSONLinesOnStandardError() async throws {
        let daemon = try await TestDaemon().start()
        try daemon.importRecords(sampleRecords(5))
        let rebuild = daemon.ctl(["rebuild", "--json"])
        #expect(rebuild.code == 0, "\(rebuild.stderr)")
        let lines = rebuild.stderr.split(separator: "\n").map(String.init)
        #expect(!lines.isEmpty)
        for line in lines {
            let object = try JSONValue.parse(Data(line.utf8))
            guard case .object(let members) = object else { Issue.record("not an object: \(line)"); continue }
            #expect(members["progress"] == .string("rebuild") && members["done"] != nil, "\(line)")
        }
        #expect(lines.last == #"{"done":5,"progress":"rebuild","total":5}"#)
    }

    /// `check --help` said only "print the report as JSON": a script had to run it to learn the keys.
    @Test func checkHelpNamesEveryKeyThatCheckJSONPrints() async throws {
        let daemon = try await TestDaemon().start()
        let check = daemon.ctl(["check", "--json"])
        #expect(check.code == 0, "\(check.stderr)")
        let help = daemon.ctl(["check", "--help"]).stdout
        for key in try check.json([String: JSONValue].self).keys.sorted() + ["damagedRecords"] {
            #expect(help.contains("\"\(key)\""), "check --help does not name \(key)")
        }
    }
}
