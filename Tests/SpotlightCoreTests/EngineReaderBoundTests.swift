import Foundation
import Synchronization
import Testing
@testable import SpotlightCore
import SpotlightModel

/// `maxReaders` bounds the searches that run on read-only index handles at once, not only
/// the handles kept idle.
@Suite struct EngineReaderBoundTests {
    @Test func concurrentSearchesNeverUseMoreReadersThanMaxReaders() async throws {
        let fixture = EngineFixture()
        var options = SpotlightEngine.Options()
        options.commitDelay = 0.05
        options.maxReaders = 2
        let engine = try SpotlightEngine(dataDirectory: fixture.directory, options: options)
        defer { engine.close() }
        let records = (0..<500).map { EngineFixture.event("e\($0)", "Comet viewing night number\($0) under dark skies") }
        _ = try await engine.write(.upsert(records, clientState: nil))
        let deadline = Date().addingTimeInterval(10)
        while try engine.searchIfCommitted(SearchQuery(text: "comet")) == nil, Date() < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }

        // Eight threads search at once, each many times: without the bound they overlap on
        // more than two readers.
        let answered = Mutex(0)
        let done = DispatchGroup()
        for _ in 0..<8 {
            done.enter()
            Thread {
                for n in 0..<40 {
                    if let result = try? engine.searchIfCommitted(SearchQuery(text: "comet night", limit: 50 + n)),
                       !result.hits.isEmpty {
                        answered.withLock { $0 += 1 }
                    }
                }
                done.leave()
            }.start()
        }
        await withCheckedContinuation { continuation in done.notify(queue: .global()) { continuation.resume() } }
        #expect(answered.withLock { $0 } == 8 * 40)
        let most = engine.readersInUse.withLock { $0.most }
        #expect(most >= 1 && most <= 2, "at most \(most) readers were in use at once")
    }
}
