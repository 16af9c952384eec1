import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

/// Per-bundle synonym tables at query time (docs/query.md, Synonyms), on an index.
@Suite struct SearchSynonymTests {
    static let a = "com.example.A"
    static let b = "com.example.B"

    /// Television records in bundles A and B, and a "tv" record in B.
    func index() throws -> TempIndex {
        try TempIndex().add(record("a-tv", "Television night", bundle: Self.a),
                            record("b-tv", "Television night", bundle: Self.b),
                            record("b-word", "TV guide", bundle: Self.b),
                            record("a-ny", "Trip to New York", bundle: Self.a))
    }

    func ids(_ t: TempIndex, _ text: String, _ tables: [String: SynonymTable], bundles: [String]? = nil) throws -> [String] {
        try t.index.search(SearchQuery(text: text, bundles: bundles), now: Date(), synonyms: tables)
            .hits.map(\.record.id).sorted()
    }

    @Test func aSynonymFindsTheBundlesRecord() throws {
        let tables = [Self.a: try SynonymTable(["tv": ["television"]])]
        #expect(try ids(index(), "tv ", tables) == ["a-tv", "b-word"])
    }

    @Test func anotherBundlesRecordsAreNotWidened() throws {
        let tables = [Self.a: try SynonymTable(["tv": ["television"]])]
        #expect(try ids(index(), "tv ", tables, bundles: [Self.b]) == ["b-word"])
    }

    @Test func thePartialLastWordIsWidenedToo() throws {
        let tables = [Self.a: try SynonymTable(["tv": ["television"]])]
        #expect(try ids(index(), "tv", tables).contains("a-tv"))
    }

    @Test func aMultiWordSynonymMatchesAllItsWords() throws {
        let tables = [Self.a: try SynonymTable(["NYC": ["New York"]])]
        #expect(try ids(index(), "trip nyc ", tables) == ["a-ny"])
    }

    /// A synonym finds a record in another language or script as the same word typed would:
    /// by its stem in the record's language (German `Häuser` is `haus`), and inside unspaced
    /// Chinese or Japanese text (`北京`, `東京タワー`).
    @Test(arguments: [("homes", "Häuser", "de", "Die Häuser am Fluss"), ("peking", "北京", "zh", "北京烤鸭很好吃"),
                      ("tower", "東京タワー", "ja", "東京タワーの夜景を見る会")])
    func aSynonymFindsTheWordInTheRecordsLanguage(term: String, synonym: String, language: String, title: String) throws {
        var foreign = record("foreign", title, bundle: Self.a)
        foreign.language = language
        let t = try TempIndex().add(foreign, record("other", "Nothing here", bundle: Self.a))
        #expect(try ids(t, term + " ", [Self.a: try SynonymTable([term: [synonym]])]) == ["foreign"])
    }

    @Test func widenedWordsStillCombineWithTheRest() throws {
        let tables = [Self.a: try SynonymTable(["tv": ["television"]])]
        let t = try index()
        #expect(try ids(t, "tv night", tables) == ["a-tv"])
        #expect(try ids(t, "night NOT tv", tables) == ["b-tv"])
    }

    @Test func aSynonymFindsARecordInAnotherLanguageByItsOwnStem() throws {
        var german = record("a-de", "Fernsehen am Abend: Television im Ersten", bundle: Self.a)
        german.language = "de"
        let t = try TempIndex().add(german, record("a-en", "Television night", bundle: Self.a))
        let tables = [Self.a: try SynonymTable(["tv": ["televisions"]])]
        #expect(try ids(t, "tv ", tables) == ["a-de", "a-en"])
    }

    /// In an index of German records only, `Häuser` is read by its German stem `haus`; the term
    /// `Häuser` is found by that stem too, not only by its English one (`hauser`).
    @Test func aTermMatchesAQueryWordByItsStemInTheQuerysLanguage() throws {
        var villa = record("villa", "Die Villa am See", bundle: Self.a)
        villa.language = "de"
        var other = record("other", "Nichts hier", bundle: Self.a)
        other.language = "de"
        let t = try TempIndex().add(villa, other)
        #expect(try ids(t, "Häuser ", [Self.a: try SynonymTable(["Häuser": ["Villa"]])]) == ["villa"])
    }

    /// A CJK term is read as its n-grams, not a word: the query's group of them is widened as a
    /// whole, alone or beside other words.
    @Test(arguments: ["北京 ", "duck 北京 "])
    func aCJKTermWidensTheGroupOfItsNgrams(query: String) throws {
        let t = try TempIndex().add(record("peking", "Peking duck", bundle: Self.a),
                                    record("other", "Roast duck", bundle: Self.a))
        #expect(try ids(t, query, [Self.a: try SynonymTable(["北京": ["peking"]])]) == ["peking"])
    }

    @Test func withoutTablesNothingIsWidened() throws {
        #expect(try ids(index(), "tv ", [:]) == ["b-word"])
    }

    @Test func termsAndSynonymsAreFolded() throws {
        let table = try SynonymTable(["TV": ["Télévision", "tv", "set-top box"]])
        #expect(table.entries == ["tv": ["television", "set top box"]])
    }

    @Test func aTermOfTwoWordsIsRefused() {
        #expect(throws: SpotlightError.self) { try SynonymTable(["new york": ["nyc"]]) }
    }

    @Test func moreThanThirtyTwoSynonymsAreRefused() {
        let many = (0...SynonymTable.maxSynonymsPerTerm).map { "word\($0)" }
        #expect(throws: SpotlightError.self) { try SynonymTable(["tv": many]) }
    }

    /// An index holding only Greek (no stemmer) reads the query unstemmed; the synonym table
    /// was looked up for stems only, so `οδύσσεια` was never widened to the bundle's `odyssey`.
    @Test func aWordOfALanguageWithoutAStemmerIsWidened() throws {
        var greek = record("el", "Η Οδύσσεια", bundle: Self.a)
        greek.language = "el"
        var english = record("odyssey", "The odyssey", bundle: Self.a)
        english.language = "el"
        let t = try TempIndex().add(greek, english)
        let tables = [Self.a: try SynonymTable(["Οδύσσεια": ["odyssey"]])]
        #expect(try ids(t, "οδύσσεια ", tables) == ["el", "odyssey"])
    }
}
