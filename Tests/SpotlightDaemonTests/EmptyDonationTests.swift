import Foundation
import Testing
import SpotlightKit
import SpotlightModel

/// A donation of no records has nothing to store and needs no bundle: it was refused with
/// "donate needs a bundle" from a tool granted two bundles (as `indexRecords([])` sends it).
@Suite struct EmptyDonationTests {
    func reply(_ c: RawConnection, _ request: String) -> [String: Any]? {
        c.send(request)
        return c.readJSON()
    }

    @Test func anEmptyDonationSucceedsStoringNothing() async throws {
        let daemon = try DaemonProcess()   // two grants: this tool has no bundle of its own
        let stored = try await daemon.index().indexRecords([note("1", "heron")])
        let empty = try await daemon.index().indexRecords([])
        #expect(empty.count == 0)
        #expect(empty.sequence == stored.sequence)
        #expect(try await daemon.index().status().index.recordCount == 1)
    }

    @Test func anEmptyDonationInABatchLeavesTheBatchToCommit() throws {
        let daemon = try DaemonProcess()
        let c = try RawConnection(path: daemon.socket)
        _ = reply(c, #"{"jsonrpc":"2.0","id":1,"method":"beginBatch","params":{"bundle":"com.example.test","batch":"b"}}"#)
        let empty = reply(c, #"{"jsonrpc":"2.0","id":2,"method":"donate","params":{"records":[],"batch":"b"}}"#)
        #expect((empty?["result"] as? [String: Any])?["count"] as? Int == 0, "\(String(describing: empty))")
        _ = reply(c, #"{"jsonrpc":"2.0","id":3,"method":"donate","params":{"records":[{"bundle":"","type":"Note","id":"1","title":"heron"}],"batch":"b"}}"#)
        let end = reply(c, #"{"jsonrpc":"2.0","id":4,"method":"endBatch","params":{"batch":"b"}}"#)
        #expect((end?["result"] as? [String: Any])?["count"] as? Int == 1, "\(String(describing: end))")
    }
}
