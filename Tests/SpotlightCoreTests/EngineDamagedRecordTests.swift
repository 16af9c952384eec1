import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

extension EngineFixture {
    /// Overwrites the stored bytes of record `id` with a Zstandard frame whose header is
    /// damaged, on a connection of its own (SQLite's page checks cannot see it).
    func damageStoredRecord(id: String) throws {
        let store = try RecordStore(path: directory + "/store.sqlite")
        defer { store.close() }
        try store.connection.run("UPDATE records SET json = ? WHERE id = ?",
                                 [.blob(Data([0x28, 0xB5, 0x2F, 0xFD, 0x00, 0xDE, 0xAD])), .utf8(id)])
    }
}

/// A stored record that does not decode costs only itself: the engine leaves it out of the
/// index and of answers, reports it, and serves everything else.
@Suite struct EngineDamagedRecordTests {
    private static let meteors = (0..<30).map { EngineFixture.event("m\($0)", "meteor shower \($0)") }

    @Test func aSearchLeavesOutADamagedHitInsteadOfFailing() async throws {
        let fixture = EngineFixture()
        let engine = try fixture.open()
        defer { engine.close() }
        _ = try await engine.write(.upsert(Self.meteors, clientState: nil))
        _ = try await engine.search(SearchQuery(text: "meteor"))
        try fixture.damageStoredRecord(id: "m7")
        let result = try await engine.search(SearchQuery(text: "meteor", limit: 100))
        #expect(ids(result) == Self.meteors.map(\.id).filter { $0 != "m7" }.sorted())
        let status = try engine.status()
        #expect(status.indexState == "degraded")
        #expect(status.message?.contains("1 stored record does not decode (com.example.CometCal/EventEntity/m7)") == true)
    }

    @Test func aDamagedRecordInTheChangeLogDoesNotStallTheIndex() async throws {
        let fixture = EngineFixture()
        let engine = try fixture.open()
        defer { engine.close() }
        let release = holdIndexWriter(engine)
        _ = try await engine.write(.upsert(Self.meteors, clientState: nil))
        try fixture.damageStoredRecord(id: "m3")
        release.signal()
        _ = try await engine.write(.upsert([EngineFixture.event("late", "meteor after the damage")], clientState: nil))
        let result = try await engine.search(SearchQuery(text: "meteor", limit: 100))
        #expect(result.hits.count == Self.meteors.count)
        #expect(ids(result).contains("late") && !ids(result).contains("m3"))
        let status = try engine.status()
        #expect(status.lastAppliedSequence == status.storeSequence)
        #expect(status.documentCount == status.recordCount - 1)
    }

    @Test func aRebuildIndexesEveryRecordButTheDamagedOne() async throws {
        let fixture = EngineFixture()
        let engine = try fixture.open()
        defer { engine.close() }
        _ = try await engine.write(.upsert(Self.meteors, clientState: nil))
        try fixture.damageStoredRecord(id: "m0")
        let report = try await engine.rebuild()
        #expect(report.records == Self.meteors.count - 1)
        #expect(try await engine.search(SearchQuery(text: "meteor", limit: 100)).hits.count == Self.meteors.count - 1)
    }

    @Test func anUncleanStartKeepsAStoreWithADamagedRecord() async throws {
        let fixture = EngineFixture()
        let engine = try fixture.open()
        _ = try await engine.write(.upsert(Self.meteors, clientState: nil))
        engine.close()
        try fixture.damageStoredRecord(id: "m5")
        try FileManager.default.removeItem(atPath: fixture.directory + "/clean-shutdown")
        let reopened = try fixture.open()
        defer { reopened.close() }
        let names = try FileManager.default.contentsOfDirectory(atPath: fixture.directory)
        #expect(!names.contains { $0.contains("corrupt") || $0 == SpotlightEngine.storeLostMarker })
        let status = try reopened.status()
        #expect(status.recordCount == Self.meteors.count)
        #expect(status.message?.contains("com.example.CometCal/EventEntity/m5") == true)
        #expect(try await reopened.search(SearchQuery(text: "meteor", limit: 100)).hits.count == Self.meteors.count - 1)
    }

    @Test func donatingADamagedRecordAgainMendsIt() async throws {
        let fixture = EngineFixture()
        let engine = try fixture.open()
        defer { engine.close() }
        _ = try await engine.write(.upsert(Self.meteors, clientState: nil))
        try fixture.damageStoredRecord(id: "m9")
        _ = try await engine.search(SearchQuery(text: "meteor", limit: 100))
        #expect(try engine.status().indexState == "degraded")
        _ = try await engine.write(.upsert([Self.meteors[9]], clientState: nil))
        #expect(try await engine.search(SearchQuery(text: "meteor", limit: 100)).hits.count == Self.meteors.count)
        let status = try engine.status()
        #expect(status.indexState == "ok")
        #expect(status.message == nil)
    }

    @Test func aLookupByKeyLeavesOutADamagedRecordAndNamesIt() async throws {
        let fixture = EngineFixture()
        let engine = try fixture.open()
        defer { engine.close() }
        _ = try await engine.write(.upsert(Self.meteors, clientState: nil))
        try fixture.damageStoredRecord(id: "m4")
        let keys = [Self.meteors[3].key, Self.meteors[4].key, RecordKey(bundle: "com.example.CometCal", type: "EventEntity", id: "never")]
        #expect(try engine.records(for: keys).map(\.id) == ["m3"])
        #expect(engine.damagedKeys(among: keys) == [Self.meteors[4].key])
        _ = try await engine.write(.upsert([Self.meteors[4]], clientState: nil))
        #expect(try engine.records(for: keys).map(\.id) == ["m3", "m4"])
        #expect(engine.damagedKeys(among: keys).isEmpty)
    }

    @Test func aCheckListsTheDamagedKeysAndFindsTheIndexSound() async throws {
        let fixture = EngineFixture()
        let engine = try fixture.open()
        defer { engine.close() }
        _ = try await engine.write(.upsert(Self.meteors, clientState: nil))
        try fixture.damageStoredRecord(id: "m2")
        _ = try await engine.rebuild()
        let report = try await engine.checkConsistency()
        #expect(report.damagedRecords == [Self.meteors[2].key])
        #expect(report.storeProblems.count == 1)
        #expect(report.indexProblems.isEmpty)
        #expect(report.documentCount == Self.meteors.count - 1)
    }
}
