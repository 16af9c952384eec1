import Foundation
import SpotlightKit
import SpotlightModel
import Testing

/// Apple's media attributes `editors` and `playCount` are donated as properties of their names,
/// found by them and back as given.
@Suite struct CoreSpotlightMediaAttributeTests {
    @Test func editorsAndPlayCountAreFoundAndComeBackAsGiven() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        let attributes = CSSearchableItemAttributeSet(contentType: .audio)
        attributes.title = "Night Drive"
        attributes.editors = ["Ann Lee", "Bo Ek"]
        attributes.playCount = 12
        try await daemon.index().indexSearchableItems([CSSearchableItem(uniqueIdentifier: "t1", domainIdentifier: nil,
                                                                        attributeSet: attributes)])
        #expect(try await daemon.index().query(SearchQuery(text: "editors:ann playCount:10..20")).hits.map(\.record.id) == ["t1"])
        var found: [CSSearchableItem] = []
        for try await result in CSSearchQuery(queryString: #"editors == "Bo*" && playCount > 10"#, queryContext: nil,
                                              index: daemon.index()).results {
            found.append(result.item)
        }
        #expect(found.first?.attributeSet.editors == ["Ann Lee", "Bo Ek"])
        #expect(found.first?.attributeSet.playCount == 12)
    }
}
