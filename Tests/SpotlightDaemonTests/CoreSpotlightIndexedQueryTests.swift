import Foundation
import SpotlightKit
import SpotlightModel
import Testing

/// A `CSSearchQuery` whose string holds the app's records to a domain asks spotlightd's index
/// for that domain's records instead of reading every record; what it finds must be exactly
/// what reading every record finds. Each string is compared with itself ORed with a comparison
/// that no record meets, which has no index form and so reads every record.
@Suite struct CoreSpotlightIndexedQueryTests {
    static func item(_ id: String, _ title: String, domain: String?) -> CSSearchableItem {
        let attributes = CSSearchableItemAttributeSet(contentType: .text)
        attributes.title = title
        return CSSearchableItem(uniqueIdentifier: id, domainIdentifier: domain, attributeSet: attributes)
    }

    /// Items in domains that differ by case, by a last part, by a prefix of a part and by what
    /// the index's words would split (`-`, `_`), an app entity's record in a domain, and more
    /// items in one domain than a page holds.
    static func daemon() async throws -> DaemonProcess {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        let index = daemon.index()
        let domains = ["calendar", "calendar.home", "calendar.home.kids", "Calendar.Home", "calendar.homework",
                       "calendar.", "cal", "mail-box", "mail_box", "mail", "x.y", ".hidden", "a..b", ".", "_x", "1.2", "a-", nil]
        try await index.indexSearchableItems(domains.enumerated().map { n, domain in
            item("d\(n)", "Supernova \(domain ?? "none")", domain: domain)
        })
        try await index.indexSearchableItems((0..<1_100).map { item("bulk\($0)", "Bulk \($0)", domain: "bulk.items") })
        _ = try await index.indexRecords([Record(bundle: "com.example.test", type: "EventEntity", id: "e1",
                                                 title: "Entity in a domain", domain: "calendar.home")])
        return daemon
    }

    static func found(_ queryString: String, _ daemon: DaemonProcess) async throws -> [String] {
        var ids: [String] = []
        for try await result in CSSearchQuery(queryString: queryString, queryContext: nil, index: daemon.index()).results {
            ids.append(result.item.uniqueIdentifier)
        }
        return ids.sorted()
    }

    static let queryStrings = [
        #"domainIdentifier == "calendar.home""#,
        #"domainIdentifier == "calendar.home.*""#,
        #"domainIdentifier == "calendar.*""#,
        #"domainIdentifier == "calendar""#,
        #"domainIdentifier == "Calendar.Home""#,
        #"domainIdentifier == "calendar.home"c"#,
        #"domainIdentifier == "calendar.home*""#,
        #"domainIdentifier == "mail-box" || domainIdentifier == "mail_box""#,
        #"domainIdentifier == "bulk.items""#,
        #"domainIdentifier == "bulk.items" && title == "Bulk 1*""#,
        #"(domainIdentifier == "x.y" || domainIdentifier == "cal") && title == "*nova*"c"#,
        #"domainIdentifier == "calendar.home" || title == "Bulk 7""#,
        #"!(domainIdentifier == "calendar.home")"#,
        #"domainIdentifier == "nowhere""#,
        #"domainIdentifier == ".hidden""#,
        #"domainIdentifier == "a..b""#,
        #"domainIdentifier == "a..*""#,
        #"domainIdentifier == "calendar.""#,
        #"domainIdentifier == ".""#,
        #"domainIdentifier == "_x""#,
        #"domainIdentifier == "1.2""#,
        #"domainIdentifier == "a-""#,
    ]

    @Test(arguments: queryStrings)
    func aDomainQueryFindsWhatReadingEveryRecordFinds(_ queryString: String) async throws {
        let daemon = try await Self.daemon()
        let scanned = try await Self.found(#"(\#(queryString)) || uniqueIdentifier == "no such item""#, daemon)
        #expect(try await Self.found(queryString, daemon) == scanned)
    }
}
