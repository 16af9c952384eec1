import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SpotlightKit
import SpotlightModel
import SpotlightTestSupport
import SpotlightProtocol
import SpotlightWire
import Testing

/// Batches as Core Spotlight has them, through a real spotlightd: any number of calls, any mix
/// of donations and deletes, committed all or nothing at the end; a stale or abandoned batch
/// leaves the store exactly as it was.
@Suite struct BatchTests {
    static let v1 = Data("v1".utf8), v2 = Data("v2".utf8)

    /// Everything the store holds that a batch could change: every record, the client state,
    /// the sequence.
    struct Snapshot: Equatable {
        var records: [Record]
        var clientState: Data?
        var sequence: UInt64
    }

    func snapshot(_ daemon: DaemonProcess) async throws -> Snapshot {
        let index = daemon.index()
        var records: [Record] = []
        var after: RecordKey?
        repeat {
            let page: ExportResult = try await RPCClient(socketPath: daemon.socket)
                .call("export", ExportParams(bundle: nil, type: nil, after: after, limit: 1000))
            records += page.records
            after = page.next
        } while after != nil
        return Snapshot(records: records, clientState: try await index.clientState(bundle: "com.example.test"),
                        sequence: try await index.status().index.storeSequence)
    }

    /// A daemon with two notes and client state v1.
    func seeded(_ extra: [String] = []) async throws -> DaemonProcess {
        let daemon = try DaemonProcess(arguments: extra)
        try await daemon.index().indexRecords([note("keep", "comet keep"), note("drop", "comet drop")],
                                              clientState: ClientStateSwap(expected: .some(nil), new: Self.v1))
        return daemon
    }

    func titles(_ daemon: DaemonProcess, _ text: String = "comet") async throws -> [String] {
        try await daemon.index().query(SearchQuery(text: text, limit: 10_000)).hits.map(\.record.title).sorted()
    }

    /// Waits until the daemon holds no staged writes.
    func stagedDrains(_ daemon: DaemonProcess) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            let status = try await daemon.index().status()
            if status.stagedOperations == 0 && status.openBatches == 0 { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    @Test func aBatchOfManyCallsAndDeletesIsInvisibleUntilItsEndThenCommitsWhole() async throws {
        let daemon = try await seeded()
        let index = SearchableIndex(name: "sync", socketPath: daemon.socket)
        index.beginIndexBatch()
        try await index.indexRecords((0..<2500).map { note("b\($0)", "comet batch \($0)") })   // two calls
        try await index.deleteRecords(identifiedBy: ["drop"], ofType: "Note")
        try await index.indexRecords([note("late", "comet late")])
        try await index.deleteRecords(identifiedBy: ["b7"], ofType: "Note")
        // Nothing of the batch is visible yet, neither to queries nor to get.
        #expect(try await titles(daemon) == ["comet drop", "comet keep"])
        #expect(try await daemon.index().records(for: [RecordKey(bundle: "com.example.test", type: "Note", id: "late")]).isEmpty)
        #expect(try await daemon.index().status().stagedOperations == 2503)

        let result = try await index.endIndexBatch(expectedClientState: Self.v1, newClientState: Self.v2)
        #expect(result.count == 2503)
        let after = try await titles(daemon)
        #expect(after.count == 2501 && after.contains("comet late") && after.contains("comet keep"))
        #expect(!after.contains("comet drop") && !after.contains("comet batch 7"))
        #expect(try await index.clientState(bundle: "com.example.test") == Self.v2)
        #expect(try await stagedDrains(daemon))
    }

    @Test func aStaleBatchLeavesTheStoreExactlyAsItWas() async throws {
        let daemon = try await seeded()
        let before = try await snapshot(daemon)
        let index = SearchableIndex(socketPath: daemon.socket)
        index.beginIndexBatch()
        try await index.indexRecords((0..<3000).map { note("s\($0)", "comet stale \($0)") })
        try await index.deleteRecords(identifiedBy: ["keep"], ofType: "Note")
        try await index.deleteAllRecords(bundle: "com.example.test")
        let error = await #expect(throws: SpotlightError.self) {
            try await index.endIndexBatch(expectedClientState: Data("v0".utf8), newClientState: Self.v2)
        }
        #expect(error?.code == .conflict)
        #expect(error?.message.contains("nothing of it was stored") == true)
        #expect(try await snapshot(daemon) == before)
        #expect(try await stagedDrains(daemon))
    }

    @Test func aLargeDonationWithAStaleClientStateStoresNothingOfIt() async throws {
        let daemon = try await seeded()
        let before = try await snapshot(daemon)
        let index = daemon.index()
        await #expect(throws: SpotlightError.self) {
            try await index.indexRecords((0..<4500).map { note("l\($0)", "comet large \($0)") },
                                         clientState: ClientStateSwap(expected: .some(Data("v0".utf8)), new: Self.v2))
        }
        #expect(try await snapshot(daemon) == before)
        try await index.indexRecords((0..<4500).map { note("l\($0)", "comet large \($0)") },
                                     clientState: ClientStateSwap(expected: .some(Self.v1), new: Self.v2))
        #expect(try await titles(daemon).count == 4502)
        #expect(try await index.clientState(bundle: "com.example.test") == Self.v2)
    }

    enum Abandonment: String, CaseIterable, Sendable {
        case abandoned, connectionClosed, daemonRestarted, daemonKilled, idleTimeout
    }

    @Test(arguments: Abandonment.allCases)
    func anAbandonedBatchLeavesTheStoreExactlyAsItWas(_ how: Abandonment) async throws {
        let daemon = try await seeded(how == .idleTimeout ? ["--batch-timeout", "2"] : [])
        let before = try await snapshot(daemon)
        let index = SearchableIndex(socketPath: daemon.socket, reconnectWindow: .seconds(10))
        index.beginIndexBatch()
        // Off the cooperative pool: the batch must not time out between its two writes while
        // tests beside this one hold the pool's threads (seconds) or the cores (the 2 s timeout).
        try await offThePool {
            try await index.indexRecords((0..<100).map { note("a\($0)", "comet abandoned \($0)") })
            try await index.deleteRecords(identifiedBy: ["keep"], ofType: "Note")
        }
        switch how {
        case .abandoned: await index.abandonIndexBatch()
        case .connectionClosed: index.close()
        case .daemonRestarted: try daemon.restart()
        case .daemonKilled:
            daemon.kill()
            try daemon.start()
        case .idleTimeout:
            let deadline = ContinuousClock.now + .seconds(20)
            while try await daemon.index().status().openBatches != 0, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(50))
            }
        }
        if how != .abandoned {
            // The end finds no batch: the daemon dropped it, and says so.
            let error = await #expect(throws: SpotlightError.self) {
                try await index.endIndexBatch(expectedClientState: Self.v1, newClientState: Self.v2)
            }
            #expect(error?.code == .notFound, "\(String(describing: error))")
        }
        #expect(try await snapshot(daemon) == before)
        #expect(try await stagedDrains(daemon))
        if how == .daemonKilled {
            #expect(daemon.logged("dropped 101 staged operations of batches that were never ended"))
        }
    }

    @Test func aDeleteWithAClientStateIsCheckedAndSwapped() async throws {
        let daemon = try await seeded()
        let index = daemon.index()
        let error = await #expect(throws: SpotlightError.self) {
            try await index.deleteRecords(identifiedBy: ["drop"], ofType: "Note", bundle: "com.example.test",
                                          clientState: ClientStateSwap(expected: .some(Data("v0".utf8)), new: Self.v2))
        }
        #expect(error?.code == .conflict)
        #expect(try await titles(daemon) == ["comet drop", "comet keep"])
        #expect(try await index.deleteRecords(identifiedBy: ["drop"], ofType: "Note", bundle: "com.example.test",
                                              clientState: ClientStateSwap(expected: .some(Self.v1), new: Self.v2)) == 1)
        #expect(try await titles(daemon) == ["comet keep"])
        #expect(try await index.clientState(bundle: "com.example.test") == Self.v2)
    }

    @Test func aFailedWriteSpoilsTheBatchSoNothingOfItIsStored() async throws {
        let daemon = try await seeded()
        let before = try await snapshot(daemon)
        let index = SearchableIndex(socketPath: daemon.socket)
        index.beginIndexBatch()
        try await index.indexRecords([note("ok", "comet fine")])
        await #expect(throws: SpotlightError.self) {   // not granted: permissionDenied
            try await index.indexRecords([note("x", "comet foreign", bundle: "com.example.nobody")])
        }
        let error = await #expect(throws: SpotlightError.self) { try await index.endIndexBatch() }
        #expect(error?.code == .conflict)
        #expect(try await snapshot(daemon) == before)
    }

    @Test func aBatchBelongsToTheConnectionThatBeganIt() throws {
        let daemon = try DaemonProcess()
        let owner = try RawConnection(path: daemon.socket)
        let stranger = try RawConnection(path: daemon.socket)
        owner.send(#"{"jsonrpc":"2.0","id":1,"method":"beginBatch","params":{"batch":"mine","bundle":"com.example.test"}}"#)
        #expect(owner.readJSON()?["result"] != nil)
        stranger.send(#"{"jsonrpc":"2.0","id":2,"method":"donate","params":{"batch":"mine","records":[{"bundle":"com.example.test","type":"Note","id":"1","title":"x"}]}}"#)
        let refused = stranger.readJSON()?["error"] as? [String: Any]
        #expect((refused?["data"] as? [String: Any])?["code"] as? String == "notFound")
        stranger.send(#"{"jsonrpc":"2.0","id":3,"method":"endBatch","params":{"batch":"mine"}}"#)
        #expect(((stranger.readJSON()?["error"] as? [String: Any])?["data"] as? [String: Any])?["code"] as? String == "notFound")
        owner.send(#"{"jsonrpc":"2.0","id":4,"method":"donate","params":{"batch":"mine","records":[{"bundle":"com.example.test","type":"Note","id":"1","title":"x"}]}}"#)
        #expect((owner.readJSON()?["result"] as? [String: Any])?["batch"] as? String == "mine")
        owner.send(#"{"jsonrpc":"2.0","id":5,"method":"endBatch","params":{"batch":"mine"}}"#)
        #expect((owner.readJSON()?["result"] as? [String: Any])?["count"] as? Int == 1)
    }

    @Test func aClientStateOnAWriteInsideABatchIsRefusedAndSpoilsIt() throws {
        let daemon = try DaemonProcess()
        let raw = try RawConnection(path: daemon.socket)
        raw.send(#"{"jsonrpc":"2.0","id":1,"method":"beginBatch","params":{"bundle":"com.example.test"}}"#)
        let name = try #require((raw.readJSON()?["result"] as? [String: Any])?["batch"] as? String)
        raw.send(#"{"jsonrpc":"2.0","id":2,"method":"delete","params":{"batch":"\#(name)","type":"Note","ids":["1"],"clientState":{"new":"djI="}}}"#)
        #expect(((raw.readJSON()?["error"] as? [String: Any])?["data"] as? [String: Any])?["code"] as? String == "invalidInput")
        raw.send(#"{"jsonrpc":"2.0","id":3,"method":"endBatch","params":{"batch":"\#(name)"}}"#)
        let error = raw.readJSON()?["error"] as? [String: Any]
        #expect((error?["data"] as? [String: Any])?["code"] as? String == "conflict")
        #expect((error?["message"] as? String)?.contains("cannot commit") == true)
    }

    @Test func aBatchPastItsByteBoundIsRefusedAndCanOnlyBeAbandoned() async throws {
        let daemon = try await seeded(["--max-batch-bytes", "4096"])
        let before = try await snapshot(daemon)
        let index = SearchableIndex(socketPath: daemon.socket)
        index.beginIndexBatch()
        try await index.indexRecords([note("small", "comet small")])
        let error = await #expect(throws: SpotlightError.self) {
            try await index.indexRecords([note("big", String(repeating: "comet ", count: 1000))])
        }
        #expect(error?.code == .invalidInput)
        #expect(error?.message.contains("the limit is 4096 (--max-batch-bytes)") == true)
        await #expect(throws: SpotlightError.self) { try await index.endIndexBatch() }
        #expect(try await snapshot(daemon) == before)
    }

    @Test func aConnectionHoldsAtMost16OpenBatches() throws {
        let daemon = try DaemonProcess()
        let raw = try RawConnection(path: daemon.socket)
        for n in 0..<17 {
            raw.send(#"{"jsonrpc":"2.0","id":\#(n),"method":"beginBatch","params":{"bundle":"com.example.test","batch":"b\#(n)"}}"#)
            let reply = raw.readJSON()
            if n < 16 {
                #expect(reply?["result"] != nil, "batch \(n)")
            } else {
                let error = reply?["error"] as? [String: Any]
                #expect((error?["data"] as? [String: Any])?["code"] as? String == "invalidInput")
                #expect((error?["message"] as? String)?.contains("end or abandon one first") == true)
            }
        }
        raw.send(#"{"jsonrpc":"2.0","id":99,"method":"beginBatch","params":{"bundle":"com.example.test","batch":"b3"}}"#)
        #expect(((raw.readJSON()?["error"] as? [String: Any])?["data"] as? [String: Any])?["code"] as? String == "conflict")
    }
}
