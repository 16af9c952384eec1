import Foundation
import SpotlightKit
import SpotlightModel
import Testing

/// CSSearchQuery reads the app's records 1000 at a time; with items of 20 KiB a page was an
/// answer over the 16 MiB message limit and the query failed with "ask for less", which an
/// app cannot do: it now asks for smaller pages.
@Suite struct CoreSpotlightLargeItemsQueryTests {
    @Test func aQueryOverLargeItemsFindsThemAll() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        let text = String(repeating: "w", count: 20_000)
        try await daemon.index().indexSearchableItems((0..<1000).map { i in
            let attributes = CSSearchableItemAttributeSet(contentType: .text)
            attributes.title = "large item \(i)"
            attributes.contentDescription = text
            return CSSearchableItem(uniqueIdentifier: "i\(i)", domainIdentifier: nil, attributeSet: attributes)
        })
        let query = CSSearchQuery(queryString: #"title == "large*""#, queryContext: nil, index: daemon.index())
        var count = 0
        for try await _ in query.results { count += 1 }
        #expect(count == 1000)
    }
}
