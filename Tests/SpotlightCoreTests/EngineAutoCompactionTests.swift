import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

/// An index that took many changes since its last compaction is compacted in the background.
@Suite struct EngineAutoCompactionTests {
    private func engine(_ fixture: EngineFixture, _ lines: LogLines, threshold: Int?) throws -> SpotlightEngine {
        var options = SpotlightEngine.Options()
        options.commitDelay = 0.01
        options.commitBatchSize = 100
        options.autoCompactChanges = threshold
        options.log = lines.log
        return try SpotlightEngine(dataDirectory: fixture.directory, options: options)
    }

    private func donate(_ engine: SpotlightEngine, count: Int) async throws {
        for start in stride(from: 0, to: count, by: 100) {
            let records = (start..<min(count, start + 100)).map { record("r\($0)", "Nebula survey \($0)") }
            _ = try await engine.write(.upsert(records, clientState: nil))
        }
    }

    private func waitForCompaction(_ lines: LogLines) async throws -> Bool {
        for _ in 0..<400 {
            if lines.contain("compacted the index") { return true }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        return false
    }

    @Test func anIndexThatTookManyChangesIsCompactedAndKeepsEveryRecord() async throws {
        let fixture = EngineFixture()
        let lines = LogLines()
        let engine = try engine(fixture, lines, threshold: 300)
        defer { engine.close() }
        try await donate(engine, count: 600)
        #expect(try await waitForCompaction(lines))
        let result = try await engine.search(SearchQuery(text: "nebula", limit: 1000))
        #expect(result.hits.count == 600)
    }

    @Test func noThresholdNeverCompacts() async throws {
        let fixture = EngineFixture()
        let lines = LogLines()
        let engine = try engine(fixture, lines, threshold: nil)
        try await donate(engine, count: 600)
        engine.close()
        #expect(!lines.contain("compact"))
    }

    @Test func closingDuringACompactionLeavesASoundIndex() async throws {
        let fixture = EngineFixture()
        let lines = LogLines()
        let first = try engine(fixture, lines, threshold: 300)
        try await donate(first, count: 600)
        first.close()
        let second = try engine(fixture, lines, threshold: nil)
        defer { second.close() }
        #expect(try await second.search(SearchQuery(text: "nebula", limit: 1000)).hits.count == 600)
        #expect(!lines.contain("rebuilding"))
    }

    @Test func aRebuildAskedForDuringACompactionWaitsForIt() async throws {
        let fixture = EngineFixture()
        let lines = LogLines()
        let engine = try engine(fixture, lines, threshold: 300)
        defer { engine.close() }
        try await donate(engine, count: 600)
        let report = try await engine.rebuild()
        #expect(report.records == 600)
        #expect(try await engine.search(SearchQuery(text: "nebula", limit: 1000)).hits.count == 600)
    }
}
