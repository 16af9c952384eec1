import Foundation
import Testing
import SpotlightCore
import SpotlightModel

@Suite struct StoreChangeLogTests {
    @Test func changesReplayUpsertsAndDeletesInOrder() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        _ = try store.upsert([storeRecord("1"), storeRecord("2")])
        _ = try store.delete(.ids(bundle: "b", type: "T", ids: ["1"]))
        let changes = try store.changes(after: 0, limit: 10)
        #expect(changes.map(\.sequence) == [1, 2, 3])
        #expect(changes.map(\.key.id) == ["1", "2", "1"])
        #expect(changes.map { $0.record?.id } == [nil, "2", nil])
    }

    @Test func changesAfterSkipsEarlierAndHonoursLimit() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        _ = try store.upsert((1...5).map { storeRecord("\($0)") })
        #expect(try store.changes(after: 2, limit: 2).map(\.sequence) == [3, 4])
    }

    @Test func pruneChangesKeepsLaterChanges() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        _ = try store.upsert((1...4).map { storeRecord("\($0)") })
        try store.pruneChanges(through: 2)
        #expect(try store.changes(after: 0, limit: 10).map(\.sequence) == [3, 4])
    }

    @Test func sequenceIsNeverReusedAfterPruningEverything() throws {
        let fixture = try StoreFixture()
        var store = try fixture.open()
        _ = try store.upsert([storeRecord("1"), storeRecord("2")])
        try store.pruneChanges(through: 2)
        store.close()
        store = try fixture.open()
        #expect(try store.upsert([storeRecord("3")]).sequence == 3)
    }
}
