import Foundation
import Testing
import SpotlightKit

/// SpotlightKit sent every identifier of `deleteRecords(identifiedBy:ofType:)` in one call, so
/// ids that together passed the 16 MiB frame limit could not be deleted at all ("a frame
/// exceeds the limit … send smaller messages"), a split the caller could not make through the
/// API. They go in calls that fit, as donations do; with a client state, all or nothing.
@Suite struct DeleteSizeSplitTests {
    @Test func idsLargerTogetherThanAFrameAreDeletedAllOrNothing() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        let index = daemon.index()
        let long = String(repeating: "i", count: 6_000)
        let ids = (0..<3000).map { "n\($0)-" + long }
        try await index.indexRecords(ids.map { note($0, "note") })
        try await index.indexRecords([note("state", "state")], clientState: ClientStateSwap(expected: nil, new: Data("v1".utf8)))

        let stale = ClientStateSwap(expected: .some(Data("v0".utf8)), new: Data("v2".utf8))
        await #expect(throws: SpotlightError.self) {
            try await index.deleteRecords(identifiedBy: ids, ofType: "Note", clientState: stale)
        }
        #expect(try await index.status().index.recordCount == 3001)

        let current = ClientStateSwap(expected: .some(Data("v1".utf8)), new: Data("v2".utf8))
        #expect(try await index.deleteRecords(identifiedBy: ids, ofType: "Note", clientState: current) == 3000)
        #expect(try await index.status().index.recordCount == 1)
        #expect(try await index.clientState() == Data("v2".utf8))
    }
}
