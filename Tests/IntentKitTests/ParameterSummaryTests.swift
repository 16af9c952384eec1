import Foundation
import IntentKit
import SpotlightProtocol
import Testing

// Apple's `Summary("…") { \.$a; \.$b }`: a sentence and the parameters listed below it.

struct ShelveBookIntent: AppIntent {
    @Parameter(title: "Title") var bookTitle: String
    @Parameter(title: "Shelf") var shelf: String
    @Parameter(title: "Notes") var notes: String?
    @Parameter(title: "Pages", default: 100) var pages: Int

    static var parameterSummary: some ParameterSummary {
        Summary("Shelve \(\.$bookTitle) on \(\.$shelf)") {
            \.$notes
            \.$pages
        }
    }

    func perform() async throws -> some IntentResult { .result() }
}

@Test func aSummaryWithAParameterListIsDescribedByItsSentence() async throws {
    let schema = await AppServiceDispatcher(bundleIdentifier: testBundle, intents: [ShelveBookIntent.self]).describe()
    #expect(schema.intents.first?.parameterSummary == "Shelve ${bookTitle} on ${shelf}")
}
