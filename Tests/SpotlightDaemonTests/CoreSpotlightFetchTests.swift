import Foundation
import SpotlightKit
import SpotlightModel
import Testing

/// What a found item's attribute set holds: the attributes asked for, back as they were given.
@Suite struct CoreSpotlightFetchTests {
    /// The first item `queryString` finds, with `fetchAttributes`.
    static func fetched(_ queryString: String, _ fetchAttributes: [String], _ daemon: DaemonProcess) async throws
        -> CSSearchableItem? {
        let context = CSSearchQueryContext()
        context.fetchAttributes = fetchAttributes
        for try await result in CSSearchQuery(queryString: queryString, queryContext: context, index: daemon.index()).results {
            return result.item
        }
        return nil
    }

    @Test func fetchAttributesTakeTheKMDItemNamesAQueryStringTakes() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        let attributes = CSSearchableItemAttributeSet(contentType: .text)
        attributes.title = "Supernova party"
        attributes.contentDescription = "Rooftop"
        attributes.rating = 4
        try await daemon.index().indexSearchableItems([CSSearchableItem(uniqueIdentifier: "1", domainIdentifier: nil,
                                                                        attributeSet: attributes)])
        let item = try #require(try await Self.fetched(#"kMDItemTitle == "Supernova*""#, ["kMDItemTitle", "kMDItemRating"], daemon))
        #expect(item.attributeSet.title == "Supernova party")
        #expect(item.attributeSet.rating == 4)
        #expect(item.attributeSet.contentDescription == nil, "not asked for")
    }
}
