import Foundation
import IntentKit
import SpotlightKit
import SpotlightModel
import SpotlightTestSupport
import Testing

// Core Spotlight's items associated with app entities, donated to a real spotlightd.

private func donatedItem(_ item: CSSearchableItem) async throws -> Record {
    let daemon = try TestSpotlightd(.init(grants: ["com.example.test"]))
    let index = SearchableIndex(socketPath: daemon.socket)
    try await index.indexSearchableItems([item])
    return try #require(try await index.query(SearchQuery(text: "")).hits.first?.record)
}

private let cabin = PlaceEntity(id: "cabin", name: "Fjord Cabin", about: "Quiet, by the water", region: "Vestland")

@Test func anItemAssociatedWithAnEntityCarriesTheEntityReference() async throws {
    let attributes = CSSearchableItemAttributeSet(contentType: .text)
    attributes.title = "Weekend at the cabin"
    let item = CSSearchableItem(uniqueIdentifier: "trip-1", domainIdentifier: "trips", attributeSet: attributes)
    item.associateAppEntity(cabin, priority: 1)
    let record = try await donatedItem(item)
    #expect(record.title == "Weekend at the cabin")
    #expect(record.properties["appEntity"] == .entity(EntityReference(type: "PlaceEntity", id: "cabin")))
}

@Test func anItemMadeFromAnEntityHasItsIdentifierAttributesAndAssociation() async throws {
    let record = try await donatedItem(CSSearchableItem(appEntity: cabin))
    #expect(record.type == "CSSearchableItem")
    #expect(record.id == "cabin")
    #expect(record.title == "Fjord Cabin")
    #expect(record.subtitle == "Quiet, by the water")
    #expect(record.keywords.contains("travel"))
    #expect(record.properties["appEntity"] == .entity(EntityReference(type: "PlaceEntity", id: "cabin")))
}
