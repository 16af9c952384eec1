import Foundation
import SpotlightKit
import SpotlightModel
import Synchronization
import Testing

/// Query handlers set from main-actor code, as an app's view model sets them: the query calls
/// them on a thread of its own. They are `@Sendable` (Apple's are plain closures): a plain
/// closure made on the main actor is isolated to it, and Swift 6 stops the program when another
/// thread calls it (a build with Apple's types crashed here, in dispatch_assert_queue).
@Suite struct CoreSpotlightMainActorHandlerTests {
    @MainActor @Test func handlersSetOnTheMainActorAreCalledFromTheQuerysThread() async throws {
        let sky = try await CoreSpotlightQueryTests.sky()
        let query = CSSearchQuery(queryString: #"title == "*nova*"cd"#, queryContext: nil, index: sky.index())
        let found = Mutex<[String]>([])
        let error: (any Error)? = await withCheckedContinuation { continuation in
            query.foundItemsHandler = { items in found.withLock { $0 += items.map(\.uniqueIdentifier) } }
            query.completionHandler = { error in continuation.resume(returning: error) }
            query.start()
        }
        #expect(error == nil)
        #expect(found.withLock { $0.sorted() } == ["1", "2"])
    }
}
