import Foundation
import Testing
import SpotlightCore
import SpotlightModel

@Suite struct StoreWriteTests {
    @Test func upsertedRecordIsReadBackWhole() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        var record = storeRecord("E1", domain: "a.b", expiration: Date(timeIntervalSince1970: 2_000_000_000))
        record.properties["when"] = .date(Date(timeIntervalSince1970: 1_780_000_000))
        record.rankingHint = 30
        _ = try store.upsert([record])
        #expect(try store.records(for: [record.key]) == [record])
    }

    @Test func recordsForKeysSkipsMissingAndKeepsInputOrder() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        _ = try store.upsert([storeRecord("1"), storeRecord("2")])
        let keys = ["2", "missing", "1"].map { RecordKey(bundle: "b", type: "T", id: $0) }
        #expect(try store.records(for: keys).map(\.id) == ["2", "1"])
    }

    @Test func redonationReplacesAndGetsNewSequence() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let first = try store.upsert([storeRecord("1", title: "old")])
        let second = try store.upsert([storeRecord("1", title: "new")])
        #expect(second.sequence > first.sequence)
        #expect(try store.records(for: [storeRecord("1").key]).map(\.title) == ["new"])
        #expect(try store.counts().first?.total == 1)
    }

    @Test func sequencesIncreaseAndSurviveReopen() throws {
        let fixture = try StoreFixture()
        var store = try fixture.open()
        let first = try store.upsert([storeRecord("1"), storeRecord("2")])
        #expect(first.sequence == 2)
        store.close()
        store = try fixture.open()
        #expect(try store.lastSequence() == 2)
        #expect(try store.upsert([storeRecord("3")]).sequence == 3)
    }

    @Test func writeIsDurableAcrossCloseAndReopen() throws {
        let fixture = try StoreFixture()
        do {
            let store = try fixture.open()
            _ = try store.upsert([storeRecord("kept")])
        }   // released without an explicit close
        let reopened = try fixture.open()
        #expect(try reopened.allIDs() == ["kept"])
    }

    @Test func identifierWithNULAnd300BytesRoundTrips() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let id = "a\u{0}b/c|d" + String(repeating: "é", count: 147)
        #expect(id.utf8.count >= 300)
        let record = storeRecord(id, type: "T\u{0}x")
        _ = try store.upsert([record, storeRecord("a")])
        #expect(try store.records(for: [record.key]) == [record])
        #expect(try store.changes(after: 0, limit: 10).first?.key == record.key)
    }

    @Test(arguments: [
        storeRecord(""), storeRecord("1", bundle: ""), storeRecord("1", type: ""),
        Record(bundle: "b", type: "T", id: "1", title: "t", rankingHint: 101),
    ])
    func invalidRecordIsRejectedAndNothingStored(record: Record) throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        #expect(throws: SpotlightError.self) { try store.upsert([storeRecord("ok"), record]) }
        #expect(try store.allIDs() == [])
        #expect(try store.lastSequence() == 0)
    }

    @Test func callAfterCloseThrows() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        store.close()
        #expect(throws: SpotlightError.self) { try store.lastSequence() }
    }
}
