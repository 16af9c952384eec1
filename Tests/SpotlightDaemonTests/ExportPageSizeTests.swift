import Foundation
import Testing
import SpotlightKit
import SpotlightModel

/// An export page of `limit` records was answered whole, so records larger than a frame
/// divided by the limit (16 KiB each for `spotlightctl export`'s 1000) could not be exported
/// at all: every page was "the answer is N bytes, over the limit". A page now ends early.
@Suite struct ExportPageSizeTests {
    @Test func largeRecordsArePagedToFitAFrameAndAllExported() async throws {
        let daemon = try DaemonProcess(arguments: ["--max-frame-bytes", "65536"])
        let index = daemon.index()
        for i in 0..<10 {
            try await index.indexRecords([note("n\(i)", "note \(i) " + String(repeating: "x", count: 20_000))])
        }
        let c = try RawConnection(path: daemon.socket)
        var ids: [String] = []
        var after = "null"
        for page in 1...10 {
            c.send(#"{"jsonrpc":"2.0","id":\#(page),"method":"export","params":{"limit":1000,"after":\#(after)}}"#)
            let reply = c.readJSON()
            let result = try #require(reply?["result"] as? [String: Any], "\(String(describing: reply?["error"]))")
            ids += (result["records"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            guard let next = result["next"] else { break }
            after = String(decoding: try JSONSerialization.data(withJSONObject: next), as: UTF8.self)
        }
        #expect(ids == (0..<10).map { "n\($0)" })
    }
}
