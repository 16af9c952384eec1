import Foundation
import SpotlightModel
import SpotlightProtocol
import Testing

/// spotlightd writes a query's result with each hit's record spliced in as the store's JSON
/// text (QueryReplyText); a client reads it as the result the codec would have written.
@Suite struct QueryReplyTextTests {
    private static let records = [
        Record(bundle: "com.example.a", type: "Event", id: "1", title: "Supernova \"party\"\n",
               properties: ["when": .date(Date(timeIntervalSince1970: 1_780_000_000)), "level": .int(Int.max),
                            "ratio": .double(-0.0), "tags": .array([.string("a"), .string("ü")])]),
        Record(bundle: "com.example.b", type: "Task", id: "2/ü", title: "Comet", subtitle: "tail", keywords: ["ice"]),
    ]

    @Test func aResultWithEveryMemberReadsBackAsTheCodecWroteIt() throws {
        var result = SearchResult(hits: Self.records.enumerated().map { index, record in
            var hit = SearchHit(record: record, score: 9.25 - Double(index))
            hit.snippet = index == 0 ? "<b>Supernova</b> party" : nil
            hit.explanation = index == 1 ? HitExplanation(matches: [TermMatch(term: "comet", field: "title", stemmed: false)],
                                                          relevance: 8.25, rankingHintBoost: 0) : nil
            return hit
        }, estimatedTotal: 2)
        result.totalLowerBound = 2
        result.totalUpperBound = 3
        result.correctedText = "supernova"
        result.completions = ["party", "parade"]
        result.facets = ["type": [FacetCount(value: "Event", count: 1), FacetCount(value: "Task", count: 1)]]
        result.inexact = ["sort"]
        let recordJSON = try Self.records.map { Array(try JSONValue(encoding: $0).serializedWithSortedKeys()) }
        let text = try QueryReplyText.encode(result, recordJSON: recordJSON)
        #expect(try JSONValue.parse(Data(text)) == JSONValue(encoding: result))
        #expect(try JSONValue.parse(Data(text)).decode(SearchResult.self) == result)
    }

    @Test func hitsWithOnlyAScoreReadBackAsTheCodecWroteThem() throws {
        let result = SearchResult(hits: Self.records.enumerated().map { index, record in
            SearchHit(record: record, score: [2.0, -0.0][index])
        }, estimatedTotal: 2)
        let recordJSON = try Self.records.map { Array(try JSONValue(encoding: $0).serializedWithSortedKeys()) }
        let text = try QueryReplyText.encode(result, recordJSON: recordJSON)
        #expect(try JSONValue.parse(Data(text)) == JSONValue(encoding: result))
        #expect(try JSONValue.parse(Data(text)).decode(SearchResult.self) == result)
    }

    @Test func aHitWhoseScoreHasNoJSONFormIsRefused() {
        let result = SearchResult(hits: [SearchHit(record: Self.records[0], score: .nan)], estimatedTotal: 1)
        #expect(throws: EncodingError.self) { try QueryReplyText.encode(result, recordJSON: [Array("{}".utf8)]) }
    }

    @Test func aResultWithoutHitsIsTheCodecsText() throws {
        let result = SearchResult(hits: [], estimatedTotal: 0)
        let text = try QueryReplyText.encode(result, recordJSON: [])
        #expect(try JSONValue.parse(Data(text)) == JSONValue(encoding: result))
    }

    @Test func recordsThatDoNotMatchTheHitsAreRefused() throws {
        let result = SearchResult(hits: [SearchHit(record: Self.records[0], score: 1)], estimatedTotal: 1)
        #expect(throws: SpotlightError.self) { try QueryReplyText.encode(result, recordJSON: []) }
    }
}
