import Foundation
import SpotlightKit
import Testing

/// Core Spotlight code as Apple's App Search Programming Guide and reference pages write it, with
/// only the import changed: it compiles, and does what the guide says against a real spotlightd.
@Suite struct AppleCoreSpotlightSnippetTests {
    /// The guide's "Creating Searchable Items": an attribute set of a content type, a title, a
    /// description and a thumbnail, an item of an identifier and a domain, indexed with a handler.
    static func indexTheGuidesItem(_ index: CSSearchableIndex) async -> (any Error)? {
        let attributeSet = CSSearchableItemAttributeSet(itemContentType: kUTTypeData as String)
        attributeSet.title = "July Report.Pages"
        attributeSet.contentDescription = "iWork Pages Document"
        attributeSet.thumbnailData = Data([0xFF, 0xD8])
        let item = CSSearchableItem(uniqueIdentifier: "1", domainIdentifier: "file-1", attributeSet: attributeSet)
        item.expirationDate = Date().addingTimeInterval(60 * 60 * 24 * 30)
        return await withCheckedContinuation { continuation in
            index.indexSearchableItems([item]) { error in
                if error != nil {
                    print(error?.localizedDescription ?? "")
                } else {
                    print("Item indexed.")
                }
                continuation.resume(returning: error)
            }
        }
    }

    @Test func theGuidesItemIsIndexedAndFoundByItsTitle() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        #expect(await Self.indexTheGuidesItem(daemon.index()) == nil)
        let query = CSSearchQuery(queryString: #"title == "July*"c"#, attributes: ["title", "contentDescription"],
                                  index: daemon.index())
        var found: [String] = []
        for try await result in query.results { found.append(result.item.uniqueIdentifier) }
        #expect(found == ["1"])
    }

    @Test func theGuidesDeletionsByIdentifierAndDomainDeleteTheItem() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        let index = daemon.index()
        #expect(await Self.indexTheGuidesItem(index) == nil)
        let byIdentifier: (any Error)? = await withCheckedContinuation { continuation in
            index.deleteSearchableItems(withIdentifiers: ["1"]) { error in continuation.resume(returning: error) }
        }
        #expect(byIdentifier == nil)
        #expect(try await index.query(SearchQuery(text: "july")).hits.isEmpty)
        #expect(await Self.indexTheGuidesItem(index) == nil)
        let byDomain: (any Error)? = await withCheckedContinuation { continuation in
            index.deleteSearchableItems(withDomainIdentifiers: ["file-1"]) { error in continuation.resume(returning: error) }
        }
        #expect(byDomain == nil)
        #expect(try await index.query(SearchQuery(text: "july")).hits.isEmpty)
    }

    @Test func aSuggestionsKindIsOfApplesSuggestionKindType() {
        let kind: CSSuggestion.SuggestionKind = CSSuggestion("supernova party").suggestionKind
        #expect(kind == .default)
    }
}
