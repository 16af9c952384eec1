import SpotlightKit
import SpotlightModel
import Testing

/// Identifiers are stored and compared byte for byte (docs/records.md), also where Swift's
/// `String` would call two of them equal.
@Suite struct EquivalentIdentifierTests {
    static let records = [Record(bundle: "com.example.test", type: "Note", id: "caf\u{E9}", title: "Precomposed"),
                          Record(bundle: "com.example.test", type: "Note", id: "cafe\u{301}", title: "Combining")]

    static func pairs(_ records: [Record]) -> [String] {
        records.map { $0.title + ":" + $0.id.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: ",") }.sorted()
    }

    @Test func aQueryFindsEachOfTwoCanonicallyEquivalentIdentifiersWithItsOwnRecord() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        _ = try await daemon.index().indexRecords(Self.records)
        let hits = try await daemon.index().query(SearchQuery(text: nil)).hits.map(\.record)
        #expect(Self.pairs(hits) == Self.pairs(Self.records))
    }
}
