import Foundation
import Testing
import SpotlightModel

/// `delete` had no `--json`: a script could only scrape "deleted N records of B".
@Suite struct CtlDeleteJSONTests {
    @Test func deleteJSONPrintsTheBundleTheSelectorAndHowManyWereDeleted() async throws {
        let daemon = try await TestDaemon().start()
        try daemon.importRecords(sampleRecords(4))
        let run = daemon.ctl(["delete", "--bundle", grantedBundle, "--type", "EventEntity", "--ids", "R0", "R2", "R9",
                              "--yes", "--json"])
        #expect(run.code == 0, "\(run.stderr)")
        let json = try run.json([String: JSONValue].self)
        #expect(json["bundle"] == .string(grantedBundle))
        #expect(json["deleted"] == .int(2), "\(run.stdout)")
        #expect(json["type"] == .string("EventEntity"))
        #expect(json["ids"] == .array([.string("R0"), .string("R2"), .string("R9")]))
        #expect(json["domain"] == nil && json["all"] == nil, "\(run.stdout)")
        guard case .int(let sequence)? = json["sequence"] else {
            Issue.record("no sequence in \(run.stdout)")
            return
        }
        #expect(sequence > 0)
    }

    @Test func deleteHelpNamesEveryKeyOfDeleteJSON() throws {
        let help = try TestDaemon().ctl(["delete", "--help"]).stdout
        for key in ["bundle", "deleted", "sequence", "type", "ids", "domain", "all"] {
            #expect(help.contains("\"\(key)\""), "delete --help does not name \(key)")
        }
    }
}
