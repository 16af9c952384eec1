import Foundation
import Testing
@testable import SpotlightModel

/// `SearchResult.read(text:)` (a client reading spotlightd's reply to `query` from its text)
/// against the tree reader and `Codable`: it reads the same results, and leaves the same
/// unusual shapes to them.
@Suite struct SearchResultTextReadTests {
    static func readText(_ text: String) -> SearchResult? {
        Array(text.utf8).withUnsafeBytes { SearchResult.read(text: $0) }
    }

    @Test func aUsualResultReadsFromItsTextAsItDecodes() throws {
        let text = try JSONValue(encoding: MessageTreeReadTests.usualResult).serialized()
        let read = try #require(Self.readText(String(decoding: text, as: UTF8.self)))
        #expect(read == MessageTreeReadTests.usualResult)
        #expect(read == (try JSONValueDecoder().decode(SearchResult.self, from: try JSONValue.parse(text))))
    }

    @Test func aResultWithWhitespaceNullsAndNoHitsReads() throws {
        let text = #" { "hits" : [ ] , "estimatedTotal" : 0 , "correctedText" : null , "inexact" : [ "sort" ] } "#
        let read = try #require(Self.readText(text))
        var expected = SearchResult(hits: [], estimatedTotal: 0)
        expected.inexact = ["sort"]
        #expect(read == expected)
        #expect(read == (try JSONValueDecoder().decode(SearchResult.self, from: try JSONValue.parse(Data(text.utf8)))))
    }

    @Test func aResultWithTimingReadsFromItsTextAsItDecodes() throws {
        var result = SearchResult(hits: [SearchHit(record: Record(bundle: "b", type: "T", id: "1", title: "Saturn"), score: 2.5)],
                                  estimatedTotal: 1)
        result.timing = SearchTiming(compileSeconds: 4.2e-05, matchSeconds: 0.000391, recordsSeconds: 0.0, searchSeconds: 0.0006)
        let text = try JSONValue(encoding: result).serializedWithSortedKeys()
        let read = try #require(Self.readText(String(decoding: text, as: UTF8.self)))
        #expect(read == result)
        #expect(read == (try JSONValueDecoder().decode(SearchResult.self, from: try JSONValue.parse(text))))
    }

    /// A hit's record with escapes and non-ASCII text, as the store writes it.
    @Test func aHitsRecordWithEscapesAndNonASCIITextReads() throws {
        let record = Record(bundle: "b", type: "T", id: "ünï/東京", title: "Straße \"quoted\"\n🚀",
                            properties: ["when": .date(Date(timeIntervalSince1970: 1_780_000_000)), "n": .double(-0.5)],
                            domain: "ü.b", rankingHint: 7, language: "de")
        let result = SearchResult(hits: [SearchHit(record: record, score: 3.25)], estimatedTotal: 1)
        let text = try JSONValue(encoding: result).serialized()
        #expect(Self.readText(String(decoding: text, as: UTF8.self)) == result)
    }

    /// Shapes the text reader leaves to the tree and `Codable` (which decode or refuse them).
    @Test(arguments: [
        #"{"hits":[],"estimatedTotal":1,"facets":{"type":[]}}"#,
        #"{"hits":[{"record":{"bundle":"b","type":"T","id":"1"},"score":1.0,"snippet":"s"}],"estimatedTotal":1}"#,
        #"{"hits":[{"record":{"bundle":"b","type":"T","id":"1"},"score":1}],"estimatedTotal":1}"#,
        #"{"hits":[{"record":{"bundle":"b","type":"T","id":"1"},"score":1.0,"score":2.0}],"estimatedTotal":1}"#,
        #"{"hits":[{"score":1.0}],"estimatedTotal":1}"#,
        #"{"hits":[],"estimatedTotal":1.0}"#,
        #"{"hits":[],"estimatedTotal":1,"completions":[1]}"#,
        #"{"hits":[],"estimatedTotal":1,"surprise":true}"#,
        #"{"hits":[],"estimatedTotal":1,"timing":{"compileSeconds":1.0,"matchSeconds":1.0,"recordsSeconds":1.0}}"#,
        #"{"hits":[],"estimatedTotal":1,"timing":{"compileSeconds":1.0,"matchSeconds":1.0,"recordsSeconds":1.0,"searchSeconds":1}}"#,
        #"{"hits":[],"estimatedTotal":1,"timing":{"compileSeconds":1.0,"matchSeconds":1.0,"recordsSeconds":1.0,"searchSeconds":1.0,"other":1.0}}"#,
        #"{"hits":[],"estimatedTotal":1,"timing":{"compileSeconds":1.0,"compileSeconds":1.0,"matchSeconds":1.0,"recordsSeconds":1.0,"searchSeconds":1.0}}"#,
        #"{"hits":[],"estimatedTotal":1,"timing":null,"timing":{}}"#,
        #"{"hits":null,"estimatedTotal":1}"#,
        #"{"estimatedTotal":1}"#,
        #"{"hits":[],"estimatedTotal":1} x"#,
        #"{"hits":[],"estimatedTotal":1"#,
        #"[]"#,
    ])
    func anUnusualResultIsLeftToTheUsualDecoding(_ text: String) {
        #expect(Self.readText(text) == nil)
    }
}
