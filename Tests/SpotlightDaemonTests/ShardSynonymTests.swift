import Foundation
import Testing
import SpotlightKit

/// A synonym table is read when a query is compiled, by the spotlightd that is asked: a front
/// keeps its own for the bundles its shards hold, and widens their words as one database
/// holding the same records and table does.
@Suite(.serialized) struct ShardSynonymTests {
    @Test func aFrontWidensAShardsBundleWithTheTableSetOnTheFront() async throws {
        let records = try packageRecords(300)
        let sharded = try await ShardedSet(splitBySection(records, into: 2))
        let front = try DaemonProcess(grants: [packagesBundle],
                                      arguments: ["--shards-config", sharded.owners[0].root + "/shards.conf"])
        let single = try DaemonProcess(grants: [packagesBundle])
        try await single.index().indexRecords(records)
        for daemon in [front, single] {
            #expect(try await daemon.index().setSynonyms(["snek": ["python"]], bundle: packagesBundle) == 1)
        }
        let query = SearchQuery(text: "snek", limit: 300)
        let fromOne = try await single.index().query(query)
        let fromFront = try await front.index().query(query)
        #expect(!fromOne.hits.isEmpty)
        #expect(Set(fromFront.hits.map(\.record.id)) == Set(fromOne.hits.map(\.record.id)))
        #expect(fromFront.missingShards == nil)
    }
}
