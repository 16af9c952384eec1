import Foundation
import Testing
import SpotlightKit
import SpotlightModel
import SpotlightSupervision

/// Damaged files found at start are never served silently (tools/corrupt-check runs every case).
@Suite struct CorruptStartTests {
    func fill(_ daemon: DaemonProcess, count: Int) async throws {
        try await daemon.index().indexRecords((0..<count).map { note("n\($0)", "kestrel\($0)") })
        #expect(daemon.stop() == .exited(status: 0))
    }

    /// Regression: Xapian reads a missing docdata.glass as empty, so its check passed and
    /// every query failed with "a document in the index does not hold a record".
    @Test func aLostIndexFileIsMovedAsideAndTheIndexRebuiltFromTheStore() async throws {
        let daemon = try DaemonProcess()
        try await fill(daemon, count: 50)
        let active = try FileManager.default.destinationOfSymbolicLink(atPath: daemon.dataDirectory + "/index")
        try FileManager.default.removeItem(atPath: daemon.dataDirectory + "/" + active + "/docdata.glass")
        try daemon.start()
        let index = daemon.index()
        var status = try await index.status().index
        for _ in 0..<100 where status.indexState != "ok" {
            try await Task.sleep(for: .milliseconds(100))
            status = try await index.status().index
        }
        #expect(status.indexState == "ok")
        #expect(daemon.logged("moved it to"))
        #expect(try await index.query(SearchQuery(text: "kestrel7")).hits.map(\.record.id).contains("n7"))
        #expect(try await index.query(SearchQuery(text: "", limit: 100)).hits.count == 50)
    }

    @Test func aCorruptStoreIsNotServedAndStatusSaysWhatItNeeds() async throws {
        let daemon = try DaemonProcess()
        try await fill(daemon, count: 50)
        let store = daemon.dataDirectory + "/store.sqlite"
        let size = try FileManager.default.attributesOfItem(atPath: store)[.size] as! Int
        #expect(truncate(store, off_t(size / 2)) == 0)
        try daemon.start()
        let index = daemon.index()
        let status = try await index.status().index
        #expect(status.indexState == "degraded")
        #expect(status.message?.contains("spotlightctl rebuild --from-apps") == true)
        #expect(daemon.logged("the record store was lost"))
        #expect(try await index.records(for: [RecordKey(bundle: "com.example.test", type: "Note", id: "n1")]).isEmpty)
        #expect(try await index.query(SearchQuery(text: "kestrel1")).hits.isEmpty)
        daemon.stop()
        try daemon.start()   // still said after a restart, until the apps donate again
        #expect(try await daemon.index().status().index.message?.contains("rebuild --from-apps") == true)
    }

    /// Regression: a failed rename surfaced as Foundation's "couldn't be moved" with no way forward.
    @Test func aCorruptStoreThatCannotBeMovedAsideStopsTheStartSayingWhatToDo() async throws {
        let daemon = try DaemonProcess()
        try await fill(daemon, count: 5)
        let store = daemon.dataDirectory + "/store.sqlite"
        let size = try FileManager.default.attributesOfItem(atPath: store)[.size] as! Int
        #expect(truncate(store, off_t(size / 2)) == 0)
        // A non-empty directory at every name the move could pick makes rename(2) fail.
        let now = Int(Date().timeIntervalSince1970)
        for stamp in now...(now + 60) {
            let blocker = "\(store).corrupt-\(stamp)"
            try FileManager.default.createDirectory(atPath: blocker, withIntermediateDirectories: false)
            _ = FileManager.default.createFile(atPath: blocker + "/kept", contents: Data())
        }
        let start = try daemon.launch()
        #expect(start.waitForExitBlocking(within: .seconds(20)) == .exited(status: 1))
        #expect(start.stderrTail.contains("cannot move the damaged record store \(store) aside"))
        #expect(start.stderrTail.contains("then start spotlightd again"))
        #expect(FileManager.default.fileExists(atPath: store))
    }
}
