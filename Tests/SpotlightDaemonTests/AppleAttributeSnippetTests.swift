import Foundation
import SpotlightKit
import Testing

/// Attribute code as apps written from Apple's reference pages write it (a photo library, a mail
/// client), with only the import changed: it compiles, and the item is found by those attributes.
@Suite struct AppleAttributeSnippetTests {
    struct Photo { let id = "IMG_0042"; let name = "Harbour at dusk"; let width = 4032; let height = 3024 }
    struct Message { let id = "m1"; let subject = "Star party"; let headers = ["List-Id": ["<astro.example.org>"]] }

    static func attributeSet(for photo: Photo) -> CSSearchableItemAttributeSet {
        let attributeSet = CSSearchableItemAttributeSet(contentType: .image)
        attributeSet.title = photo.name
        attributeSet.pixelWidth = NSNumber(value: photo.width)
        attributeSet.pixelHeight = NSNumber(value: photo.height)
        attributeSet.orientation = 1
        attributeSet.isoSpeed = 200
        attributeSet.fNumber = 2.8
        attributeSet.exposureTime = NSNumber(value: 1.0 / 250)
        attributeSet.flashOn = NSNumber(value: false)
        attributeSet.acquisitionMake = "Fujifilm"
        attributeSet.acquisitionModel = "X100V"
        attributeSet.exifVersion = "0232"
        attributeSet.gpsTrack = 270
        attributeSet.altitude = 12
        return attributeSet
    }

    static func attributeSet(for message: Message) -> CSSearchableItemAttributeSet {
        let attributeSet = CSSearchableItemAttributeSet(contentType: .emailMessage)
        attributeSet.subject = message.subject
        attributeSet.authors = [CSPerson(displayName: "Ann Lee", handles: ["ann@example.com"],
                                         handleIdentifier: CNContactEmailAddressesKey)]
        attributeSet.mailboxIdentifiers = [CSMailboxInbox]
        attributeSet.emailHeaders = message.headers
        attributeSet.likelyJunk = NSNumber(value: false)
        attributeSet.htmlContentData = Data("<p>Bring a telescope</p>".utf8)
        attributeSet.textContent = "Bring a telescope"
        return attributeSet
    }

    @Test func aPhotoAndAMessageDescribedAsApplesPagesShowAreFoundByThoseAttributes() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        let photo = Photo(), message = Message()
        try await daemon.index().indexSearchableItems([
            CSSearchableItem(uniqueIdentifier: photo.id, domainIdentifier: "photos", attributeSet: Self.attributeSet(for: photo)),
            CSSearchableItem(uniqueIdentifier: message.id, domainIdentifier: "mail", attributeSet: Self.attributeSet(for: message)),
        ])
        var found: [String] = []
        for query in [#"pixelWidth > 4000 && acquisitionModel == "x100*"c && flashOn == 0"#,
                      #"mailboxIdentifiers == "inbox" && authors == "Ann*" && likelyJunk == 0"#] {
            for try await result in CSSearchQuery(queryString: query, queryContext: nil, index: daemon.index()).results {
                found.append(result.item.uniqueIdentifier)
            }
        }
        #expect(found == [photo.id, message.id])
    }
}
