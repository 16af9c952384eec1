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

    /// Keeps the engine's index writer busy until the returned semaphore is signalled.
    func holdIndexWriter(_ engine: SpotlightEngine) -> DispatchSemaphore {
        let release = DispatchSemaphore(value: 0)
        let busy = DispatchSemaphore(value: 0)
        engine.writer.async {
            busy.signal()
            release.wait()
        }
        busy.wait()
        return release
    }
}
