import Foundation
import Testing
@testable import SpotlightModel

/// `SearchQuery.jsonText()` (a client writing a query's params without a tree) against its
/// `Codable` form: the text parses to the value the encoder makes, and decodes back to the query.
@Suite struct SearchQueryTextTests {
    static func parsedText(_ query: SearchQuery) throws -> JSONValue? {
        try query.jsonText().map { try JSONValue.parse(Data($0)) }
    }

    @Test func aPlainQueryIsTheTextItsCodableFormEncodesTo() throws {
        let query = SearchQuery(text: "moon", limit: 10)
        #expect(try Self.parsedText(query) == (try JSONValue(encoding: query)))
        #expect(String(decoding: try #require(query.jsonText()), as: UTF8.self) == #"{"text":"moon","offset":0,"limit":10}"#)
    }

    @Test func everyFlatMemberIsWrittenAsItsCodableFormWritesIt() throws {
        let query = SearchQuery(text: "say \"hi\"\n\\ é ☃ \u{1}", bundles: ["a.b", "c"], types: [], offset: 3, limit: 7,
                                facets: ["type", "prio rity"], spelling: .retry, completions: 4, explain: false,
                                language: "fr-CA", timing: true, maxIndexWait: 0.25)
        let parsed = try #require(try Self.parsedText(query))
        #expect(parsed == (try JSONValue(encoding: query)))
        #expect(try JSONValueDecoder().decode(SearchQuery.self, from: parsed) == query)
    }

    @Test func aWholeNumberOfSecondsToWaitStaysADouble() throws {
        let query = SearchQuery(text: nil, maxIndexWait: 2)
        #expect(try Self.parsedText(query) == (try JSONValue(encoding: query)))
        #expect(String(decoding: try #require(query.jsonText()), as: UTF8.self).contains(#""maxIndexWait":2.0"#))
    }

    /// A member added to `SearchQuery` must be written by `jsonText()` (or make it return nil),
    /// or a client would drop it silently: this list is what it writes, and must grow with it.
    @Test func jsonTextKnowsEveryMemberOfTheQuery() {
        let written: Set<String> = ["text", "bundles", "types", "offset", "limit", "facets", "spelling", "completions",
                                    "explain", "language", "timing", "maxIndexWait"]
        let leftToTheTree: Set<String> = ["sort", "snippets"]
        #expect(Set(SearchQuery.memberNames) == written.union(leftToTheTree))
    }

    @Test func aQueryWithSortOrSnippetsIsLeftToTheTree() {
        #expect(SearchQuery(text: "x", sort: SearchSort(by: "title")).jsonText() == nil)
        #expect(SearchQuery(text: "x", snippets: SnippetOptions()).jsonText() == nil)
    }

    @Test func aNonFiniteWaitIsLeftToTheTreeWhichRefusesIt() {
        let query = SearchQuery(text: "x", maxIndexWait: .infinity)
        #expect(query.jsonText() == nil)
        #expect(throws: (any Error).self) { try JSONValue(encoding: query) }
    }
}
