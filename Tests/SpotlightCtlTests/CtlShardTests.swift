import Foundation
import Testing
import SpotlightModel

/// `spotlightctl query` and `status` against a front spotlightd with shards: one shard is
/// another daemon's index opened by path, one is an address where nothing listens.
@Suite(.serialized) struct CtlShardTests {
    static let ownedBundle = "com.example.CtlShardOwned"
    /// Loopback port 1: nothing listens there, so the shard is refused at once.
    static let goneShard = "gone tcp://127.0.0.1:1 com.example.CtlShardGone"

    /// A daemon owning `count` records of ``ownedBundle``, committed to its index.
    private func owner(_ count: Int, recordsInIndex: Bool = true) async throws -> TestDaemon {
        let owner = try await TestDaemon().start(grants: [Self.ownedBundle],
                                                 arguments: recordsInIndex ? ["--records-in-index"] : [])
        let records = (0..<count).map {
            Record(bundle: Self.ownedBundle, type: "Note", id: "owned-\($0)", title: "comet note \($0)")
        }
        try owner.importRecords(records, bundle: Self.ownedBundle)
        for _ in 0..<100 {
            let status = try owner.ctl(["status", "--json"]).json(StatusCounts.self)
            if status.index.documentCount == count { return owner }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw SpotlightError(.timeout, "the owner did not commit \(count) records to its index")
    }

    private struct StatusCounts: Decodable {
        struct Index: Decodable { var documentCount: Int }
        var index: Index
    }

    private func front(shards: [String]) async throws -> TestDaemon {
        try await TestDaemon().start(arguments: shards.flatMap { ["--shard", $0] } + ["--shard-timeout-ms", "1000"])
    }

    @Test func queryPrintsWhichShardsDidNotAnswer() async throws {
        let front = try await front(shards: [Self.goneShard])
        try front.importRecords(sampleRecords())
        let run = front.ctl(["query", "comet"])
        #expect(run.code == 5, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").first == "partial: shards gone did not answer", "\(run.stdout)")
    }

    @Test func aPartialQueryExitsFiveAfterPrintingTheHitsItHas() async throws {
        let front = try await front(shards: [Self.goneShard])
        try front.importRecords(sampleRecords())
        let run = front.ctl(["query", "comet"])
        #expect(run.code == 5, "a partial answer is done with problems: \(run.stderr)")
        #expect(run.stdout.contains("Supernova Viewing Party 2") && run.stdout.contains("1–3 of about 3"), "\(run.stdout)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
    }

    @Test func aPartialQueryJSONExitsFiveWithTheWholeAnswerOnStandardOutput() async throws {
        let front = try await front(shards: [Self.goneShard])
        try front.importRecords(sampleRecords())
        let run = front.ctl(["query", "comet", "--json"])
        #expect(run.code == 5, "a partial answer is done with problems: \(run.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect((object?["hits"] as? [Any])?.count == 3, "\(run.stdout)")
        #expect(object?["missingShards"] as? [String] == ["gone"], "\(run.stdout)")
        #expect(run.stderr.isEmpty, "no error object: \(run.stderr)")
    }

    @Test func queryWithEveryShardAnsweringPrintsNoPartialLine() async throws {
        let owner = try await owner(2)
        let front = try await front(shards: ["owned \(owner.dataDirectory)/index \(Self.ownedBundle)"])
        let run = front.ctl(["query", "comet"])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stdout.contains("comet note 1"), "\(run.stdout)")
        #expect(!run.stdout.contains("partial"), "\(run.stdout)")
    }

    @Test func aShardWhoseOwnerKeepsOnlyKeysSaysToRunItWithRecordsInIndex() async throws {
        let owner = try await owner(2, recordsInIndex: false)
        let front = try await front(shards: ["owned \(owner.dataDirectory)/index \(Self.ownedBundle)"])
        let run = front.ctl(["query", "comet"])
        #expect(run.code != 0)
        #expect(run.stderr.contains("--records-in-index"), "\(run.stderr)")
    }

    @Test func queryPrintsWhichFeaturesAreInexactThroughARemoteShard() async throws {
        let owner = try await owner(2)
        let port = Int.random(in: 30_000..<60_000)
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/xapian-tcpsrv")
        server.arguments = ["--interface", "127.0.0.1", "--port", String(port), owner.dataDirectory + "/index"]
        server.standardOutput = FileHandle.nullDevice
        try server.run()
        defer { kill(server.processIdentifier, SIGKILL) }   // xapian-tcpsrv ignores SIGTERM
        let front = try await TestDaemon().start(arguments: ["--shard", "owned tcp://127.0.0.1:\(port) \(Self.ownedBundle)",
                                                            "--shard-timeout-ms", "1000"])
        var run = front.ctl(["query", "comet", "--spelling", "suggest"])
        for _ in 0..<100 where run.stdout.contains("partial") {   // until the server listens and the shard rejoins
            try await Task.sleep(for: .milliseconds(100))
            run = front.ctl(["query", "comet", "--spelling", "suggest"])
        }
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").first == "inexact: spelling (not as one database holding every record)",
                "\(run.stdout)")
        #expect(!front.ctl(["query", "comet"]).stdout.contains("inexact"))
    }

    @Test func queryJSONCarriesMissingShards() async throws {
        let front = try await front(shards: [Self.goneShard])
        let run = front.ctl(["query", "comet", "--json"])
        #expect(run.code == 5, "\(run.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect(object?["missingShards"] as? [String] == ["gone"], "\(run.stdout)")
    }

    @Test func statusListsEachShardUpOrDownWithItsDocuments() async throws {
        let owner = try await owner(3)
        let front = try await front(shards: ["owned \(owner.dataDirectory)/index \(Self.ownedBundle)", Self.goneShard])
        let run = front.ctl(["status"])
        #expect(run.code == 0, "\(run.stderr)")
        let rows = run.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(rows.contains { $0.starts(with: ["SHARD", "STATE", "DOCUMENTS"]) }, "\(run.stdout)")
        #expect(rows.contains { $0.starts(with: ["owned", "up", "3"]) }, "\(run.stdout)")
        #expect(rows.contains { $0.starts(with: ["gone", "down", "-"]) }, "\(run.stdout)")
    }

    @Test func statusJSONCarriesTheShards() async throws {
        let front = try await front(shards: [Self.goneShard])
        let run = front.ctl(["status", "--json"])
        #expect(run.code == 0, "\(run.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let shards = object?["shards"] as? [[String: Any]]
        #expect(shards?.map { $0["name"] as? String } == ["gone"], "\(run.stdout)")
        #expect(shards?.first?["state"] as? String == "down", "\(run.stdout)")
        #expect(object?["running"] as? Bool == true)
    }

    @Test func statusWithoutShardsPrintsNoShardTable() async throws {
        let daemon = try await TestDaemon().start()
        let run = daemon.ctl(["status"])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(!run.stdout.contains("SHARD"), "\(run.stdout)")
    }
}
