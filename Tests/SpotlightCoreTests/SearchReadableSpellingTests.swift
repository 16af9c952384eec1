import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

/// Spelling corrections read as a person writes (docs/query.md, Spelling): Xapian corrects
/// folded text, so `correctedText` came back without accents, in lower case and with a Greek
/// word ending in a non-final σ.
@Suite struct SearchReadableSpellingTests {
    static func index() throws -> TempIndex {
        func r(_ id: String, _ title: String, _ language: String) -> Record {
            var record = record(id, title)
            record.language = language
            return record
        }
        return try TempIndex().add(r("el", "ΟΔΥΣΣΕΥΣ και οι πλανήτες", "el"), r("fr", "Café Supernova à Genève", "fr"),
                                   r("de", "Die Straße der Sternwarten", "de"), r("tr", "İSTANBUL akşamları", "tr"))
    }

    func corrected(_ text: String) throws -> String? {
        let t = try Self.index()
        return try t.index.search(SearchQuery(text: text, spelling: .suggest), now: Date()).correctedText
    }

    @Test func aGreekCorrectionEndsInAFinalSigma() throws {
        #expect(try corrected("οδυσευς") == "οδυσσευς")
    }

    @Test(arguments: [("genve", "genève"), ("strase", "straße"), ("istanbl", "istanbul")])
    func aCorrectedWordIsWrittenAsTheRecordWritesIt(typed: String, expected: String) throws {
        #expect(try corrected(typed) == expected)
    }

    @Test func aCorrectedWordTakesTheCaseItWasTypedIn() throws {
        #expect(try corrected("Genve") == "Genève")
        #expect(try corrected("GENVE") == "GENÈVE")
    }

    @Test func wordsLeftAloneAreGivenBackAsTyped() throws {
        #expect(try corrected("Café supernvoa") == "Café supernova")
    }

    @Test func aRetryRunsTheReadableCorrection() throws {
        let t = try Self.index()
        let result = try t.index.search(SearchQuery(text: "οδυσευς", spelling: .retry), now: Date())
        #expect(result.correctedText == "οδυσσευς")
        #expect(result.hits.map(\.record.id) == ["el"])
    }

    /// Completions were the index's folded words: `strasse` for `Straße`, a Greek word ending
    /// in a non-final σ. CSUserQuery shows them to the user as suggestions.
    @Test(arguments: [("stra", "straße"), ("Stra", "Straße"), ("οδυσσ", "οδυσσευς"), ("gen", "genève")])
    func aCompletionIsWrittenAsTheRecordWritesIt(typed: String, expected: String) throws {
        let t = try Self.index()
        #expect(try t.index.search(SearchQuery(text: typed, completions: 3), now: Date()).completions == [expected])
    }
}
