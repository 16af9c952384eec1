import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

/// The expiry sweep's deletions are store writes like donations: status counts them.
@Suite struct EngineSweepTests {
    @Test func statusCountsTheSweepsDeletionsAsStored() async throws {
        let fixture = EngineFixture()
        var options = SpotlightEngine.Options()
        options.commitDelay = 0.05
        options.sweepInterval = 0.1
        let engine = try SpotlightEngine(dataDirectory: fixture.directory, options: options)
        defer { engine.close() }
        var brief = EngineFixture.event("brief", "Passing comet")
        brief.expiration = Date(timeIntervalSinceNow: 0.3)
        _ = try await engine.write(.upsert([brief, EngineFixture.event("kept", "Fixed star")], clientState: nil))
        let deadline = Date().addingTimeInterval(10)
        var status = try engine.status()
        while Date() < deadline, status.recordCount != 1 || status.lastAppliedSequence < 3 {
            try await Task.sleep(nanoseconds: 50_000_000)
            status = try engine.status()
        }
        #expect(status.recordCount == 1)
        #expect(status.storeSequence == 3)
        #expect(status.lastAppliedSequence == 3)
    }
}
