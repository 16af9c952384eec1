import Foundation
import SpotlightKit
import SpotlightModel
import Testing

/// Apple's metadata keys whose names are not the attribute's (`kMDItemDescription` is
/// `contentDescription`): they matched nothing, in a query string or in fetchAttributes.
@Suite struct CoreSpotlightMetadataKeyTests {
    @Test(arguments: [
        (#"kMDItemDescription == "*telescope*"c"#, "contentDescription"),
        (#"kMDItemStarRating >= 4"#, "rating"),
        (#"kMDItemURL == "https://example.com/*""#, "url"),
        (#"kMDItemDurationSeconds == 90"#, "duration"),
    ])
    func aMetadataKeyOfAnotherNameFindsAndFetchesItsAttribute(_ queryString: String, _ attribute: String) async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        let attributes = CSSearchableItemAttributeSet(contentType: .text)
        attributes.title = "Rooftop"
        attributes.contentDescription = "Bring a telescope"
        attributes.rating = 4
        attributes.url = URL(string: "https://example.com/e/1")
        attributes.duration = 90
        try await daemon.index().indexSearchableItems([CSSearchableItem(uniqueIdentifier: "1", domainIdentifier: nil,
                                                                        attributeSet: attributes)])
        let key = "kMDItem" + String(queryString.dropFirst(7).prefix { $0.isLetter })
        let found = try #require(try await CoreSpotlightFetchTests.fetched(queryString, [key], daemon))
        #expect(found.attributeSet.values.keys.sorted() == [attribute])
    }

    @Test(arguments: [
        ("kMDItemISOSpeed == 400", "isoSpeed"),
        (#"kMDItemEXIFGPSVersion == "2.3""#, "exifgpsVersion"),
        ("kMDItemGPSDOP < 2", "gpsdop"),
        ("kMDItemExposureTimeSeconds < 0.01", "exposureTime"),
        ("kMDItemFlashOnOff == 1", "flashOn"),
        ("kMDItemIsLikelyJunk == 0", "likelyJunk"),
    ])
    func aMetadataKeyOfAnAcronymOrAnotherNameFindsAndFetchesItsNewerAttribute(_ queryString: String,
                                                                              _ attribute: String) async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        let attributes = CSSearchableItemAttributeSet(contentType: .image)
        attributes.title = "Rooftop"
        attributes.isoSpeed = 400
        attributes.exifgpsVersion = "2.3"
        attributes.gpsdop = 1.5
        attributes.exposureTime = 0.004
        attributes.flashOn = true
        attributes.likelyJunk = false
        try await daemon.index().indexSearchableItems([CSSearchableItem(uniqueIdentifier: "1", domainIdentifier: nil,
                                                                        attributeSet: attributes)])
        let key = "kMDItem" + String(queryString.dropFirst(7).prefix { $0.isLetter })
        let found = try #require(try await CoreSpotlightFetchTests.fetched(queryString, [key], daemon))
        #expect(found.attributeSet.values.keys.sorted() == [attribute])
    }
}
