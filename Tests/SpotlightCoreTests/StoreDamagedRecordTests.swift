import Foundation
import Synchronization
import Testing
@testable import SpotlightCore
import SpotlightModel

/// With ``RecordStore/onDamagedRecord`` set, reads leave out records that do not decode and
/// report them; without it they throw, naming the key.
@Suite struct StoreDamagedRecordTests {
    private static let records = (0..<10).map { Record(bundle: "b", type: "T", id: "r\($0)", title: "title \($0)") }

    /// A store holding `records` with the rows of `damaged` overwritten by bytes that are no
    /// stored form, and a handler collecting the keys it is told of.
    private final class Told: Sendable {
        let keys = Mutex<[RecordKey]>([])
        var ids: [String] { keys.withLock { $0.map(\.id) } }
    }

    private func damagedStore(_ fixture: StoreFixture, _ damaged: [String]) throws -> (RecordStore, Told) {
        let store = try fixture.open()
        _ = try store.upsert(Self.records)
        for id in damaged {
            try store.connection.run("UPDATE records SET json = ? WHERE id = ?", [.blob(Data("not a record".utf8)), .utf8(id)])
        }
        let told = Told()
        store.onDamagedRecord = { key, _ in told.keys.withLock { $0.append(key) } }
        return (store, told)
    }

    @Test func aPassOverEveryRecordGoesOnPastBatchesOfDamagedRecords() throws {
        let fixture = try StoreFixture()
        let (store, told) = try damagedStore(fixture, ["r2", "r3", "r4", "r9"])
        var seen: [String] = []
        try store.forEachRecord(bundle: nil, batchSize: 3) { seen += $0.map(\.id) }
        #expect(seen == ["r0", "r1", "r5", "r6", "r7", "r8"])
        #expect(told.ids == ["r2", "r3", "r4", "r9"])
    }

    @Test func theChangeLogReadsADamagedRecordAsAbsentAndMarksIt() throws {
        let fixture = try StoreFixture()
        let (store, _) = try damagedStore(fixture, ["r1"])
        let changes = try store.changes(after: 0, limit: 100)
        #expect(changes.count == Self.records.count)
        #expect(changes.filter(\.damaged).map(\.key.id) == ["r1"])
        #expect(changes.filter { $0.record == nil }.map(\.key.id) == ["r1"])
    }

    @Test func aPageOfRecordsLeavesOutADamagedOne() throws {
        let fixture = try StoreFixture()
        let (store, told) = try damagedStore(fixture, ["r6"])
        #expect(try store.records(for: Self.records.map(\.key)).map(\.id) == Self.records.map(\.id).filter { $0 != "r6" })
        #expect(try store.recordJSON(for: Self.records.map(\.key)).count == Self.records.count - 1)
        #expect(told.ids == ["r6", "r6"])
    }

    @Test func findDamageTellsDamagedRecordsFromAFileThatCannotBeTrusted() throws {
        let fixture = try StoreFixture()
        let (store, _) = try damagedStore(fixture, ["r8"])
        let damage = try store.findDamage()
        #expect(damage.fileProblems.isEmpty)
        #expect(damage.damagedKeys.map(\.id) == ["r8"])
        #expect(damage.recordProblems.count == 1)
    }
}
