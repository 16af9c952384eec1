import Foundation
import SpotlightKit
import SpotlightModel
import Testing

/// A `CSSearchQuery` of `uniqueIdentifier == "x"` reads the app's records of those identifiers by
/// key instead of reading every record; what it finds must be exactly what reading every record
/// finds. Each string is compared with itself ORed with a comparison that no record meets, which
/// has no key or index form and so reads every record.
@Suite struct CoreSpotlightIdentifierQueryTests {
    static let bundle = "com.example.test"

    static func item(_ id: String, _ title: String) -> CSSearchableItem {
        let attributes = CSSearchableItemAttributeSet(contentType: .text)
        attributes.title = title
        return CSSearchableItem(uniqueIdentifier: id, domainIdentifier: nil, attributeSet: attributes)
    }

    /// Items whose identifiers differ by case, by Unicode normalization, by a wildcard character
    /// and by a prefix; an app entity's record with an item's identifier; an expired item; and
    /// more items than a page holds.
    static func daemon() async throws -> DaemonProcess {
        let daemon = try DaemonProcess(grants: [bundle])
        let index = daemon.index()
        let ids = ["item1", "Item1", "item10", "caf\u{E9}", "cafe\u{301}", "a*b", "a?b", "e1", " spaced ", "ü/|\u{0}x"]
        try await index.indexSearchableItems(ids.map { item($0, "Supernova \($0)") })
        try await index.indexSearchableItems((0..<1_100).map { item("bulk\($0)", "Bulk \($0)") })
        let expired = item("old", "Expired")
        expired.expirationDate = Date(timeIntervalSinceNow: -60)
        try await index.indexSearchableItems([expired])
        _ = try await index.indexRecords([Record(bundle: bundle, type: "EventEntity", id: "e1", title: "Entity e1"),
                                          Record(bundle: bundle, type: "NoteEntity", id: "n1", title: "Note n1")])
        return daemon
    }

    /// Each found item's identifier and title, as UTF-8 (which tells apart what `String` calls equal).
    static func found(_ queryString: String, _ daemon: DaemonProcess) async throws -> [[UInt8]] {
        var found: [[UInt8]] = []
        for try await result in CSSearchQuery(queryString: queryString, queryContext: nil, index: daemon.index()).results {
            found.append(Array((result.item.uniqueIdentifier + "|" + (result.item.attributeSet.title ?? "")).utf8))
        }
        return found.sorted { $0.lexicographicallyPrecedes($1) }
    }

    static let queryStrings = [
        #"uniqueIdentifier == "item1""#,
        #"uniqueIdentifier == "Item1""#,
        #"uniqueIdentifier == "caf\#u{E9}""#,
        #"uniqueIdentifier == "cafe\#u{301}""#,
        #"uniqueIdentifier == "caf\#u{E9}" || uniqueIdentifier == "cafe\#u{301}""#,
        #"uniqueIdentifier == "a\*b""#,
        #"uniqueIdentifier == "e1""#,
        #"uniqueIdentifier == "n1" || uniqueIdentifier == "bulk1050" || uniqueIdentifier == "nothing""#,
        #"kMDItemUniqueIdentifier == " spaced ""#,
        #"uniqueIdentifier == "ü/|\#u{0}x""#,
        #"uniqueIdentifier == "old""#,
        #"uniqueIdentifier == "item1" && title == "*nova*"c"#,
        #"uniqueIdentifier == "item1" && title == "Bulk*""#,
        #"(uniqueIdentifier == "e1" || uniqueIdentifier == "item10") && domainIdentifier != "x""#,
        #"uniqueIdentifier == """#,
    ]

    @Test(arguments: queryStrings)
    func anIdentifierQueryFindsWhatReadingEveryRecordFinds(_ queryString: String) async throws {
        let daemon = try await Self.daemon()
        let scanned = try await Self.found(#"(\#(queryString)) || title == "no such title""#, daemon)
        #expect(try await Self.found(queryString, daemon) == scanned)
    }

    @Test func manyIdentifiersOfManyTypesAreAllFound() async throws {
        let daemon = try await Self.daemon()
        let queryString = (0..<500).map { #"uniqueIdentifier=="bulk\#($0)""# }.joined(separator: "||")
        #expect(try await Self.found(queryString, daemon).count == 500)
    }

    @Test func anAppOfAsManyTypesAsAFacetListsStillFindsEveryRecordOfTheIdentifier() async throws {
        let daemon = try DaemonProcess(grants: [Self.bundle])
        _ = try await daemon.index().indexRecords((0..<120).map {
            Record(bundle: Self.bundle, type: "Type\($0)", id: "x", title: "Record \($0)")
        })
        #expect(try await Self.found(#"uniqueIdentifier == "x""#, daemon).count == 120)
    }
}
