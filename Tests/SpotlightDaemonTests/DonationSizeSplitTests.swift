import Foundation
import Testing
import SpotlightKit
import SpotlightModel

/// SpotlightKit cut a donation into calls of 2000 records only, so 2000 valid records of
/// 10 KiB made a request over the 16 MiB frame limit and `indexRecords` failed with
/// "the request donate is N bytes ... send it in smaller batches": a split it makes itself.
@Suite struct DonationSizeSplitTests {
    @Test func manyLargeRecordsAreDonatedInCallsThatFitAFrame() async throws {
        let daemon = try DaemonProcess()
        let text = String(repeating: "y", count: 10_000)
        let records = (0..<2000).map { note("n\($0)", "large note \($0) " + text) }
        let stored = try await daemon.index().indexRecords(records)
        #expect(stored.count == 2000)
        #expect(try await daemon.index().status().index.recordCount == 2000)
    }
}
