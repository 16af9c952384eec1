import Foundation
import Testing
import SpotlightKit
import SpotlightModel

/// A shard that dies or hangs is left out of an answer (marked partial) within the timeout,
/// and rejoins when it comes back.
@Suite(.serialized) struct ShardFailureTests {
    /// A query may wait one timeout for the failing search and one for the parallel re-check.
    static func bound(_ set: ShardedSet) -> TimeInterval { 2 * Double(set.timeoutMilliseconds) / 1000 + 3 }

    @Test func aKilledShardGivesAPartialAnswerNamingItWithinTheTimeout() async throws {
        let groups = splitBySection(try packageRecords(300), into: 3)
        let sharded = try await ShardedSet(groups)
        let query = SearchQuery(text: nil, limit: 1000)
        #expect(try await sharded.front.index().query(query).hits.count == 300)
        sharded.servers[1].kill()
        let started = Date()
        let partial = try await sharded.front.index().query(query)
        #expect(Date().timeIntervalSince(started) < Self.bound(sharded))
        #expect(partial.missingShards == ["shard2"])
        #expect(Set(ids(partial)) == Set((groups[0] + groups[2]).map(\.id)))
    }

    @Test func aHangingShardIsLeftOutWithinTwiceTheTimeout() async throws {
        let sharded = try await ShardedSet(splitBySection(try packageRecords(200), into: 2))
        _ = try await sharded.front.index().query(SearchQuery(text: "python"))
        sharded.servers[0].pause()
        defer { sharded.servers[0].resume() }
        let started = Date()
        let partial = try await sharded.front.index().query(SearchQuery(text: "python"))
        #expect(Date().timeIntervalSince(started) < Self.bound(sharded))
        #expect(partial.missingShards == ["shard1"])
    }

    @Test func aShardRejoinsWhenItIsBack() async throws {
        let sharded = try await ShardedSet(splitBySection(try packageRecords(200), into: 2))
        sharded.servers[1].kill()
        #expect(try await sharded.front.index().query(SearchQuery(text: nil, limit: 500)).missingShards == ["shard2"])
        try sharded.restartServer(1)
        var result = try await sharded.front.index().query(SearchQuery(text: nil, limit: 500))
        let deadline = Date().addingTimeInterval(15)
        while result.isPartial, Date() < deadline {
            try await Task.sleep(for: .milliseconds(200))
            result = try await sharded.front.index().query(SearchQuery(text: nil, limit: 500))
        }
        #expect(result.missingShards == nil)
        #expect(result.hits.count == 200)
    }

    @Test func statusReportsADeadShardAsDown() async throws {
        let sharded = try await ShardedSet(splitBySection(try packageRecords(100), into: 2))
        sharded.servers[0].kill()
        let status = try await sharded.front.index().status()
        #expect(status.index.recordCount == 0)
        let connection = try RawConnection(path: sharded.front.socket)
        connection.send(#"{"jsonrpc":"2.0","id":1,"method":"status"}"#)
        let shards = try #require((connection.readJSON()?["result"] as? [String: Any])?["shards"] as? [[String: Any]])
        #expect(shards.map { $0["state"] as? String } == ["down", "up"])
        #expect((shards[0]["message"] as? String)?.contains("127.0.0.1:\(sharded.ports[0])") == true)
    }
}
