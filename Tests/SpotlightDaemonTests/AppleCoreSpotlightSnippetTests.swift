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

/// The search model of Apple's WWDC24 session "Support semantic search with Core Spotlight":
/// a context with fetch attributes, a user query, and its responses gathered item by item and
/// suggestion by suggestion in a `switch` with `@unknown default`, as the session writes it.
@MainActor final class WWDC24SearchModel {
    var items: [CSUserQuery.Item] = []
    var suggestions: [CSUserQuery.Suggestion] = []

    func search(_ queryString: String, in index: CSSearchableIndex) async throws {
        CSUserQuery.prepare()
        let queryContext = CSUserQueryContext()
        queryContext.fetchAttributes = ["title", "contentDescription"]
        queryContext.enableRankedResults = true
        queryContext.maxSuggestionCount = 3
        let query = CSUserQuery(userQueryString: queryString, userQueryContext: queryContext, index: index)
        for try await element in query.responses {
            switch element {
            case .item(let item):
                self.items.append(item)
            case .suggestion(let suggestion):
                self.suggestions.append(suggestion)
            @unknown default:
                break
            }
        }
    }
}

extension AppleCoreSpotlightSnippetTests {
    @MainActor @Test func theWWDC24SearchModelGathersItemsAndSuggestions() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        #expect(await Self.indexTheGuidesItem(daemon.index()) == nil)
        let model = WWDC24SearchModel()
        try await model.search("jul", in: daemon.index())
        #expect(model.items.map(\.item.uniqueIdentifier) == ["1"])
        #expect(model.items.first?.item.attributeSet.title == "July Report.Pages")
        #expect(model.suggestions.map { String($0.suggestion.localizedAttributedSuggestion.characters) } == ["july"])
    }
}
