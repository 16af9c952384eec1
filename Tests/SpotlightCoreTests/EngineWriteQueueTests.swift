import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

/// The store and the index each have their own writer queue: an acknowledgement waits for
/// the store's transaction only, never for index work.
@Suite struct EngineWriteQueueTests {
    @Test func aWriteIsAcknowledgedWhileTheIndexWriterIsBusy() async throws {
        let fixture = EngineFixture()
        let engine = try fixture.open()
        defer { engine.close() }
        let release = holdIndexWriter(engine)   // index work that lasts until the write is acknowledged
        defer { release.signal() }
        // The write races a deadline: while the index writer is held, only the store may answer.
        let sequence = try await withThrowingTaskGroup(of: UInt64?.self) { group in
            group.addTask {
                try await engine.write(.upsert([EngineFixture.event("e1", "Comet viewing")], clientState: nil)).sequence
            }
            group.addTask {
                try await Task.sleep(for: .seconds(20))
                release.signal()   // let a write stuck behind the index writer finish, and fail
                return nil
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
        #expect(sequence != nil, "the write was not acknowledged while the index writer was busy")
        #expect(sequence == engine.durableSequence)
        #expect(try engine.records(for: [RecordKey(bundle: "com.example.CometCal", type: "EventEntity", id: "e1")]).map(\.id) == ["e1"])
    }

    @Test func aSearchAfterTheIndexWriterWasBusySeesTheWrite() async throws {
        let fixture = EngineFixture()
        let engine = try fixture.open()
        defer { engine.close() }
        let release = holdIndexWriter(engine)
        _ = try await engine.write(.upsert([EngineFixture.event("e1", "Meteor shower")], clientState: nil))
        release.signal()
        let result = try await engine.search(SearchQuery(text: "meteor"))
        #expect(ids(result) == ["e1"])
    }

    @Test func aSearchWithABoundedWaitAnswersFromTheCommittedIndexAndSaysWhatItLacks() async throws {
        let fixture = EngineFixture()
        let engine = try fixture.open()
        defer { engine.close() }
        _ = try await engine.write(.upsert([EngineFixture.event("e1", "Meteor watch")], clientState: nil))
        try await committed(engine)
        let release = holdIndexWriter(engine)   // as during an import indexed in bulk
        defer { release.signal() }
        _ = try await engine.write(.upsert([EngineFixture.event("e2", "Meteor shower")], clientState: nil))
        // A search that waited for the writer would return after this release, with e2.
        DispatchQueue.global().asyncAfter(deadline: .now() + 20) { release.signal() }
        for wait in [0, 0.2] {
            let result = try await engine.search(SearchQuery(text: "meteor", maxIndexWait: wait))
            #expect(ids(result) == ["e1"], "maxIndexWait \(wait)")
            #expect(result.inexact == ["maxIndexWait: 1 acknowledged changes not yet indexed"])
        }
    }

    @Test func aSearchWithABoundedWaitSeesAWriteTheIndexTakesInTime() async throws {
        let fixture = EngineFixture()
        let engine = try fixture.open()
        defer { engine.close() }
        _ = try await engine.write(.upsert([EngineFixture.event("e1", "Meteor watch")], clientState: nil))
        let result = try await engine.search(SearchQuery(text: "meteor", maxIndexWait: 10))
        #expect(ids(result) == ["e1"])
        #expect(result.inexact == nil)
    }

    @Test func aNegativeIndexWaitIsInvalidInput() async throws {
        let fixture = EngineFixture()
        let engine = try fixture.open()
        defer { engine.close() }
        for wait in [-1, Double.nan, .infinity] {
            await #expect { try await engine.search(SearchQuery(text: "meteor", maxIndexWait: wait)) } throws: {
                ($0 as? SpotlightError)?.code == .invalidInput
            }
        }
    }

    /// Waits until the index has committed every acknowledged write (the commit follows
    /// ``SpotlightEngine/Options/commitDelay`` after the catch-up).
    func committed(_ engine: SpotlightEngine) async throws {
        for _ in 0..<200 {
            if try engine.searchIfCommitted(SearchQuery(text: nil, limit: 0)) != nil { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        Issue.record("the index did not commit within 4 s")
    }
}
