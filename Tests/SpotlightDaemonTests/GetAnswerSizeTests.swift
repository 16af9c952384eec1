import Foundation
import Testing
import SpotlightKit

/// `records(for:)` asked for every key in one `get`, so records that together pass a message
/// (16 MiB: twenty records near the 1 MiB bound) could not be read back at all: the answer
/// was "over the limit … ask for less", which the caller of one call cannot do. SpotlightKit
/// now asks for fewer keys at a time until each answer fits.
@Suite struct GetAnswerSizeTests {
    @Test func recordsLargerTogetherThanAMessageAreAllReadBack() async throws {
        let daemon = try DaemonProcess(arguments: ["--max-frame-bytes", "65536"])
        let index = daemon.index()
        let notes = (0..<10).map { note("n\($0)", "note \($0) " + String(repeating: "x", count: 20_000)) }
        for record in notes { try await index.indexRecords([record]) }
        let found = try await index.records(for: notes.map(\.key) + [RecordKey(bundle: "com.example.test", type: "Note", id: "gone")])
        #expect(found == notes)
    }
}
