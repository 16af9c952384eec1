import Foundation
import SpotlightKit
import SpotlightModel
import Testing

/// An item's `title` and `displayName` are two attributes, as Apple's: one not given comes back
/// nil and matches no comparison, whichever of them the record shows and search finds it by.
@Suite struct CoreSpotlightTitleDisplayNameTests {
    static func item(_ id: String, title: String?, displayName: String?) -> CSSearchableItem {
        let attributes = CSSearchableItemAttributeSet(contentType: .text)
        attributes.title = title
        attributes.displayName = displayName
        return CSSearchableItem(uniqueIdentifier: id, domainIdentifier: nil, attributeSet: attributes)
    }

    /// The items `queryString` finds, every attribute fetched.
    static func found(_ queryString: String, _ daemon: DaemonProcess) async throws -> [CSSearchableItem] {
        var items: [CSSearchableItem] = []
        for try await result in CSSearchQuery(queryString: queryString, queryContext: nil, index: daemon.index()).results {
            items.append(result.item)
        }
        return items
    }

    @Test func aTitleGivenAloneComesBackWithoutADisplayName() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        try await daemon.index().indexSearchableItems([Self.item("1", title: "Supernova", displayName: nil)])
        let item = try #require(try await Self.found(#"uniqueIdentifier == "1""#, daemon).first)
        #expect(item.attributeSet.title == "Supernova")
        #expect(item.attributeSet.displayName == nil)
    }

    @Test func aDisplayNameGivenAloneComesBackWithoutATitle() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        try await daemon.index().indexSearchableItems([Self.item("1", title: nil, displayName: "Supernova")])
        let item = try #require(try await Self.found(#"uniqueIdentifier == "1""#, daemon).first)
        #expect(item.attributeSet.displayName == "Supernova")
        #expect(item.attributeSet.title == nil)
    }

    @Test func aTitleAndAnEqualDisplayNameBothComeBack() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        try await daemon.index().indexSearchableItems([Self.item("1", title: "Supernova", displayName: "Supernova")])
        let item = try #require(try await Self.found(#"uniqueIdentifier == "1""#, daemon).first)
        #expect(item.attributeSet.title == "Supernova")
        #expect(item.attributeSet.displayName == "Supernova")
    }

    @Test func anItemStoredBeforeTheMarkersReadsAsGivenItsTitleAlone() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        _ = try await daemon.index().indexRecords([Record(bundle: "com.example.test", type: CSSearchableItem.recordType,
                                                          id: "1", title: "Supernova")])
        let item = try #require(try await Self.found(#"uniqueIdentifier == "1""#, daemon).first)
        #expect(item.attributeSet.title == "Supernova")
        #expect(item.attributeSet.displayName == nil)
    }

    @Test func aTitleGivenAloneAddsNoPropertyToTheRecord() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        try await daemon.index().indexSearchableItems([Self.item("1", title: "Supernova", displayName: nil)])
        let record = try #require(try await daemon.index().query(SearchQuery(text: "supernova")).hits.first?.record)
        #expect(record.title == "Supernova")
        #expect(record.properties["title"] == nil && record.properties["displayName"] == nil)
    }

    @Test func anAttributeNotGivenMatchesNoComparisonAndSearchStillFindsTheItemByTheOther() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        try await daemon.index().indexSearchableItems([Self.item("t", title: "Supernova", displayName: nil),
                                                       Self.item("d", title: nil, displayName: "Eclipse")])
        #expect(try await Self.found(#"title == "Supernova""#, daemon).map(\.uniqueIdentifier) == ["t"])
        #expect(try await Self.found(#"displayName == "Supernova""#, daemon).isEmpty)
        #expect(try await Self.found(#"displayName == "Eclipse""#, daemon).map(\.uniqueIdentifier) == ["d"])
        #expect(try await Self.found(#"title == "Eclipse""#, daemon).isEmpty)
        let hits = try await daemon.index().query(SearchQuery(text: "supernova OR eclipse")).hits.map(\.record)
        #expect(hits.map(\.id).sorted() == ["d", "t"])
        #expect(hits.map(\.title).sorted() == ["Eclipse", "Supernova"], "the record shows the one given")
    }

    @Test func anUpdateGivingTheTitleOfAnItemWithADisplayNameAloneKeepsBoth() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        let index = daemon.index()
        try await index.indexSearchableItems([Self.item("1", title: nil, displayName: "Meeting, Tuesday")])
        let update = Self.item("1", title: "Meeting", displayName: nil)
        update.isUpdate = true
        try await index.indexSearchableItems([update])
        let item = try #require(try await Self.found(#"uniqueIdentifier == "1""#, daemon).first)
        #expect(item.attributeSet.title == "Meeting")
        #expect(item.attributeSet.displayName == "Meeting, Tuesday")
    }
}
