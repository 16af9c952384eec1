import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

/// In French, Italian and Catalan text a word after an elided article (`d'Orion`) is found
/// by itself, and still by the elided form; other languages keep the apostrophe's word whole.
@Suite struct SearchElisionTests {
    static func index() throws -> TempIndex {
        func r(_ id: String, _ title: String, _ language: String, subtitle: String? = nil) -> Record {
            var record = record(id, title, subtitle: subtitle)
            record.language = language
            return record
        }
        return try TempIndex().add(r("fr", "Nuit d'observation à l'observatoire d'Orion", "fr"),
                                   r("it", "Serata all'osservatorio", "it", subtitle: "L’universo e le stelle"),
                                   r("en", "O'Brien's telescope", "en"))
    }

    func ids(_ t: TempIndex, _ text: String) throws -> [String] {
        try t.index.search(SearchQuery(text: text), now: Date()).hits.map(\.record.id).sorted()
    }

    @Test func aWordAfterAnElidedArticleIsFoundAlone() throws {
        let t = try Self.index()
        #expect(try ids(t, "orion") == ["fr"])
        #expect(try ids(t, "observatoire") == ["fr"])
        #expect(try ids(t, "osservatorio") == ["it"])
        #expect(try ids(t, "universo") == ["it"])
    }

    @Test func theElidedFormStillFindsIt() throws {
        let t = try Self.index()
        #expect(try ids(t, "d'orion") == ["fr"])
    }

    @Test func theTitleFieldHoldsTheWordToo() throws {
        let t = try Self.index()
        #expect(try ids(t, "title:orion") == ["fr"])
    }

    @Test func anEnglishApostropheWordIsNotSplit() throws {
        let t = try Self.index()
        #expect(try ids(t, "brien").isEmpty)
        #expect(Elision.remainders(of: "o'brien", language: "en").isEmpty)
    }
}
