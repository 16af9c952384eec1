import Foundation
import IntentKit
import SpotlightKit
import SpotlightModel
import SpotlightProtocol
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

/// Sets `delegate` on an index of a fresh spotlightd and runs an entity-less app's `reindexAll`.
/// - Returns: its result and the records of the test bundle after it.
private func reindexAll(through delegate: any CSSearchableIndexDelegate) async throws -> (ReindexResult, [Record]) {
    let daemon = try TestSpotlightd(.init(grants: ["com.example.test"]))
    let index = CSSearchableIndex(name: "notes", socketPath: daemon.socket)
    index.indexDelegate = delegate
    let dispatcher = AppServiceDispatcher(bundleIdentifier: "com.example.test", intents: [],
                                          reindexing: Reindexing(donate: { _ in }, allEntities: { [] }))
    let result = try await dispatcher.reindexAll()
    #expect(index.indexDelegate === delegate, "the index holds its delegate as long as the app does")
    return (result, try await index.query(SearchQuery(text: nil, bundles: ["com.example.test"])).hits.map(\.record))
}

@Test func reindexAllHasTheIndexDelegateDonateTheAppsItemsAgainBeforeItReturns() async throws {
    let delegate = NotesIndexDelegate(notes: ["Groceries", "Packing list"])
    let (_, found) = try await reindexAll(through: delegate)
    #expect(found.map(\.id).sorted() == ["Groceries", "Packing list"])
    #expect(found.allSatisfy { $0.type == "CSSearchableItem" && $0.domain == "notes" })
    withExtendedLifetime(delegate) {}
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
    let handler = IndexRequestHandler()
    let (_, found) = try await reindexAll(through: handler)
    #expect(found.map(\.id) == ["x1"])
    withExtendedLifetime(handler) {}
}

@Test func reindexAllCountsTheItemsTheIndexDelegateDonated() async throws {
    let delegate = NotesIndexDelegate(notes: ["Groceries", "Packing list"])
    let (result, _) = try await reindexAll(through: delegate)
    // At least: other tests of this process may donate items at the same time, and count too.
    #expect((result.items ?? 0) >= 2)
    #expect(result.donated == 0, "the app's records; it has no entities")
    withExtendedLifetime(delegate) {}
}
