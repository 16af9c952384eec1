import Foundation
import Testing
import SpotlightCore
import SpotlightModel

/// The record store's side of batches: staged writes are invisible until the commit, which
/// applies them in order in one transaction, or not at all.
@Suite struct StoreBatchTests {
    let batch = BatchID("t-1")

    @Test func stagedWritesAreNeitherRecordsNorChangesUntilTheCommit() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        _ = try store.upsert([storeRecord("old")])
        let sequence = try store.lastSequence()
        let results = try store.apply([.stage(batch, [.upsert([storeRecord("new")]), .delete(.ids(bundle: "b", type: "T", ids: ["old"]))])])
        #expect(try results[0].get().changed.isEmpty)
        #expect(try store.allIDs() == ["old"])
        #expect(try store.lastSequence() == sequence)
        #expect(try store.changes(after: sequence, limit: 10).isEmpty)
        #expect(try store.stagedOperationCount(batch) == 2)

        let commit = try store.apply([.commitBatch(batch, bundle: "b", clientState: nil)])[0].get()
        #expect(commit.changed.map(\.id) == ["new", "old"])
        #expect(try store.allIDs() == ["new"])
        #expect(try store.changes(after: sequence, limit: 10).map(\.key.id) == ["new", "old"])
        #expect(try store.stagedOperationCount() == 0)
    }

    @Test func theCommitAppliesWritesInTheOrderTheyWereStaged() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        _ = try store.apply([.stage(batch, [.upsert([storeRecord("a"), storeRecord("b", domain: "d.x")])])])
        _ = try store.apply([.stage(batch, [.delete(.ids(bundle: "b", type: "T", ids: ["a"])), .delete(.domain(bundle: "b", domain: "d"))])])
        _ = try store.apply([.stage(batch, [.upsert([storeRecord("a", title: "again")])])])
        _ = try store.apply([.commitBatch(batch, bundle: "b", clientState: nil)])
        #expect(try store.records(for: [RecordKey(bundle: "b", type: "T", id: "a")]).map(\.title) == ["again"])
        #expect(try store.allIDs() == ["a"])
    }

    @Test func aMismatchedClientStateAppliesNothingAndKeepsTheStagedWritesForTheirDiscard() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        _ = try store.apply([.upsert([storeRecord("x")], clientState: ClientStateUpdate(expected: .some(nil), new: Data("v1".utf8)))])
        _ = try store.apply([.stage(batch, [.upsert([storeRecord("y")]), .delete(.bundle("b"))])])
        let result = try store.apply([.commitBatch(batch, bundle: "b",
                                                   clientState: ClientStateUpdate(expected: .some(Data("v0".utf8)), new: Data("v2".utf8)))])
        #expect(throws: SpotlightError.self) { try result[0].get() }
        #expect(try store.allIDs() == ["x"])
        #expect(try store.clientState(bundle: "b") == Data("v1".utf8))
        #expect(try store.stagedOperationCount(batch) == 2)
        _ = try store.apply([.discardBatch(batch)])
        #expect(try store.stagedOperationCount(batch) == 0)
        #expect(try store.allIDs() == ["x"])
    }

    @Test func aBadRecordFailsItsStagingNotTheCommit() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let results = try store.apply([.stage(batch, [.upsert([storeRecord("ok"), storeRecord("")])])])
        #expect(throws: SpotlightError.self) { try results[0].get() }
        #expect(try store.stagedOperationCount(batch) == 0)
    }

    @Test func reopeningTheStoreForgetsEveryBatch() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        _ = try store.apply([.stage(batch, [.upsert([storeRecord("ghost")])]), .stage(BatchID("t-2"), [.delete(.bundle("b"))])])
        store.close()
        let reopened = try fixture.open()
        #expect(try reopened.discardAllBatches() == 2)
        #expect(try reopened.stagedOperationCount() == 0)
        #expect(try reopened.allIDs().isEmpty)
    }
}
