import Foundation
import SpotlightKit
import SpotlightModel
import Testing

/// Apple's attribute groups (images, media, music, documents, messaging, places, general): an
/// attribute of each kind a group has (text, list, number, flag, date) is donated to a real
/// spotlightd, found by a query string on it, and comes back as given.
@Suite struct CoreSpotlightAttributeGroupTests {
    /// The attribute set of the item the query string finds, after donating `attributes` as item "1".
    static func found(_ attributes: CSSearchableItemAttributeSet, by queryString: String) async throws
        -> CSSearchableItemAttributeSet? {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        attributes.title = "Item"
        try await daemon.index().indexSearchableItems([CSSearchableItem(uniqueIdentifier: "1", domainIdentifier: nil,
                                                                        attributeSet: attributes)])
        return try await CoreSpotlightFetchTests.fetched(queryString, [], daemon)?.attributeSet
    }

    @Test func imageAttributesAreFoundByTheirNamesAndComeBackAsGiven() async throws {
        let attributes = CSSearchableItemAttributeSet(contentType: .image)
        attributes.acquisitionModel = "X100V"
        attributes.layerNames = ["Sky", "Ground"]
        attributes.pixelWidth = 1024
        attributes.exposureTime = 0.004
        attributes.flashOn = true
        let found = try #require(try await Self.found(attributes, by: #"acquisitionModel == "x100*"c && layerNames == "Ground""#
            + " && pixelWidth > 1000 && exposureTime < 0.01 && flashOn == 1"))
        #expect(found.acquisitionModel == "X100V")
        #expect(found.layerNames == ["Sky", "Ground"])
        #expect(found.pixelWidth == 1024)
        #expect(found.exposureTime == 0.004)
        #expect(found.flashOn == true)
    }

    @Test func mediaAttributesAreFoundByTheirNamesAndComeBackAsGiven() async throws {
        let attributes = CSSearchableItemAttributeSet(contentType: .movie)
        attributes.originalSource = "Vinyl"
        attributes.publishers = ["Blue Note"]
        attributes.totalBitRate = 320_000
        attributes.streamable = true
        let found = try #require(try await Self.found(attributes, by: #"originalSource == "vinyl"c && publishers == "Blue*""#
            + " && totalBitRate >= 320000 && streamable == 1"))
        #expect(found.originalSource == "Vinyl")
        #expect(found.publishers == ["Blue Note"])
        #expect(found.totalBitRate == 320_000)
        #expect(found.streamable == true)
    }

    @Test func musicAttributesAreFoundByTheirNamesAndComeBackAsGiven() async throws {
        let recorded = Date(timeIntervalSince1970: -330_000_000)
        let attributes = CSSearchableItemAttributeSet(contentType: .audio)
        attributes.lyricist = "Oscar Hammerstein"
        attributes.tempo = 136
        attributes.recordingDate = recorded
        attributes.generalMIDISequence = false
        let found = try #require(try await Self.found(attributes, by: #"lyricist == "*hammer*"c && tempo > 100"#
            + " && recordingDate < $time.iso(1960-01-01) && generalMIDISequence == 0"))
        #expect(found.lyricist == "Oscar Hammerstein")
        #expect(found.tempo == 136)
        #expect(found.recordingDate == recorded)
        #expect(found.generalMIDISequence == false)
    }

    @Test func documentAttributesAreFoundByTheirNamesAndComeBackAsGiven() async throws {
        let attributes = CSSearchableItemAttributeSet(contentType: .pdf)
        attributes.securityMethod = "Password Encrypted"
        attributes.fontNames = ["Helvetica", "Courier"]
        attributes.pageWidth = 595.5
        let found = try #require(try await Self.found(attributes, by: #"securityMethod == "password*"c"#
            + #" && fontNames == "Courier" && pageWidth > 595"#))
        #expect(found.securityMethod == "Password Encrypted")
        #expect(found.fontNames == ["Helvetica", "Courier"])
        #expect(found.pageWidth == 595.5)
    }

    @Test func messageAttributesAreFoundByTheirNamesAndComeBackAsGivenButNotTheHTMLBytes() async throws {
        let attributes = CSSearchableItemAttributeSet(contentType: .emailMessage)
        attributes.mailboxIdentifiers = [CSMailboxInbox]
        attributes.emailHeaders = ["List-Id": ["<astro.example.org>"], "Received": ["from a", "from b"]]
        attributes.likelyJunk = true
        attributes.htmlContentData = Data("<p>Hi</p>".utf8)
        let found = try #require(try await Self.found(attributes, by: #"mailboxIdentifiers == "inbox""#
            + #" && emailHeaders == "List-Id: <astro*" && likelyJunk == 1"#))
        #expect(found.mailboxIdentifiers == [CSMailboxInbox])
        #expect(found.emailHeaders?["List-Id"] as? [String] == ["<astro.example.org>"])
        #expect(found.emailHeaders?["Received"] as? [String] == ["from a", "from b"])
        #expect(found.likelyJunk == true)
        #expect(found.htmlContentData == nil)
        #expect(found.values["htmlContentData"] == nil)
    }

    @Test func placeAttributesAreFoundByTheirNamesAndComeBackAsGiven() async throws {
        let taken = Date(timeIntervalSince1970: 1_780_000_000)
        let attributes = CSSearchableItemAttributeSet(contentType: .image)
        attributes.gpsMapDatum = "WGS-84"
        attributes.gpsTrack = 270
        attributes.speed = 12.5
        attributes.timestamp = taken
        attributes.gpsDifferental = 1
        let found = try #require(try await Self.found(attributes, by: #"gpsMapDatum == "wgs*"c && gpsTrack == 270"#
            + " && speed > 12 && timestamp > $time.iso(2026-01-01) && gpsDifferential == 1"))
        #expect(found.gpsMapDatum == "WGS-84")
        #expect(found.gpsTrack == 270)
        #expect(found.speed == 12.5)
        #expect(found.timestamp == taken)
        #expect(found.gpsDifferental == 1)
    }

    @Test func generalAttributesAreFoundByTheirNamesAndComeBackAsGiven() async throws {
        let attributes = CSSearchableItemAttributeSet(contentType: .text)
        attributes.transcribedTextContent = "Meet at the roof at nine"
        attributes.providerDataTypeIdentifiers = ["public.plain-text"]
        attributes.containerOrder = 3
        attributes.sharedItemContentType = .jpeg
        let found = try #require(try await Self.found(attributes, by: #"transcribedTextContent == "*roof*""#
            + #" && providerDataTypeIdentifiers == "public.plain-text" && containerOrder == 3"#
            + #" && sharedItemContentType == "public.jpeg""#))
        #expect(found.transcribedTextContent == "Meet at the roof at nine")
        #expect(found.providerDataTypeIdentifiers == ["public.plain-text"])
        #expect(found.containerOrder == 3)
        #expect(found.sharedItemContentType == .jpeg)
        #expect(found.isPriority == nil)
        #expect(found.textContentSummary == nil)
    }
}
