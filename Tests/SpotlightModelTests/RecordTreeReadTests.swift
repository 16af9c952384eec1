import Foundation
import Testing
@testable import SpotlightModel

/// `Record.read` (the fast path of ``JSONValueDecoder``) against `init(from:)`.
@Suite struct RecordTreeReadTests {
    /// Decodes through `init(from:)` only: the wrapper is not `JSONTreeReadable`.
    struct ViaInitFromDecoder: Decodable {
        let record: Record
        init(from decoder: any Decoder) throws { record = try Record(from: decoder) }
    }

    static let usual = [
        #"{"bundle":"b","type":"T","id":"1"}"#,
        #"{"bundle":"b","type":"T","id":"1","title":null,"subtitle":null,"keywords":null,"properties":null}"#,
        #"{"bundle":"b","type":"T","id":"1","title":"Café","subtitle":"s","synonyms":["x"],"keywords":["k","l"],"#
            + #""domain":"a.b","expiration":"2027-01-02T03:04:05.678Z","rankingHint":40,"language":"de","unknown":1}"#,
        #"{"bundle":"b","type":"T","id":"1","properties":{"s":{"string":"x"},"i":{"int":-9223372036854775808},"#
            + #""d":{"double":2.5},"z":{"double":-0.0},"b":{"bool":true},"date":{"date":"2026-06-01"},"#
            + #""u":{"url":"https://example.com/a?b=c"},"e":{"enum":"red"},"ref":{"entity":{"type":"C","id":"c1"}},"#
            + #""arr":{"array":[{"string":"a"},{"int":1},{"array":[]}]}}}"#,
    ]

    @Test(arguments: usual)
    func theTreeReadOfAUsualRecordEqualsItsDecoding(_ text: String) throws {
        let value = try JSONValue.parse(Data(text.utf8))
        let read = try #require(Record.read(value))
        let decoded = try JSONValueDecoder().decode(ViaInitFromDecoder.self, from: value).record
        #expect(read == decoded)
        #expect(try JSONValueDecoder().decode(Record.self, from: value) == decoded)
    }

    /// Shapes `read` leaves to `init(from:)`: numbers to check, extra keys, wrong types.
    static let unusual = [
        #"{"bundle":"b","type":"T","id":"1","rankingHint":50.0}"#,
        #"{"bundle":"b","type":"T","id":"1","properties":{"i":{"int":3.0}}}"#,
        #"{"bundle":"b","type":"T","id":"1","properties":{"d":{"double":2}}}"#,
        #"{"bundle":"b","type":"T","id":"1","properties":{"s":{"string":"x","note":1}}}"#,
        #"{"bundle":"b","type":"T","id":"1","properties":{"r":{"entity":{"type":"C","id":"c","extra":0}}}}"#,
    ]

    @Test(arguments: unusual)
    func anUnusualShapeIsLeftToInitFromDecoderAndReadsTheSame(_ text: String) throws {
        let value = try JSONValue.parse(Data(text.utf8))
        #expect(Record.read(value) == nil)
        let decoded = try JSONValueDecoder().decode(ViaInitFromDecoder.self, from: value).record
        #expect(try JSONValueDecoder().decode(Record.self, from: value) == decoded)
    }

    static let invalid = [
        #"{"bundle":"b","type":"T"}"#,
        #"{"bundle":"b","type":"T","id":1}"#,
        #"{"bundle":"b","type":"T","id":"1","rankingHint":101}"#,
        #"{"bundle":"b","type":"T","id":"1","expiration":"tomorrow"}"#,
        #"{"bundle":"b","type":"T","id":"1","keywords":["k",2]}"#,
        #"{"bundle":"b","type":"T","id":"1","properties":{"p":{"date":"2026-13-01"}}}"#,
        #"{"bundle":"b","type":"T","id":"1","properties":{"p":{"int":1.5}}}"#,
        #"{"bundle":"b","type":"T","id":"1","properties":{"p":{"string":"a","int":1}}}"#,
    ]

    @Test(arguments: invalid)
    func anInvalidRecordFailsWithTheErrorInitFromDecoderGives(_ text: String) throws {
        let value = try JSONValue.parse(Data(text.utf8))
        #expect(Record.read(value) == nil)
        let expected = try #require(throws: DecodingError.self) {
            try JSONValueDecoder().decode(ViaInitFromDecoder.self, from: value)
        }
        let actual = try #require(throws: DecodingError.self) { try JSONValueDecoder().decode(Record.self, from: value) }
        #expect("\(actual)" == "\(expected)")
    }

    @Test func aHitOfARecordAndAScoreIsReadAsItsDecoding() throws {
        struct HitViaInitFromDecoder: Decodable {
            let hit: SearchHit
            init(from decoder: any Decoder) throws { hit = try SearchHit(from: decoder) }
        }
        let value = try JSONValue.parse(Data(#"{"record":{"bundle":"b","type":"T","id":"1","title":"t"},"score":2.5}"#.utf8))
        let read = try #require(SearchHit.read(value))
        #expect(read == (try JSONValueDecoder().decode(HitViaInitFromDecoder.self, from: value).hit))
        #expect(try JSONValueDecoder().decode(SearchHit.self, from: value) == read)
    }

    @Test(arguments: [#"{"record":{"bundle":"b","type":"T","id":"1"},"score":2}"#,
                      #"{"record":{"bundle":"b","type":"T","id":"1"},"score":2.5,"snippet":"s"}"#])
    func aHitOfAnotherShapeIsLeftToInitFromDecoder(_ text: String) throws {
        let value = try JSONValue.parse(Data(text.utf8))
        #expect(SearchHit.read(value) == nil)
        #expect(try JSONValueDecoder().decode(SearchHit.self, from: value).record.id == "1")
    }
}
