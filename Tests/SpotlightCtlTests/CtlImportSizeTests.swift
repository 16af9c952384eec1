import Foundation
import Testing
import SpotlightModel

/// `spotlightctl import` sent 1000 records per call whatever their size, so a file of valid
/// 20 KiB records failed at its first call, over the frame limit, and imported nothing.
@Suite struct CtlImportSizeTests {
    @Test func aFileOfLargeRecordsIsImportedInCallsThatFitAFrame() async throws {
        let daemon = try await TestDaemon().start()
        let text = String(repeating: "z", count: 20_000)
        try daemon.importRecords((0..<1000).map { Record(bundle: grantedBundle, type: "Note", id: "n\($0)", title: "big \($0) " + text) })
        let run = daemon.ctl(["status", "--json"])
        let index = try run.json([String: JSONValue].self)["index"]
        #expect(index?["recordCount"] == .int(1000), "\(run.stdout)")
    }
}
