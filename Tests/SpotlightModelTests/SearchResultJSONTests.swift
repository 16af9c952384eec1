import Foundation
import Testing
import SpotlightModel

/// `SearchResult` is written and read without Codable on the query path; its JSON must stay
/// the documented (Codable) form.
@Suite struct SearchResultJSONTests {
    /// Every member set: a member added to SearchResult must be added to the direct
    /// writer and reader too, or these tests fail.
    static func fullResult(hits: [SearchHit]) -> SearchResult {
        var result = SearchResult(hits: hits, estimatedTotal: 7, missingShards: ["s2"])
        result.totalLowerBound = 1
        result.totalUpperBound = 9
        result.correctedText = "title"
        result.retriedWithCorrection = true
        result.completions = ["titles"]
        result.facets = ["type": [FacetCount(value: "T", count: 7)], "bundle": []]
        result.inexact = ["spelling"]
        return result
    }

    static let hit: SearchHit = {
        var hit = SearchHit(record: Record(bundle: "b", type: "T", id: "1", title: "Title", subtitle: "Sub",
                                           keywords: ["k"], properties: ["when": .date(Date(timeIntervalSince1970: 0))],
                                           rankingHint: 3), score: 1.25, snippet: "[Ti]tle")
        hit.explanation = HitExplanation(matches: [TermMatch(term: "ti", field: "title", stemmed: false)],
                                         relevance: 1.22, rankingHintBoost: 0.03)
        return hit
    }()

    @Test func theDirectWriterEqualsTheCodableFormAtTheTopLevel() throws {
        let result = Self.fullResult(hits: [])
        #expect(Mirror(reflecting: result).children.count == 10)
        #expect(try result.jsonValue() == JSONValue(encoding: result))
        let empty = SearchResult(hits: [], estimatedTotal: 0)
        #expect(try empty.jsonValue() == JSONValue(encoding: empty))
    }

    @Test func aResultWithEveryMemberRoundTrips() throws {
        let result = Self.fullResult(hits: [Self.hit])
        #expect(try SearchResult(json: result.jsonValue()) == result)
    }

    @Test func aWrongTypeAtTheTopLevelIsReportedByCodable() throws {
        let json: JSONValue = .object(["hits": .array([]), "estimatedTotal": .string("seven")])
        #expect(throws: DecodingError.self) { try SearchResult(json: json) }
    }
}
