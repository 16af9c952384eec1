import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

/// Spelling corrections of three- and four-letter words, which Xapian's n-gram lookup misses.
@Suite struct SearchShortWordSpellingTests {
    static func cosmic() throws -> TempIndex {
        try TempIndex().add(record("1", "Cosmic ray detector"), record("2", "Cosmic microwave background"),
                            record("3", "Ray tracing"))
    }

    @Test func issueExampleCosmicRyaIsCorrectedToCosmicRay() throws {
        let t = try Self.cosmic()
        let result = try t.index.search(SearchQuery(text: "cosmic rya", spelling: .suggest), now: Date())
        #expect(result.correctedText == "cosmic ray")
    }

    @Test func retryWithShortWordCorrectionReturnsItsHits() throws {
        let t = try Self.cosmic()
        let result = try t.index.search(SearchQuery(text: "rya tracing", spelling: .retry), now: Date())
        #expect(result.retriedWithCorrection == true)
        #expect(result.hits.map(\.record.id) == ["3"])
    }

    @Test func mostFrequentNeighbourWins() throws {
        let t = try TempIndex().add(record("1", "Cat"), record("2", "Cat"), record("3", "Car"))
        let spelling = ShortWordSpelling(database: t.index.handle)
        #expect(try spelling.correction(of: "cay") == "cat")
    }

    @Test func knownWordsFieldsAndWildcardsAreLeftAlone() throws {
        let t = try Self.cosmic()
        let spelling = ShortWordSpelling(database: t.index.handle)
        #expect(try spelling.correct("cosmic ray") == nil)
        #expect(try spelling.correct("title:rya rya* NOT ry") == nil)
        #expect(try spelling.correct("rya OR cosmic") == "ray OR cosmic")
    }

    @Test func neighboursIncludeOneAdjacentSwap() {
        let words = ShortWordSpelling.neighbours(of: Array("rya".unicodeScalars))
        #expect(words.contains("ray"))
        #expect(words.contains("ry") && words.contains("ryan") && words.contains("rye"))
        #expect(!words.contains("rya") && !words.contains("yar"))
    }
}

/// Xapian's own correction replaces only the words the index does not hold.
@Suite struct SearchKnownWordSpellingTests {
    /// `mois` is in more records than `moon`, and within two edits of it.
    static func moon() throws -> TempIndex {
        try TempIndex().add(record("1", "Moon landing"), record("2", "Mois de la photo"), record("3", "Mois du film"))
    }

    @Test func aWordTheIndexHoldsIsNotCorrectedToAMoreFrequentOne() throws {
        let t = try Self.moon()
        let result = try t.index.search(SearchQuery(text: "moon xyzqw", spelling: .suggest), now: Date())
        #expect(result.correctedText == nil)
    }

    @Test(arguments: ["landi*", "landng*", "mo* landng"])
    func aWildcardIsNotCorrected(_ text: String) throws {
        let t = try Self.moon()
        let result = try t.index.search(SearchQuery(text: text, spelling: .suggest), now: Date())
        #expect(result.correctedText == (text == "mo* landng" ? "mo* landing" : nil), "\(text)")
    }

    @Test func anUnknownWordBesideAKnownOneIsStillCorrected() throws {
        let t = try Self.moon()
        let result = try t.index.search(SearchQuery(text: "moon landng xyzqw", spelling: .suggest), now: Date())
        #expect(result.correctedText == "moon landing xyzqw")
    }
}
