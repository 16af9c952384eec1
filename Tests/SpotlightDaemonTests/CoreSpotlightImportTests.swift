import SpotlightKit
import Testing

// Core Spotlight code names Foundation's types with only `import CoreSpotlight`; `import
// SpotlightKit` alone brings them too, so a port changes the import and nothing else. This file
// imports nothing else on purpose.

@Test func coreSpotlightCodeNamesFoundationsTypesWithOnlySpotlightKitImported() async throws {
    let daemon = try DaemonProcess(grants: ["com.example.test"])
    let index = CSSearchableIndex(name: "imports", socketPath: daemon.socket)
    let attributes = CSSearchableItemAttributeSet(contentType: .text)
    attributes.title = "Launch window"
    attributes.thumbnailURL = URL(string: "https://example.com/launch.png")
    let item = CSSearchableItem(uniqueIdentifier: UUID().uuidString, domainIdentifier: "launches", attributeSet: attributes)
    item.expirationDate = Date(timeIntervalSinceNow: 3600)
    index.beginBatch()
    try await index.indexSearchableItems([item])
    try await index.endBatch(withClientState: Data("v1".utf8))
    #expect(try await index.fetchLastClientState() == Data("v1".utf8))
    #expect(try await index.query(SearchQuery(text: "launch window")).hits.map(\.record.id) == [item.uniqueIdentifier])
}
