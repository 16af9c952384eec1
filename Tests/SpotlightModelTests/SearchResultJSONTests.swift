import Foundation
import Testing
import SpotlightModel

/// `SearchResult` is written and read by the codec on the query path; its JSON must stay the
/// documented form, the one Foundation's encoder writes from the same Codable conformance.
@Suite struct SearchResultJSONTests {
    /// Every member set, so that a member added to SearchResult is covered here.
    static func fullResult(hits: [SearchHit]) -> SearchResult {
        var result = SearchResult(hits: hits, estimatedTotal: 7, missingShards: ["s2"])
        result.totalLowerBound = 1
        result.totalUpperBound = 9
        result.correctedText = "title"
        result.retriedWithCorrection = true
        result.completions = ["titles"]
        result.facets = ["type": [FacetCount(value: "T", count: 7)], "bundle": []]
        result.inexact = ["spelling"]
        result.timing = SearchTiming(compileSeconds: 0.0001, matchSeconds: 0.0004, recordsSeconds: 0.00025, searchSeconds: 0.0008)
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

    @Test func theCodecWritesWhatFoundationWrites() throws {
        let result = Self.fullResult(hits: [Self.hit])
        #expect(Mirror(reflecting: result).children.count == 11)
        #expect(try JSONValue(encoding: result) == JSONValue.parse(JSONEncoder().encode(result)))
        let empty = SearchResult(hits: [], estimatedTotal: 0)
        #expect(try JSONValue(encoding: empty) == JSONValue.parse(JSONEncoder().encode(empty)))
    }

    @Test func aResultWithEveryMemberRoundTrips() throws {
        let result = Self.fullResult(hits: [Self.hit])
        #expect(try JSONValue(encoding: result).decode(SearchResult.self) == result)
    }

    @Test func aWrongTypeAtTheTopLevelIsADecodingErrorNamingTheMember() throws {
        let json: JSONValue = .object(["hits": .array([]), "estimatedTotal": .string("seven")])
        let error = #expect(throws: DecodingError.self) { try json.decode(SearchResult.self) }
        guard case .typeMismatch(_, let context)? = error else {
            Issue.record("not a type mismatch: \(String(describing: error))")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["estimatedTotal"])
    }
}
