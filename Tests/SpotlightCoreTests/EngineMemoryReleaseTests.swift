import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

/// After a burst of writes pauses, the engine gives the memory it freed back to the system.
@Suite struct EngineMemoryReleaseTests {
    private static let released = "gave freed memory back after"

    private func engine(_ fixture: EngineFixture, _ lines: LogLines) throws -> SpotlightEngine {
        var options = SpotlightEngine.Options()
        options.commitDelay = 0.01
        options.bulkCatchUpChanges = nil
        options.log = lines.log
        return try SpotlightEngine(dataDirectory: fixture.directory, options: options)
    }

    private func donate(_ engine: SpotlightEngine, count: Int) async throws {
        for start in stride(from: 0, to: count, by: 250) {
            let records = (start..<min(count, start + 250)).map { record("r\($0)", "Nebula survey \($0)") }
            _ = try await engine.write(.upsert(records, clientState: nil))
        }
        _ = try await engine.search(SearchQuery(text: "nebula", limit: 1))
    }

    @Test func aBurstOfAThousandChangesIsFollowedByOneReleaseOncePaused() async throws {
        let fixture = EngineFixture()
        let lines = LogLines()
        let engine = try engine(fixture, lines)
        defer { engine.close() }
        try await donate(engine, count: Int(SpotlightEngine.memoryReleaseChanges))
        var waited = 0.0
        while lines.count(Self.released) == 0 && waited < 10 {
            try await Task.sleep(for: .milliseconds(50))
            waited += 0.05
        }
        #expect(lines.count(Self.released) == 1)
    }

    @Test func fewChangesReleaseNothing() async throws {
        let fixture = EngineFixture()
        let lines = LogLines()
        let engine = try engine(fixture, lines)
        defer { engine.close() }
        try await donate(engine, count: 100)
        try await Task.sleep(for: .seconds(SpotlightEngine.memoryReleaseIdleDelay + 0.5))
        #expect(lines.count(Self.released) == 0)
    }
}
