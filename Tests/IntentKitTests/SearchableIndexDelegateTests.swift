import Foundation
import IntentKit
import SpotlightKit
import SpotlightModel
import SpotlightTestSupport
import Testing

// Core Spotlight's CSSearchableIndexDelegate, written as Apple's documentation writes it: the app
// service's reindexAll (what spotlightd's rebuild from the apps calls) has it donate the app's
// items again. Without it, a rebuild from the apps removed every CSSearchableItem of the app.

/// Donates the app's notes again and acknowledges at once, before the donation is stored:
/// Apple's handler form returns at once, so the acknowledgement may well come first.
private final class NotesIndexDelegate: NSObject, CSSearchableIndexDelegate {
    let notes: [String]
    init(notes: [String]) { self.notes = notes }

    func searchableIndex(_ searchableIndex: CSSearchableIndex,
                         reindexAllSearchableItemsWithAcknowledgementHandler acknowledgementHandler: @escaping () -> Void) {
        let items = notes.map { note in
            let attributes = CSSearchableItemAttributeSet(contentType: .text)
            attributes.title = note
            return CSSearchableItem(uniqueIdentifier: note, domainIdentifier: "notes", attributeSet: attributes)
        }
        searchableIndex.indexSearchableItems(items, completionHandler: nil)
        acknowledgementHandler()
    }

    func searchableIndex(_ searchableIndex: CSSearchableIndex, reindexSearchableItemsWithIdentifiers identifiers: [String],
                         acknowledgementHandler: @escaping () -> Void) {
        acknowledgementHandler()
    }
}

@Test func reindexAllHasTheIndexDelegateDonateTheAppsItemsAgainBeforeItReturns() async throws {
    let daemon = try TestSpotlightd(.init(grants: ["com.example.test"]))
    let index = CSSearchableIndex(name: "notes", socketPath: daemon.socket)
    let delegate = NotesIndexDelegate(notes: ["Groceries", "Packing list"])
    index.indexDelegate = delegate
    let dispatcher = AppServiceDispatcher(bundleIdentifier: "com.example.test", intents: [],
                                          reindexing: Reindexing(donate: { _ in }, allEntities: { [] }))
    _ = try await dispatcher.reindexAll()
    let found = try await index.query(SearchQuery(text: nil, bundles: ["com.example.test"])).hits.map(\.record)
    #expect(found.map(\.id).sorted() == ["Groceries", "Packing list"])
    #expect(found.allSatisfy { $0.type == "CSSearchableItem" && $0.domain == "notes" })
    #expect(index.indexDelegate === delegate, "the index holds its delegate as long as the app does")
}

/// An index extension's handler, as Apple's template writes it, set as the delegate; its
/// acknowledgement handler `@Sendable`, so the completion handler can call it in Swift 6.
private final class IndexRequestHandler: CSIndexExtensionRequestHandler {
    override func searchableIndex(_ searchableIndex: CSSearchableIndex,
                                  reindexAllSearchableItemsWithAcknowledgementHandler acknowledgementHandler: @escaping @Sendable () -> Void) {
        let attributes = CSSearchableItemAttributeSet(contentType: .text)
        attributes.title = "From the extension"
        searchableIndex.indexSearchableItems([CSSearchableItem(uniqueIdentifier: "x1", domainIdentifier: nil,
                                                               attributeSet: attributes)]) { _ in acknowledgementHandler() }
    }
}

@Test func anIndexExtensionsRequestHandlerSetAsTheDelegateDonatesOnReindexAll() async throws {
    let daemon = try TestSpotlightd(.init(grants: ["com.example.test"]))
    let index = CSSearchableIndex(name: "extension", socketPath: daemon.socket)
    let handler = IndexRequestHandler()
    index.indexDelegate = handler
    let dispatcher = AppServiceDispatcher(bundleIdentifier: "com.example.test", intents: [],
                                          reindexing: Reindexing(donate: { _ in }, allEntities: { [] }))
    _ = try await dispatcher.reindexAll()
    let found = try await index.query(SearchQuery(text: nil, bundles: ["com.example.test"])).hits.map(\.record.id)
    #expect(found.contains("x1"))
    withExtendedLifetime(handler) {}
}
