import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

/// A front's search with ``SearchQuery/maxIndexWait``: the bound applies to its own index as
/// it does without shards; the shards are searched at what they have committed.
@Suite struct EngineShardIndexWaitTests {
    static let shardBundle = "com.example.ShardApp"

    @Test func aFrontsBoundedWaitAnswersFromItsCommittedIndexAndTheShards() async throws {
        let (front, shard, fixtures) = try await frontOverOneShard()
        defer { front.close(); shard.close(); _ = fixtures }
        _ = try await front.write(.upsert([EngineFixture.event("e1", "Meteor watch")], clientState: nil))
        try await committed(front)
        let release = holdIndexWriter(front)   // as during an import indexed in bulk
        defer { release.signal() }
        _ = try await front.write(.upsert([EngineFixture.event("e2", "Meteor shower")], clientState: nil))
        // A search that waited for the writer would return only after this release, with e2.
        DispatchQueue.global().asyncAfter(deadline: .now() + 20) { release.signal() }
        let result = try await front.search(SearchQuery(text: "meteor", maxIndexWait: 0.2))
        #expect(ids(result) == ["e1", "s1"])
        #expect(result.inexact == ["maxIndexWait: 1 acknowledged changes not yet indexed"])
        #expect(result.missingShards == nil)
    }

    @Test func aFrontsBoundedWaitSeesAWriteItsIndexTakesInTime() async throws {
        let (front, shard, fixtures) = try await frontOverOneShard()
        defer { front.close(); shard.close(); _ = fixtures }
        _ = try await front.write(.upsert([EngineFixture.event("e1", "Meteor watch")], clientState: nil))
        let result = try await front.search(SearchQuery(text: "meteor", maxIndexWait: 10))
        #expect(ids(result) == ["e1", "s1"])
        #expect(result.inexact == nil)
    }

    /// A front engine over one shard: another engine's committed index, holding record s1
    /// (with its record in the index, as a shard's owner keeps it).
    func frontOverOneShard() async throws -> (SpotlightEngine, SpotlightEngine, [EngineFixture]) {
        let shardFixture = EngineFixture(), frontFixture = EngineFixture()
        var shardOptions = SpotlightEngine.Options()
        shardOptions.commitDelay = 0.05
        shardOptions.recordsInIndex = true
        let shard = try SpotlightEngine(dataDirectory: shardFixture.directory, options: shardOptions)
        let record = EngineFixture.event("s1", "Meteor count", bundle: Self.shardBundle)
        _ = try await shard.write(.upsert([record], clientState: nil))
        try await committed(shard)
        let generation = try FileManager.default.destinationOfSymbolicLink(atPath: shardFixture.directory + "/index")
        var options = SpotlightEngine.Options()
        options.commitDelay = 0.05
        options.shards = ShardLayout(shards: [Shard(name: "one", database: .local(path: shardFixture.directory + "/" + generation),
                                                    bundles: [Self.shardBundle])])
        let front = try SpotlightEngine(dataDirectory: frontFixture.directory, options: options)
        return (front, shard, [shardFixture, frontFixture])
    }

    func committed(_ engine: SpotlightEngine) async throws {
        for _ in 0..<200 {
            if engine.shared.withLock({ $0.committedSequence >= $0.durableSequence }) { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        Issue.record("the index did not commit within 4 s")
    }
}
