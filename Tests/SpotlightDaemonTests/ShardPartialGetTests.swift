import Foundation
import Testing
import SpotlightKit

/// Reading records by key through a front is marked partial when a shard is down, as a query
/// is: an app reading through SpotlightKit learns which shard did not answer, instead of
/// taking the records it did not get for deleted ones.
@Suite(.serialized) struct ShardPartialGetTests {
    @Test func aLookupThroughAFrontWithAShardDownNamesTheShard() async throws {
        let groups = splitBySection(try packageRecords(120), into: 2)
        let sharded = try await ShardedSet(groups)
        let keys = [groups[0][0].key, groups[1][0].key]
        let index = sharded.front.index()
        let whole = try await index.get(keys)
        #expect(whole.records.map(\.key) == keys)
        #expect(whole.missingShards == nil && !whole.isPartial)
        sharded.servers[1].kill()
        let partial = try await index.get(keys)
        #expect(partial.records.map(\.key) == [keys[0]])
        #expect(partial.missingShards == ["shard2"] && partial.isPartial)
    }
}
