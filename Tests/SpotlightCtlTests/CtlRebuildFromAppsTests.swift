import Foundation
import Testing
import SpotlightModel

/// What `spotlightctl rebuild --from-apps` says it did. It printed "rebuilt the index from N
/// records" with N the records the apps re-donated, while the store also held records no app
/// donates: neither the index nor the store was what the number counted.
@Suite struct CtlRebuildFromAppsTests {
    @Test func aRebuildFromTheAppsSaysWhatTheAppsRedonatedAndWhatTheStoreHolds() async throws {
        let daemon = try await TestDaemon().start()
        try daemon.importRecords(sampleRecords(5))   // a granted tool's records: no app re-donates them
        let fixture = productsDirectory.appendingPathComponent("intentkit-fixture").path
        try #require(daemon.ctl(["apps", "register", fixture]).code == 0)
        let run = daemon.ctl(["rebuild", "--from-apps"])
        #expect(run.code == 0, "\(run.stderr)")
        let summary = try #require(run.stdout.split(separator: "\n").last.map(String.init))
        #expect(summary.hasPrefix("the apps re-donated "), "\(run.stdout)")
        #expect(summary.hasSuffix("; the store holds 5 records"), "\(run.stdout)")
    }

    /// It printed no progress at all: spotlightd reported none for a rebuild from the apps.
    @Test func aRebuildFromTheAppsReportsItsProgressInApps() async throws {
        let daemon = try await TestDaemon().start()
        let fixture = productsDirectory.appendingPathComponent("intentkit-fixture").path
        try #require(daemon.ctl(["apps", "register", fixture]).code == 0)
        let run = daemon.ctl(["rebuild", "--from-apps", "--json"])
        #expect(run.code == 0, "\(run.stderr)")
        let last = try #require(run.stderr.split(separator: "\n").last.map(String.init), "no progress")
        #expect(last == #"{"done":1,"progress":"re-donation","total":1}"#, "\(run.stderr)")
    }
}
