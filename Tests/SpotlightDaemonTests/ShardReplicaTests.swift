import Foundation
import SpotlightTestSupport
import Testing
import SpotlightKit
import SpotlightModel
import SpotlightSupervision

/// tools/replica-publish and tools/replica-follow keep a replica of an owner's index, and a
/// front spotlightd serves queries from it.
@Suite(.serialized) struct ShardReplicaTests {
    @Test func aReplicaServedByTheFrontCatchesUpAfterNewDonations() async throws {
        let root = "/tmp/sr-" + String(UUID().uuidString.prefix(8))
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let owner = try DaemonProcess(grants: [packagesBundle], arguments: ["--records-in-index"],
                                      environment: ["XAPIAN_MAX_CHANGESETS": "10"])
        let records = try packageRecords(60)
        let ownerIndex = owner.index()
        try await ownerIndex.indexRecords(Array(records[..<50]))

        let port = try freePort()
        let publisher = try ServerGroup(repositoryRoot + "/tools/replica-publish", [owner.dataDirectory, String(port)],
                                        log: root + "/publish.log")
        defer { publisher.kill() }
        try waitForTCP(port: port, publisher)
        let follower = try ServerGroup(repositoryRoot + "/tools/replica-follow",
                                       ["127.0.0.1:\(port)", root + "/replica", "1"], log: root + "/follow.log")
        defer { follower.kill() }

        let front = try DaemonProcess(arguments: ["--shard", "replica \(root)/replica \(packagesBundle)",
                                                  "--shard-timeout-ms", "1000"])
        let everything = SearchQuery(text: nil, limit: 500)
        #expect(try await eventually(front) { $0.hits.count == 50 && !$0.isPartial }, "\(follower.log())")

        try await ownerIndex.indexRecords(Array(records[50...]))
        #expect(try await eventually(front) { Set(ids($0)) == Set(records.map(\.id)) }, "\(follower.log())")
        #expect(try await front.index().query(everything).missingShards == nil)
    }

    /// Polls the front's answer to "everything" until `condition` holds (true) or 30 s pass.
    private func eventually(_ front: DaemonProcess, _ condition: (SearchResult) -> Bool) async throws -> Bool {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if condition(try await front.index().query(SearchQuery(text: nil, limit: 500))) { return true }
            try await Task.sleep(for: .milliseconds(250))
        }
        return false
    }
}

/// Bad shard settings stop spotlightd at start with a usage error that names the problem.
@Suite struct ShardConfigurationTests {
    @Test(arguments: [
        (["--shard", "lonely tcp://127.0.0.1:7001"], "a shard is NAME DATABASE BUNDLE"),
        (["--shard", "a tcp://127.0.0.1:0 b"], "is not a remote database address"),
        (["--shard", "a tpc://127.0.0.1:7001 b"], "is neither tcp://host:port nor a local path"),
        (["--shard", "a /x b", "--shard", "a /y c"], "the shard name a is used twice"),
        (["--shards-config", "/nonexistent/shards.conf"], "cannot read the shards config"),
        (["--shard-timeout-ms", "0"], "--shard-timeout-ms needs a number > 0"),
    ])
    func aBadShardSettingIsAUsageError(arguments: [String], message: String) throws {
        let daemon = try DaemonProcess(start: false)
        let process = try daemon.launch(extraArguments: arguments)
        #expect(process.waitForExitBlocking(within: .seconds(20)) == .exited(status: 2))
        #expect(process.stderrTail.contains(message))
    }

    @Test func aShardsConfigThatListsNoShardIsAUsageError() throws {
        let config = "/tmp/snone-\(UUID().uuidString.prefix(8)).conf"
        defer { try? FileManager.default.removeItem(atPath: config) }
        try "# name database bundles\n\ntimeout-ms 1000\n".write(toFile: config, atomically: true, encoding: .utf8)
        let daemon = try DaemonProcess(start: false)
        let process = try daemon.launch(extraArguments: ["--shards-config", config])
        #expect(process.waitForExitBlocking(within: .seconds(20)) == .exited(status: 2))
        #expect(process.stderrTail.contains("the shards config \(config) lists no shard"))
    }

    /// A config file beside an owner's data names its index `index`; the front, started in another
    /// directory, still finds it there.
    @Test func aRelativeShardPathInAConfigFileStartsFromTheFilesDirectory() async throws {
        let owner = try DaemonProcess(grants: [packagesBundle], arguments: ["--records-in-index"])
        let records = try packageRecords(5)
        try await owner.index().indexRecords(records)
        let config = owner.dataDirectory + "/shards.conf"
        try "owner index \(packagesBundle)\ntimeout-ms 1000\n".write(toFile: config, atomically: true, encoding: .utf8)
        #expect(FileManager.default.currentDirectoryPath != owner.dataDirectory)
        let front = try DaemonProcess(arguments: ["--shards-config", config])
        var answer = try await front.index().query(SearchQuery(text: nil, limit: 10))
        let deadline = Date().addingTimeInterval(30)   // the owner commits its index after acknowledging
        while answer.missingShards == nil, answer.hits.count < records.count, Date() < deadline {
            try await Task.sleep(for: .milliseconds(100))
            answer = try await front.index().query(SearchQuery(text: nil, limit: 10))
        }
        #expect(answer.missingShards == nil, "the shard's path was not read from the file's directory: \(front.log())")
        #expect(Set(ids(answer)) == Set(records.map(\.id)))
    }

    @Test func aShardsConfigWithWindowsLineEndingsIsReadLineByLine() async throws {
        let config = "/tmp/scrlf-\(UUID().uuidString.prefix(8)).conf"
        defer { try? FileManager.default.removeItem(atPath: config) }
        let text = "# name database bundles\r\ncrlf /nonexistent/replica \(packagesBundle)\r\ntimeout-ms 1000\r\n"
        try text.write(toFile: config, atomically: true, encoding: .utf8)
        let front = try DaemonProcess(arguments: ["--shards-config", config])
        let answer = try await front.index().query(SearchQuery(text: nil, limit: 10))
        #expect(answer.missingShards == ["crlf"], "the shard line was not read: \(front.log())")
    }
}
