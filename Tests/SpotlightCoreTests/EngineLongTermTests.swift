import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

/// A record whose domain is past Xapian's term limit, as a store could take one before
/// donations were checked for it: the index holds it (its domain term hashed) instead of
/// failing on it at every change.
@Suite struct EngineLongTermTests {
    static let longDomain = "calendar." + String(repeating: "d", count: 1_000)

    /// Rewrites record `id`'s stored JSON as `record`, past the store's checks.
    func store(_ record: Record, as id: String, in fixture: EngineFixture) throws {
        let store = try RecordStore(path: fixture.directory + "/store.sqlite")
        defer { store.close() }
        try store.connection.run("UPDATE records SET json = ? WHERE id = ?", [.blob(try StoredJSON.encode(record)), .utf8(id)])
    }

    @Test func aDonationWithADomainPastTheTermLimitIsRefused() async throws {
        let fixture = EngineFixture()
        let engine = try fixture.open()
        defer { engine.close() }
        var record = EngineFixture.event("n1", "nebula")
        record.domain = Self.longDomain
        await #expect(throws: SpotlightError.self) { _ = try await engine.write(.upsert([record], clientState: nil)) }
    }

    @Test func aRebuildIndexesAStoredRecordWhoseDomainIsPastTheTermLimit() async throws {
        let fixture = EngineFixture()
        var record = EngineFixture.event("n1", "nebula")
        do {
            let engine = try fixture.open()
            _ = try await engine.write(.upsert([record], clientState: nil))
            engine.close()
        }
        record.domain = Self.longDomain
        try store(record, as: "n1", in: fixture)
        let engine = try fixture.open()
        defer { engine.close() }
        let report = try await engine.rebuild()
        #expect(report.records == 1)
        let found = try await engine.search(SearchQuery(text: "nebula", types: ["EventEntity"]))
        #expect(found.hits.map(\.record.domain) == [Self.longDomain])
        #expect(try engine.status().indexState == "ok")
    }

    @Test func theIndexCatchesUpPastAStoredRecordWhoseDomainIsPastTheTermLimit() async throws {
        let fixture = EngineFixture()
        let engine = try fixture.open()
        defer { engine.close() }
        let release = holdIndexWriter(engine)
        var record = EngineFixture.event("n1", "nebula")
        _ = try await engine.write(.upsert([record], clientState: nil))
        record.domain = Self.longDomain
        try store(record, as: "n1", in: fixture)
        release.signal()
        _ = try await engine.write(.upsert([EngineFixture.event("n2", "nebula later")], clientState: nil))
        let found = try await engine.search(SearchQuery(text: "nebula"))
        #expect(ids(found) == ["n1", "n2"])
        let status = try engine.status()
        #expect(status.lastAppliedSequence == status.storeSequence)
        #expect(status.indexState == "ok")
    }
}
