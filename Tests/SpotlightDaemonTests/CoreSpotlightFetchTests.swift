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

    static func item(_ id: String, title: String?, displayName: String?) -> CSSearchableItem {
        let attributes = CSSearchableItemAttributeSet(contentType: .text)
        attributes.title = title
        attributes.displayName = displayName
        return CSSearchableItem(uniqueIdentifier: id, domainIdentifier: nil, attributeSet: attributes)
    }

    @Test func aTitleAndADifferentDisplayNameComeBackAndAreQueriedEachAsGiven() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        try await daemon.index().indexSearchableItems([Self.item("1", title: "Meeting", displayName: "Meeting, Tuesday 10:00")])
        let item = try #require(try await Self.fetched(#"title == "Meeting""#, ["title", "displayName"], daemon))
        #expect(item.attributeSet.title == "Meeting")
        #expect(item.attributeSet.displayName == "Meeting, Tuesday 10:00")
        #expect(try await Self.fetched(#"displayName == "Meeting, Tuesday*""#, [], daemon) != nil)
        let shown = try await daemon.index().query(SearchQuery(text: "meeting")).hits.map(\.record.title)
        #expect(shown == ["Meeting, Tuesday 10:00"], "the record shows the display name")
    }

    @Test func anUpdateOfTheTitleAloneKeepsTheStoredDisplayName() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        let index = daemon.index()
        try await index.indexSearchableItems([Self.item("1", title: "Meeting", displayName: "Meeting, Tuesday 10:00")])
        let update = Self.item("1", title: "Standup", displayName: nil)
        update.isUpdate = true
        try await index.indexSearchableItems([update])
        let item = try #require(try await Self.fetched(#"uniqueIdentifier == "1""#, [], daemon))
        #expect(item.attributeSet.title == "Standup")
        #expect(item.attributeSet.displayName == "Meeting, Tuesday 10:00")
    }

    @Test func applesAccountActionAndRelatedItemAttributesComeBackAsGiven() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        let attributes = CSSearchableItemAttributeSet(contentType: .message)
        attributes.title = "Lunch?"
        attributes.accountIdentifier = "work"
        attributes.accountHandles = ["ann@example.com"]
        attributes.instantMessageAddresses = ["@ann:example.org"]
        attributes.weakRelatedUniqueIdentifier = "thread-7"
        attributes.actionIdentifiers = ["reply"]
        let june = Date(timeIntervalSince1970: 1_780_000_000)
        attributes.importantDates = [june]
        attributes.darkThumbnailURL = URL(string: "https://example.com/dark.png")
        try await daemon.index().indexSearchableItems([CSSearchableItem(uniqueIdentifier: "m1", domainIdentifier: nil,
                                                                        attributeSet: attributes)])
        let item = try #require(try await Self.fetched(#"accountHandles == "ann@*""#, [], daemon))
        #expect(item.attributeSet.accountIdentifier == "work")
        #expect(item.attributeSet.instantMessageAddresses == ["@ann:example.org"])
        #expect(item.attributeSet.weakRelatedUniqueIdentifier == "thread-7")
        #expect(item.attributeSet.actionIdentifiers == ["reply"])
        #expect(item.attributeSet.importantDates == [june])
        #expect(item.attributeSet.darkThumbnailURL == URL(string: "https://example.com/dark.png"))
    }

    @Test func anItemsExpirationDateIsImplicitlyUnwrappedAsApplesIs() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        let item = Self.item("1", title: "Lease", displayName: nil)
        item.expirationDate = Date(timeIntervalSince1970: 4_000_000_000)
        try await daemon.index().indexSearchableItems([item])
        let found = try #require(try await Self.fetched(#"uniqueIdentifier == "1""#, [], daemon))
        let seconds: TimeInterval = found.expirationDate.timeIntervalSince1970
        #expect(seconds == 4_000_000_000)
        #expect(CSSearchableItem().expirationDate == nil)
    }

    @Test func aMessagesAuthorsAndRecipientsComeBackAsThePeopleGivenAndAreFoundByNameOrHandle() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        let attributes = CSSearchableItemAttributeSet(contentType: .emailMessage)
        attributes.title = "Lunch?"
        let ann = CSPerson(displayName: "Ann Lee", handles: ["ann@example.com"], handleIdentifier: CNContactEmailAddressesKey)
        ann.contactIdentifier = "contact-1"
        attributes.authors = [ann]
        attributes.recipients = [CSPerson(displayName: nil, handles: ["+47 555 0100", "+47 555 0101"],
                                          handleIdentifier: CNContactPhoneNumbersKey)]
        try await daemon.index().indexSearchableItems([CSSearchableItem(uniqueIdentifier: "m1", domainIdentifier: nil,
                                                                        attributeSet: attributes)])
        let item = try #require(try await Self.fetched(#"authors == "Ann*""#, [], daemon))
        let author = try #require(item.attributeSet.authors?.first)
        #expect([author.displayName, author.handleIdentifier, author.contactIdentifier] == ["Ann Lee", "emailAddresses", "contact-1"])
        #expect(author.handles == ["ann@example.com"])
        let recipient = try #require(item.attributeSet.recipients?.first)
        #expect(recipient.displayName == nil)
        #expect(recipient.handles == ["+47 555 0100", "+47 555 0101"])
        #expect(try await Self.fetched(#"recipients == "+47 555 0101""#, [], daemon) != nil)
        #expect(try await daemon.index().query(SearchQuery(text: "lee")).hits.map(\.record.id) == ["m1"])
    }
}
