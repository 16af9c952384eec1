import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

/// Records stored before the codec (text written by Foundation's JSONEncoder: a double 2.0 as
/// `2`, slashes escaped in the index's document data) read back as the same records.
@Suite struct StoredJSONTests {
    static let record = Record(bundle: "b", type: "T", id: "a/b", title: "Ünïcode / slash", subtitle: nil,
                               keywords: ["k"],
                               properties: ["whole": .double(2.0), "negZero": .double(-0.0), "max": .int(.max), "min": .int(.min),
                                            "tiny": .double(.leastNonzeroMagnitude), "url": .url(URL(string: "https://x.org/a/b")!),
                                            "list": .array([.double(1e308), .int(9_007_199_254_740_993)])],
                               expiration: Date(timeIntervalSince1970: 4_000_000_000.5), rankingHint: 7)

    static func foundationText(_ formatting: JSONEncoder.OutputFormatting) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting
        return try encoder.encode(record)
    }

    static func identical(_ a: Record, _ b: Record) -> Bool {
        a == b && a.properties.allSatisfy { name, value in
            guard case .double(let x) = value, case .double(let y)? = b.properties[name] else { return true }
            return x.bitPattern == y.bitPattern
        }
    }

    @Test func aStoreRowWrittenByFoundationReadsBackTheSameRecord() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        try store.upsert([Self.record])
        let old = try Self.foundationText([.sortedKeys, .withoutEscapingSlashes])
        try store.connection.run("UPDATE records SET json = ?", [.blob(old)])
        let read = try #require(try store.records(for: [Self.record.key]).first)
        #expect(Self.identical(read, Self.record))
        #expect(try store.integrityCheck().isEmpty)
    }

    @Test func documentDataWrittenByFoundationReadsBackTheSameRecord() throws {
        let old = try Self.foundationText([.sortedKeys])
        #expect(old.contains(Data(#"\/"#.utf8)))
        #expect(Self.identical(try RecordDocument.decode(Array(old), in: "a test"), Self.record))
    }

    @Test func theStoredFormHasSortedKeysUnescapedSlashesAndKindedNumbers() throws {
        let text = String(decoding: try StoredJSON.encode(Self.record), as: UTF8.self)
        #expect(text.hasPrefix(#"{"bundle":"b","expiration":"#))
        #expect(text.contains(#""id":"a/b""#))
        #expect(text.contains(#""whole":{"double":2.0}"#))
        #expect(Self.identical(try StoredJSON.decode(Record.self, from: Data(text.utf8)), Self.record))
    }
}
