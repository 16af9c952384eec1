import Foundation
import Testing
import SpotlightCore
import SpotlightModel

@Suite struct StoreGroupCommitTests {
    private func state(_ text: String) -> Data { Data(text.utf8) }

    @Test func clientStateSwapSucceedsWhenExpectedMatches() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let first = ClientStateUpdate(expected: .some(nil), new: state("v1"))
        let second = ClientStateUpdate(expected: .some(state("v1")), new: state("v2"))
        let results = try store.apply([.upsert([storeRecord("1")], clientState: first),
                                       .upsert([storeRecord("2")], clientState: second)])
        #expect(results.allSatisfy { (try? $0.get()) != nil })
        #expect(try store.clientState(bundle: "b") == state("v2"))
    }

    @Test func clientStateConflictFailsAndStoresNoRecord() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        _ = try store.apply([.upsert([storeRecord("1")], clientState: .init(expected: nil, new: state("v1")))])
        let stale = ClientStateUpdate(expected: .some(state("v0")), new: state("v2"))
        let results = try store.apply([.upsert([storeRecord("2")], clientState: stale)])
        guard case .failure(let error) = results[0] else { Issue.record("write succeeded"); return }
        #expect(error.code == .conflict)
        #expect(try store.allIDs() == ["1"])
        #expect(try store.clientState(bundle: "b") == state("v1"))
    }

    @Test func clientStateIsPerBundle() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let fresh = ClientStateUpdate(expected: .some(nil), new: state("x"))
        let results = try store.apply([.upsert([storeRecord("1", bundle: "p")], clientState: fresh),
                                       .upsert([storeRecord("2", bundle: "q")], clientState: fresh)])
        #expect(results.allSatisfy { (try? $0.get()) != nil })
        #expect(try store.clientState(bundle: "p") == state("x"))
        #expect(try store.clientState(bundle: "r") == nil)
    }

    @Test func clientStateBatchWithAnotherBundleIsInvalidInput() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let update = ClientStateUpdate(expected: nil, new: state("x"))
        let results = try store.apply([.upsert([storeRecord("1", bundle: "p"), storeRecord("2", bundle: "q")],
                                               clientState: update)])
        guard case .failure(let error) = results[0] else { Issue.record("write succeeded"); return }
        #expect(error.code == .invalidInput)
        #expect(try store.allIDs() == [])
        #expect(try store.clientState(bundle: "p") == nil)
    }

    @Test func failingWriteInGroupLeavesOtherWritesCommitted() throws {
        let fixture = try StoreFixture()
        var store = try fixture.open()
        let results = try store.apply([
            .upsert([storeRecord("before")], clientState: nil),
            .upsert([storeRecord("bad-neighbour"), storeRecord("")], clientState: nil),
            .upsert([storeRecord("conflict")], clientState: .init(expected: .some(state("nope")), new: state("x"))),
            .delete(.ids(bundle: "b", type: "T", ids: ["before"])),
            .upsert([storeRecord("after")], clientState: nil),
        ])
        #expect(results.map { (try? $0.get()) != nil } == [true, false, false, true, true])
        #expect(try results[4].get().sequence == 3)
        store.close()
        store = try fixture.open()
        #expect(try store.allIDs() == ["after"])
    }
}
