import Foundation
import Testing
import SpotlightKit
import SpotlightModel
@testable import spotlightd

/// A query asking for more than 50 completions got 50 without a word, while docs/protocol.md
/// said 0 to 50 and every other bound of a query is refused with `invalidInput`.
@Suite struct DaemonCompletionsBoundTests {
    @Test func aQueryAskingForMoreThan50CompletionsIsInvalidInputSayingTheBound() async throws {
        let daemon = try DaemonProcess()
        let index = daemon.index()
        try await index.indexRecords([note("c1", "Comet chart")])
        let error = await #expect(throws: SpotlightError.self) {
            try await index.query(SearchQuery(text: "com", completions: 51))
        }
        #expect(error?.code == .invalidInput)
        #expect(error?.message.contains("completions must be 0...50, got 51; ask for at most 50") == true,
                "\(String(describing: error))")
        #expect(try await index.query(SearchQuery(text: "com", completions: 50)).completions == ["comet"])
    }
}
