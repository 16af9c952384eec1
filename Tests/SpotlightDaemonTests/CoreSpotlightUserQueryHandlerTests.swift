import Foundation
import SpotlightKit
import SpotlightModel
import Synchronization
import Testing

/// `CSUserQuery` with handlers, as a `CSSearchQuery` (Apple's `CSUserQuery` is one) is run.
@Suite struct CoreSpotlightUserQueryHandlerTests {
    @Test func aUserQueryStartedWithHandlersGivesItsItemsThenSuggestionsThenNil() async throws {
        let sky = try await CoreSpotlightQueryTests.sky()
        let context = CSUserQueryContext(currentSuggestion: nil)
        context.maxSuggestionCount = 3
        context.fetchAttributes = ["title"]
        let query = CSUserQuery(userQueryString: "rooftop supern", userQueryContext: context, index: sky.index())
        let calls = Mutex<[String]>([])
        let error: (any Error)? = await withCheckedContinuation { continuation in
            query.foundItemsHandler = { items in calls.withLock { $0 += items.map { "item " + ($0.attributeSet.title ?? "") } } }
            query.foundSuggestionsHandler = { suggestions in
                calls.withLock { $0 += suggestions.map { "suggestion " + String($0.localizedAttributedSuggestion.characters) } }
            }
            query.completionHandler = { error in continuation.resume(returning: error) }
            query.start()
        }
        #expect(error == nil)
        #expect(calls.withLock { $0 } == ["item Supernova party", "suggestion rooftop supernova"])
        #expect(query.foundItemCount == 1)
        #expect(query.foundSuggestionCount == 1)
    }

    @Test func engagementFeedbackAsApplesSampleGivesItIsAcceptedAndChangesNoRanking() async throws {
        let sky = try await CoreSpotlightQueryTests.sky()
        CSUserQuery.prepare()
        CSUserQuery.prepareProtectionClasses([.completeUntilFirstUserAuthentication])
        let before = try await CoreSpotlightQueryTests.responses("nova", sky).items
        let query = CSUserQuery(userQueryString: "nova", userQueryContext: nil, index: sky.index())
        for try await case .item(let found) in query.responses {
            query.userEngaged(found.item, visibleItems: before, interaction: .select)
        }
        query.userEngaged(CSSuggestion("nova"), visibleSuggestions: [], interaction: .focus)
        let after = try await CoreSpotlightQueryTests.responses("nova", sky).items
        #expect(after.map(\.uniqueIdentifier) == before.map(\.uniqueIdentifier))
    }
}
