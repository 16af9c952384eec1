import Foundation
import SpotlightKit
import SpotlightModel
import Testing

/// A `CSSearchQuery` or `CSUserQuery` whose handlers capture the query itself (as Apple's
/// samples write `query.completionHandler = { _ in ... query.foundItemCount ... }`) is freed once
/// its run has ended, against a real spotlightd.
@Suite struct CoreSpotlightHandlerReleaseTests {
    @Test func aSearchQueryWhoseHandlersCaptureItIsFreedOnceItEnds() async throws {
        let sky = try await CoreSpotlightQueryTests.sky()
        weak var released: CSSearchQuery?
        let counted: Int = await {
            let query = CSSearchQuery(queryString: #"title == "*""#, queryContext: nil, index: sky.index())
            released = query
            return await withCheckedContinuation { done in
                query.foundItemsHandler = { _ in _ = query.foundItemCount }
                query.completionHandler = { _ in done.resume(returning: query.foundItemCount) }
                query.start()
            }
        }()
        #expect(counted > 0)
        #expect(await Self.freed { released == nil })
    }

    @Test func aUserQueryWhoseHandlersCaptureItIsFreedOnceItEnds() async throws {
        let sky = try await CoreSpotlightQueryTests.sky()
        weak var released: CSUserQuery?
        let counted: Int = await {
            let query = CSUserQuery(userQueryString: "supern", userQueryContext: nil, index: sky.index())
            released = query
            return await withCheckedContinuation { done in
                query.foundItemsHandler = { _ in _ = query.foundItemCount }
                query.foundSuggestionsHandler = { _ in _ = query.foundSuggestionCount }
                query.completionHandler = { _ in done.resume(returning: query.foundItemCount) }
                query.start()
            }
        }()
        #expect(counted > 0)
        #expect(await Self.freed { released == nil })
    }

    @Test func aCancelledQueryLetsGoOfItsHandlersToo() async throws {
        let sky = try await CoreSpotlightQueryTests.sky()
        weak var released: CSSearchQuery?
        let error: (any Error)? = await {
            let query = CSSearchQuery(queryString: #"title == "*""#, queryContext: nil, index: sky.index())
            released = query
            return await withCheckedContinuation { done in
                query.foundItemsHandler = { _ in _ = query.foundItemCount }
                query.completionHandler = { error in _ = query.isCancelled; done.resume(returning: error) }
                query.cancel()
                query.start()
            }
        }()
        #expect(error is CancellationError)
        #expect(await Self.freed { released == nil })
    }

    /// The run's task lets go of the query as it returns from the completion handler, just after
    /// the test resumed: up to 5 s for that.
    private static func freed(_ isFreed: () -> Bool) async -> Bool {
        for _ in 0..<500 {
            if isFreed() { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return isFreed()
    }
}
