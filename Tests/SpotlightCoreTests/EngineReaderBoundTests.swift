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
        let engine = try await Self.engineOfComets(in: fixture, maxReaders: 2)
        defer { engine.close() }
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

    /// `search` answers on the calling task's thread when a reader is idle, and otherwise
    /// waits for one off the pool: many tasks searching at once stay within the bound too.
    @Test func concurrentAsyncSearchesStayWithinMaxReaders() async throws {
        let fixture = EngineFixture()
        let engine = try await Self.engineOfComets(in: fixture, maxReaders: 1)
        defer { engine.close() }

        let answered = try await withThrowingTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var found = 0
                    for n in 0..<25 where !(try await engine.search(SearchQuery(text: "comet night", limit: 40 + task + n))).hits.isEmpty {
                        found += 1
                    }
                    return found
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(answered == 8 * 25)
        let most = engine.readersInUse.withLock { $0.most }
        #expect(most == 1, "\(most) readers were in use at once")
    }

    /// An engine in `fixture` holding 500 records that match "comet night".
    private static func engineOfComets(in fixture: EngineFixture, maxReaders: Int) async throws -> SpotlightEngine {
        var options = SpotlightEngine.Options()
        options.commitDelay = 0.05
        options.maxReaders = maxReaders
        let engine = try SpotlightEngine(dataDirectory: fixture.directory, options: options)
        let records = (0..<500).map { EngineFixture.event("e\($0)", "Comet viewing night number\($0) under dark skies") }
        do { _ = try await engine.write(.upsert(records, clientState: nil)) } catch { engine.close(); throw error }
        return engine
    }
}
