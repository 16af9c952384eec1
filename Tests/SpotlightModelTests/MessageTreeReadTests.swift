import Foundation
import Testing
@testable import SpotlightModel

/// `SearchResult` and `SearchQuery` read and written straight from and to the JSON tree (the
/// query path's fast paths) against their `Codable` conformances.
@Suite struct MessageTreeReadTests {
    /// Decodes through `init(from:)` only: the wrapper is not `JSONTreeReadable`.
    struct ViaInitFrom<T: Decodable>: Decodable {
        let value: T
        init(from decoder: any Decoder) throws { value = try T(from: decoder) }
    }

    /// Encodes through `encode(to:)` only: the wrapper is not `JSONTreeWritable`.
    struct ViaEncodeTo<T: Encodable>: Encodable {
        let value: T
        func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
    }

    /// A query's usual answer: every member but facets and timing.
    static let usualResult: SearchResult = {
        var result = SearchResult(hits: [SearchHit(record: Record(bundle: "b", type: "T", id: "1", title: "Title",
                                                                   properties: ["n": .int(3)], rankingHint: 4),
                                                   score: 2.5),
                                         SearchHit(record: Record(bundle: "b", type: "T", id: "2", title: ""), score: 0)],
                                  estimatedTotal: 7, missingShards: ["s2"])
        result.totalLowerBound = 2
        result.totalUpperBound = 9
        result.correctedText = "title"
        result.retriedWithCorrection = false
        result.completions = ["titles", "title"]
        result.inexact = ["spelling"]
        return result
    }()

    @Test func theTreeOfAUsualResultIsWhatEncodeToWrites() throws {
        let tree = try #require(Self.usualResult.jsonTree)
        #expect(tree == (try JSONValue(encoding: ViaEncodeTo(value: Self.usualResult))))
        #expect(try JSONValue(encoding: Self.usualResult) == tree)
    }

    @Test func aResultWithFacetsOrTimingIsLeftToEncodeTo() {
        var result = Self.usualResult
        result.facets = ["type": [FacetCount(value: "T", count: 7)]]
        #expect(result.jsonTree == nil)
        result.facets = nil
        result.timing = SearchTiming(compileSeconds: 0, matchSeconds: 0, recordsSeconds: 0, searchSeconds: 0)
        #expect(result.jsonTree == nil)
    }

    @Test func theTreeReadOfAUsualResultEqualsItsDecoding() throws {
        // As spotlightd writes it: a score of 0 as 0.0, which reads back as a double.
        let value = try JSONValue.parse(JSONValue(encoding: ViaEncodeTo(value: Self.usualResult)).serialized())
        let read = try #require(SearchResult.read(value))
        #expect(read == (try JSONValueDecoder().decode(ViaInitFrom<SearchResult>.self, from: value).value))
        #expect(read == Self.usualResult)
    }

    /// Shapes `read` leaves to `init(from:)`, which decodes or refuses them.
    @Test(arguments: [
        #"{"hits":[],"estimatedTotal":1,"facets":{"type":[]}}"#,
        #"{"hits":[{"record":{"bundle":"b","type":"T","id":"1"},"score":1.0,"snippet":"s"}],"estimatedTotal":1}"#,
        #"{"hits":[],"estimatedTotal":1.0}"#,
        #"{"hits":[],"estimatedTotal":1,"completions":[1]}"#,
        #"{"hits":[],"estimatedTotal":1,"surprise":true}"#,
    ])
    func anUnusualResultIsLeftToInitFrom(_ text: String) throws {
        #expect(SearchResult.read(try JSONValue.parse(Data(text.utf8))) == nil)
    }

    @Test func anUnknownMemberOfAResultIsIgnoredEitherWay() throws {
        let value = try JSONValue.parse(Data(#"{"hits":[],"estimatedTotal":3,"surprise":true}"#.utf8))
        #expect(try JSONValueDecoder().decode(SearchResult.self, from: value) == SearchResult(hits: [], estimatedTotal: 3))
    }

    static let usualQueries = [
        #"{"text":"comet","limit":10}"#,
        #"{"text":"comet","bundles":["a","b"],"types":["T"],"offset":20,"limit":5,"facets":["type"],"#
            + #""completions":3,"explain":true,"language":"de","timing":true}"#,
        #"{"text":null,"bundles":null,"limit":0}"#,
        #"{}"#,
    ]

    @Test(arguments: usualQueries)
    func theTreeReadOfAUsualQueryEqualsItsDecoding(_ text: String) throws {
        let value = try JSONValue.parse(Data(text.utf8))
        let read = try #require(SearchQuery.read(value))
        #expect(read == (try JSONValueDecoder().decode(ViaInitFrom<SearchQuery>.self, from: value).value))
    }

    @Test(arguments: [
        #"{"text":"comet","limt":5}"#,
        #"{"text":"comet","limt":null}"#,
        #"{"text":"comet","sort":{"property":"n"}}"#,
        #"{"text":"comet","spelling":"suggest"}"#,
        #"{"text":"comet","limit":"5"}"#,
        #"{"text":"comet","bundles":"a"}"#,
    ])
    func anUnusualQueryIsLeftToInitFrom(_ text: String) throws {
        #expect(SearchQuery.read(try JSONValue.parse(Data(text.utf8))) == nil)
    }

    @Test func anUnknownMemberOfAQueryIsStillRefusedByName() throws {
        let value = try JSONValue.parse(Data(#"{"text":"comet","limt":5}"#.utf8))
        let error = #expect(throws: (any Error).self) { try JSONValueDecoder().decode(SearchQuery.self, from: value) }
        #expect(String(describing: error).contains("limt"))
    }
}
