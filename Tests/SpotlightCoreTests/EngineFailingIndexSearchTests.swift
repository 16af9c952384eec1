import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

/// While the index cannot take changes (a full disk, an I/O error), searches are answered from
/// what it has committed. They used to say nothing of what that left out, so a record an app
/// was told is stored was simply not found, even by a query with `maxIndexWait`.
@Suite struct EngineFailingIndexSearchTests {
    @Test func aSearchWhileTheIndexFailsSaysHowManyAcknowledgedChangesItLacks() async throws {
        let fixture = EngineFixture()
        let engine = try fixture.open()
        defer { engine.close() }
        _ = try await engine.write(.upsert([EngineFixture.event("e1", "Meteor watch")], clientState: nil))
        for _ in 0..<200 where !engine.shared.withLock({ $0.committedSequence >= $0.durableSequence }) {
            try await Task.sleep(for: .milliseconds(20))
        }
        engine.writer.sync {
            engine.indexRetryDelay = 3600   // no retry catches up during the test
            engine.recoverIndex(after: SpotlightError(.io, "an injected full disk"))
        }
        _ = try await engine.write(.upsert([EngineFixture.event("e2", "Meteor shower")], clientState: nil))
        for wait in [nil, 5] as [Double?] {
            let result = try await engine.search(SearchQuery(text: "meteor", maxIndexWait: wait))
            #expect(ids(result) == ["e1"], "maxIndexWait \(String(describing: wait))")
            #expect(result.inexact == ["index: 1 acknowledged changes not yet indexed (the index cannot take them now; status says why)"])
        }
    }
}
