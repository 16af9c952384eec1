import Foundation
import Testing
import SpotlightKit
import SpotlightModel

/// Xapian counts matches in 32 bits; an offset past that range skips every match. It used to
/// be cut to its low 32 bits, so `offset` 2^32 + 1 answered the second hit again.
@Suite struct QueryOffsetTests {
    func hitIDs(_ c: RawConnection, text: String, offset: Int) -> [String]? {
        c.send(#"{"jsonrpc":"2.0","id":1,"method":"query","params":{"text":"\#(text)","offset":\#(offset),"limit":5}}"#)
        let result = c.readJSON()?["result"] as? [String: Any]
        return (result?["hits"] as? [[String: Any]])?.compactMap { ($0["record"] as? [String: Any])?["id"] as? String }
    }

    @Test func anOffsetPastThirtyTwoBitsFindsNoHitsWithTextOrWithout() async throws {
        let daemon = try DaemonProcess()
        _ = try await daemon.index().indexRecords([note("1", "heron one"), note("2", "heron two")])
        let c = try RawConnection(path: daemon.socket)
        #expect(hitIDs(c, text: "heron", offset: 1)?.count == 1)
        #expect(hitIDs(c, text: "heron", offset: (1 << 32) + 1) == [])
        #expect(hitIDs(c, text: "", offset: (1 << 32) + 1) == [])
        #expect(hitIDs(c, text: "heron", offset: Int.max) == [])
    }
}
