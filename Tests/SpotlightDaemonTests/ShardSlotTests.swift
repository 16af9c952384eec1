import Foundation
import Testing
import SpotlightKit
import SpotlightModel

/// A front over two shards built from different stores, whose owners met the same-named
/// properties of two apps in opposite orders, answers property ranges, facets, sort and
/// spelling exactly as one database holding every record does.
@Suite(.serialized) struct ShardSlotTests {
    static let games = "com.example.test"    // `level`, `area` are ints
    static let logs = "com.example.other"    // `level`, `area` are strings

    /// Unique `level`s (so a sort has no ties to break by document id), repeated `area`s (so a
    /// facet counts), and title words only one shard holds (so spelling needs both).
    static func records() -> [Record] {
        let gameLevels = [12, 3, 40, 7, 25, 1]
        let logLevels = ["warning", "alert", "info", "debug", "notice", "error"]
        let games = gameLevels.enumerated().map { i, level in
            Record(bundle: Self.games, type: "Quest", id: "g\(i)", title: i % 2 == 0 ? "nebula quest \(i)" : "quest \(i)",
                   properties: ["level": .int(level), "area": .int(i % 3)])
        }
        let logs = logLevels.enumerated().map { i, level in
            Record(bundle: Self.logs, type: "Entry", id: "l\(i)", title: i % 2 == 1 ? "galaxy entry \(i)" : "entry \(i)",
                   properties: ["level": .string(level), "area": .string(i % 2 == 0 ? "north" : "south")])
        }
        return games + logs
    }

    /// Two owners and one daemon holding everything; each front is started by the test.
    final class Owners: @unchecked Sendable {
        let owners: [DaemonProcess]
        let single: DaemonProcess

        init() async throws {
            let all = ShardSlotTests.records()
            // Owner 1 holds the nebula quests and meets the logs' string properties first;
            // owner 2 holds the galaxy entries and meets the games' int properties first.
            let one = all.filter { $0.bundle == ShardSlotTests.logs && !$0.title.contains("galaxy") }
                + all.filter { $0.title.contains("nebula") }
            let two = all.filter { $0.bundle == ShardSlotTests.games && !$0.title.contains("nebula") }
                + all.filter { $0.title.contains("galaxy") }
            var owners: [DaemonProcess] = []
            for group in [one, two] {
                // A front reads the shards' records from their documents.
                let owner = try DaemonProcess(arguments: ["--records-in-index"])
                try await Self.donateInOrder(group, to: owner)
                try await waitUntilIndexed(owner)
                owners.append(owner)
            }
            self.owners = owners
            single = try DaemonProcess()
            try await Self.donateInOrder(all, to: single)
        }

        /// One donation per run of records of one bundle (a donation names one bundle), in order.
        static func donateInOrder(_ records: [Record], to daemon: DaemonProcess) async throws {
            var start = 0
            while start < records.count {
                let end = records[start...].firstIndex { $0.bundle != records[start].bundle } ?? records.count
                try await daemon.index().indexRecords(Array(records[start..<end]))
                start = end
            }
        }

        /// A front whose shards are the owners' index directories (as replicas are).
        func localFront() throws -> DaemonProcess {
            try front(owners.indices.map { "shard\($0 + 1) \(owners[$0].dataDirectory)/index \(ShardSlotTests.games)" })
        }

        func front(_ lines: [String]) throws -> DaemonProcess {
            let config = owners[0].root + "/shards-\(UUID().uuidString.prefix(6)).conf"
            try (lines + ["timeout-ms 2000"]).joined(separator: "\n").write(toFile: config, atomically: true, encoding: .utf8)
            return try DaemonProcess(arguments: ["--shards-config", config])
        }
    }

    static let queries: [SearchQuery] = [
        SearchQuery(text: "level:3..25", limit: 100),
        SearchQuery(text: "quest level:..7", limit: 100),
        SearchQuery(text: nil, limit: 100, sort: SearchSort(by: "level")),
        SearchQuery(text: nil, limit: 100, sort: SearchSort(by: "level", descending: true)),
        SearchQuery(text: nil, bundles: [logs], limit: 100, sort: SearchSort(by: "level")),
        SearchQuery(text: nil, limit: 100, facets: ["area", "level", "bundle"]),
        SearchQuery(text: "entry", limit: 100, facets: ["area"]),
    ]

    /// What a comparison looks at: ids in order (ranges sorted: their scores tie), facets.
    static func answer(_ result: SearchResult, _ query: SearchQuery) -> String {
        let ids = result.hits.map(\.record.id)
        let facets = (result.facets ?? [:]).sorted { $0.key < $1.key }
            .map { "\($0.key)=" + $0.value.map { "\($0.value):\($0.count)" }.joined(separator: ",") }
        return (query.sort == nil ? ids.sorted() : ids).joined(separator: " ") + " | " + facets.joined(separator: " ")
    }

    @Test func aFrontOverShardsAnswersRangesSortAndFacetsAsOneDatabase() async throws {
        let owners = try await Owners()
        let front = try owners.localFront()
        for query in Self.queries {
            let fromFront = try await front.index().query(query)
            let fromOne = try await owners.single.index().query(query)
            #expect(!fromOne.hits.isEmpty, "\(query)")
            #expect(Self.answer(fromFront, query) == Self.answer(fromOne, query), "\(query)")
            #expect(fromFront.inexact == nil && fromFront.missingShards == nil, "\(query)")
        }
    }

    @Test func aFrontOverLocalShardsCorrectsSpellingFromEveryShard() async throws {
        let owners = try await Owners()
        let front = try owners.localFront()
        let query = SearchQuery(text: "nebulq galaxi quest", spelling: .suggest)
        let fromOne = try await owners.single.index().query(query)
        #expect(fromOne.correctedText == "nebula galaxy quest")
        let fromFront = try await front.index().query(query)
        #expect(fromFront.correctedText == fromOne.correctedText)
        #expect(fromFront.inexact == nil)
    }

    @Test func aFrontOverRemoteShardsAnswersRangesSortAndFacetsAsOneDatabase() async throws {
        let owners = try await Owners()
        let ports = try owners.owners.map { _ in try freePort() }
        let servers = try owners.owners.indices.map { i in
            try xapianTcpServer(owners.owners[i].dataDirectory + "/index", port: ports[i],
                                log: owners.owners[i].root + "/tcpsrv.log")
        }
        defer { servers.forEach { $0.kill() } }
        let front = try owners.front(ports.indices.map { "shard\($0 + 1) tcp://127.0.0.1:\(ports[$0]) \(Self.games)" })
        for query in Self.queries {
            let fromFront = try await front.index().query(query)
            let fromOne = try await owners.single.index().query(query)
            #expect(Self.answer(fromFront, query) == Self.answer(fromOne, query), "\(query)")
            #expect(fromFront.inexact == nil, "\(query)")
        }
        // xapian-tcpsrv serves no spelling dictionary: the answer says so.
        let spelled = try await front.index().query(SearchQuery(text: "nebulq galaxi quest", spelling: .suggest))
        #expect(spelled.inexact == ["spelling"])
    }
}
