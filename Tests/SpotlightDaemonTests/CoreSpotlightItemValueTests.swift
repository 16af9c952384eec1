import Foundation
import SpotlightKit
import SpotlightModel
import Testing

/// Values an item's JSON cannot carry are refused by SpotlightKit before they are sent, with an
/// error naming the item and the attribute, and nothing of the call is stored.
@Suite struct CoreSpotlightItemValueTests {
    static func item(_ id: String) -> CSSearchableItem {
        let attributes = CSSearchableItemAttributeSet(contentType: .text)
        attributes.title = "Harbour café"
        return CSSearchableItem(uniqueIdentifier: id, domainIdentifier: nil, attributeSet: attributes)
    }

    static func refusal(_ index: CSSearchableIndex, _ items: [CSSearchableItem]) async -> SpotlightError? {
        do {
            try await index.indexSearchableItems(items)
            return nil
        } catch {
            return error as? SpotlightError
        }
    }

    @Test func anExpirationBeforeTheYearOneIsRefusedNamingTheItem() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        let index = daemon.index()
        let stale = Self.item("stale-1")
        stale.expirationDate = .distantPast
        let error = try #require(await Self.refusal(index, [Self.item("fine-1"), stale]))
        #expect(error.code == .invalidInput)
        #expect(error.message.contains("stale-1") && error.message.contains("expiration"))
        #expect(error.message.contains("0001-9999"))
        #expect(try await index.query(SearchQuery(text: "harbour")).hits.isEmpty)
    }

    @Test func aNumberThatIsNotFiniteIsRefusedNamingTheAttribute() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        let index = daemon.index()
        let item = Self.item("place-1")
        item.attributeSet.latitude = NSNumber(value: Double.nan)
        let error = try #require(await Self.refusal(index, [item]))
        #expect(error.code == .invalidInput)
        #expect(error.message.contains("place-1") && error.message.contains("latitude"))
        #expect(error.message.contains("finite"))
        #expect(try await index.query(SearchQuery(text: "harbour")).hits.isEmpty)
    }
}
