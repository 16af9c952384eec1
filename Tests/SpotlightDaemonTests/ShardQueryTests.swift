import Foundation
import Testing
import SpotlightKit
import SpotlightModel
import SpotlightWire

/// A front spotlightd searching three xapian-tcpsrv shards (the package sample split by
/// section) answers as one local database holding the same records would.
@Suite(.serialized) struct ShardQueryTests {
    /// Every word exact (quoted, so no last word is prefix-matched): phrases, fields, operators.
    static let queries = [
        #""python""#, #""library""#, #""perl" "module""#, #""rust""#, #""haskell" "library""#,
        #""documentation" "for""#, #""network" "daemon""#, #""game""#, #"title:"perl""#, #""python" OR "perl""#,
        #""development files""#, #""tool" NOT "python""#, #""java""#, #""font""#, #""command line""#,
        #""sound""#, #""web" "server""#,
    ]

    @Test func exactWordQueriesRankAllMatchesAsOneLocalDatabaseDoes() async throws {
        try await expectSameRanking(Self.queries)
    }

    /// Prefixes of words in the package sample, typed as the last word (prefix-matched).
    static let prefixes = [
        "pyth", "librar", "perl mod", "netw", "ga", "doc", "dev", "lib", "fon", "serv",
        "comm", "sou", "hask", "ja", "ut", "data", "tool", "gr", "x", "mod",
    ]

    @Test func aPartialLastWordRanksAllMatchesAsOneLocalDatabaseDoes() async throws {
        try await expectSameRanking(Self.prefixes)
    }

    @Test func wildcardsRankAllMatchesAsOneLocalDatabaseDoes() async throws {
        try await expectSameRanking(["pyth* ", "lib* dev ", "title:g* ", "net* OR sou* "])
    }

    /// Each query over three shards of the package sample and over one local database
    /// holding the same records: both match something, in the same ranking, nothing missing.
    private func expectSameRanking(_ texts: [String]) async throws {
        let records = try packageRecords(900)
        let sharded = try await ShardedSet(splitBySection(records, into: 3))
        let single = try DaemonProcess(grants: [packagesBundle])
        try await single.index().indexRecords(records)
        for text in texts {
            let query = SearchQuery(text: text, limit: 1000)
            let fromShards = try await sharded.front.index().query(query)
            let fromOne = try await single.index().query(query)
            #expect(!fromOne.hits.isEmpty, "\(text) should match something")
            #expect(ranking(fromShards) == ranking(fromOne), "\(text)")
            #expect(fromShards.missingShards == nil, "\(text)")
        }
    }

    /// Identifiers in rank order; equal scores (Xapian breaks those ties by document id,
    /// which differs between shards and one database) are ordered by identifier.
    private func ranking(_ result: SearchResult) -> [String] {
        result.hits.sorted { a, b in
            let (sa, sb) = ((a.score * 1e9).rounded(), (b.score * 1e9).rounded())
            return sa != sb ? sa > sb : a.record.id < b.record.id
        }.map(\.record.id)
    }

    @Test func theFrontsOwnRecordsAndTheShardsAnswerOneQuery() async throws {
        let sharded = try await ShardedSet(splitBySection(try packageRecords(200), into: 2))
        try await sharded.front.index().indexRecords([note("local-1", "python notes")])
        let result = try await sharded.front.index().query(SearchQuery(text: "python", limit: 200))
        #expect(ids(result).contains("local-1"))
        #expect(result.hits.contains { $0.record.bundle == packagesBundle })
    }

    @Test func getReadsARecordThatLivesOnARemoteShard() async throws {
        let records = try packageRecords(200)
        let sharded = try await ShardedSet(splitBySection(records, into: 2))
        let wanted = records[150]
        let missingKey = RecordKey(bundle: packagesBundle, type: "Package", id: "no-such-package")
        let found = try await sharded.front.index().records(for: [missingKey, wanted.key])
        #expect(found == [wanted])
    }

    @Test func aDonationForABundleOnAShardIsRefusedNamingTheShard() async throws {
        let sharded = try await ShardedSet(splitBySection(try packageRecords(100), into: 2))
        let index = SearchableIndex(socketPath: sharded.front.socket)
        await #expect {
            try await index.indexRecords([Record(bundle: packagesBundle, type: "Package", id: "x", title: "x")])
        } throws: { error in
            let message = "\(error)"
            return message.contains("read-only shard shard1") && message.contains("spotlightd that owns")
        }
    }

    @Test func statusListsEveryShardWithItsDocumentCount() async throws {
        let groups = splitBySection(try packageRecords(300), into: 3)
        let sharded = try await ShardedSet(groups)
        let connection = try RawConnection(path: sharded.front.socket)
        connection.send(#"{"jsonrpc":"2.0","id":1,"method":"status"}"#)
        let shards = try #require((connection.readJSON()?["result"] as? [String: Any])?["shards"] as? [[String: Any]])
        #expect(shards.compactMap { $0["name"] as? String } == sharded.names)
        #expect(shards.compactMap { $0["documentCount"] as? Int } == groups.map(\.count))
        #expect(shards.allSatisfy { $0["state"] as? String == "up" })
    }
}
