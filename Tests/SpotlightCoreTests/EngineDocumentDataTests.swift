import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

/// By default the index's documents hold only keys and hits are read from the record store;
/// `recordsInIndex` keeps the JSON too, for an index searched without its store (a shard).
@Suite struct EngineDocumentDataTests {
    private func engine(_ fixture: EngineFixture, recordsInIndex: Bool) throws -> SpotlightEngine {
        var options = SpotlightEngine.Options()
        options.commitDelay = 0.05
        options.recordsInIndex = recordsInIndex
        return try SpotlightEngine(dataDirectory: fixture.directory, options: options)
    }

    private func donate(_ engine: SpotlightEngine, _ records: Record...) async throws {
        _ = try await engine.write(.upsert(records, clientState: nil))
    }

    /// The committed index opened alone, without the engine's store.
    private func searchIndexAlone(_ fixture: EngineFixture, _ text: String) throws -> SearchResult {
        let index = try SearchIndex.openReadOnly(.local(path: fixture.directory + "/index"))
        defer { index.close() }
        return try index.search(SearchQuery(text: text), now: Date())
    }

    @Test func hitsAreReadFromTheStoreExactlyAsDonated() async throws {
        let fixture = EngineFixture()
        let engine = try engine(fixture, recordsInIndex: false)
        defer { engine.close() }
        let donated = record("1", "Supernova Viewing Party", properties: ["n": .int(9_007_199_254_740_993)])
        try await donate(engine, donated)
        #expect(try await engine.search(SearchQuery(text: "supernova")).hits.map(\.record) == [donated])
    }

    @Test func documentsHoldOnlyKeysByDefault() async throws {
        let fixture = EngineFixture()
        let engine = try engine(fixture, recordsInIndex: false)
        try await donate(engine, record("1", "Supernova Viewing Party"))
        engine.close()
        #expect(throws: SpotlightError.self) { try searchIndexAlone(fixture, "supernova") }
    }

    @Test func recordsInIndexKeepsTheRecordsInTheDocuments() async throws {
        let fixture = EngineFixture()
        let engine = try engine(fixture, recordsInIndex: true)
        let donated = record("1", "Supernova Viewing Party")
        try await donate(engine, donated)
        engine.close()
        #expect(try searchIndexAlone(fixture, "supernova").hits.map(\.record) == [donated])
    }

    /// After an index failure the writer is reopened (recoverIndex); what it writes next must
    /// still hold the records, or a shard's index would serve keys it cannot resolve.
    @Test func recordsInIndexSurvivesAnIndexFailure() async throws {
        let fixture = EngineFixture()
        let engine = try engine(fixture, recordsInIndex: true)
        engine.writer.sync { engine.recoverIndex(after: SpotlightError(.io, "an injected index failure")) }
        let donated = record("1", "Supernova Viewing Party")
        try await donate(engine, donated)
        engine.close()
        #expect(try searchIndexAlone(fixture, "supernova").hits.map(\.record) == [donated])
    }

    @Test func turningRecordsInIndexOnRebuildsTheIndexWithTheRecords() async throws {
        let fixture = EngineFixture()
        let first = try engine(fixture, recordsInIndex: false)
        let donated = record("1", "Supernova Viewing Party")
        try await donate(first, donated)
        first.close()
        let second = try engine(fixture, recordsInIndex: true)
        await second.startupRebuild?.value
        second.close()
        #expect(try searchIndexAlone(fixture, "supernova").hits.map(\.record) == [donated])
    }

    @Test func aHitWhoseRecordTheStoreNoLongerHasIsLeftOut() throws {
        let t = try TempIndex()
        t.index.documentData = .key
        let kept = record("2", "Supernova two")
        try t.add(record("1", "Supernova one"), kept)
        // The store took a deletion of record 1 that this revision of the index predates.
        t.index.recordLookup = RecordLookup(records: { keys in keys.contains(kept.key) ? [kept] : [] })
        #expect(try t.ids("supernova") == ["2"])
    }

    @Test func aShardRecordMissingFromTheStoreIsAnError() throws {
        let t = try TempIndex()
        t.index.documentData = .key
        try t.add(record("1", "Supernova one"))
        t.index.recordLookup = RecordLookup(records: { _ in [] }, mustFind: { _ in true })
        #expect(throws: SpotlightError.self) { try t.ids("supernova") }
    }
}
