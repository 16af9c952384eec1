import Foundation
import Testing
@testable import SpotlightModel

/// `Record.jsonTree` (the fast path of ``JSONValueEncoder``) against `encode(to:)`.
@Suite struct RecordTreeWriteTests {
    /// Encodes through `encode(to:)` only: the wrapper is not `JSONTreeWritable`.
    struct ViaEncodeTo: Encodable {
        let record: Record
        func encode(to encoder: any Encoder) throws { try record.encode(to: encoder) }
    }

    static let records: [Record] = [
        Record(bundle: "b", type: "T", id: "1", title: "T"),
        Record(bundle: "b", type: "T", id: "2", title: "Café / \"quoted\"", subtitle: "s", synonyms: ["x"],
               keywords: ["k", "l"], domain: "a.b", expiration: Date(timeIntervalSince1970: 1_800_000_000.678),
               rankingHint: 40, language: "de"),
        Record(bundle: "b", type: "T", id: "3", title: "p", properties: [
            "s": .string("x"), "i": .int(Int.min), "d": .double(2.5), "z": .double(-0.0), "tiny": .double(.leastNonzeroMagnitude),
            "b": .bool(true), "date": .date(Date(timeIntervalSince1970: 0)), "u": .url(URL(string: "https://example.com/a?b=c")!),
            "e": .enumCase("red"), "ref": .entity(EntityReference(type: "C", id: "c1")),
            "arr": .array([.string("a"), .int(1), .array([])]),
        ]),
        Record(bundle: "b", type: "T", id: "4", title: "", subtitle: "", synonyms: [], keywords: [], rankingHint: 0),
    ]

    @Test(arguments: records)
    func theTreeOfARecordEqualsItsEncoding(_ record: Record) throws {
        let tree = try #require(record.jsonTree)
        #expect(tree == (try JSONValueEncoder().encode(ViaEncodeTo(record: record))))
        #expect(try JSONValueEncoder().encode(record) == tree)
        #expect(try JSONValueEncoder().encode(record).serializedWithSortedKeys()
                == (try JSONValueEncoder().encode(ViaEncodeTo(record: record)).serializedWithSortedKeys()))
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func aNumberWithoutAJSONFormIsLeftToEncodeToWhichRefusesItTheSame(_ number: Double) throws {
        let record = Record(bundle: "b", type: "T", id: "1", title: "n", properties: ["n": .array([.double(number)])])
        #expect(record.jsonTree == nil)
        let fast = #expect(throws: EncodingError.self) { try JSONValueEncoder().encode(record) }
        let slow = #expect(throws: EncodingError.self) { try JSONValueEncoder().encode(ViaEncodeTo(record: record)) }
        #expect(fast.map { "\($0)" } == slow.map { "\($0)" })
    }
}
