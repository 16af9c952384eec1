import Foundation
import SpotlightKit
import SpotlightModel
import Testing

/// Query handlers of Apple's types: not `@Sendable`, so Apple's samples that gather the found
/// items in a local `var` compile (they did not: "mutation of captured var in
/// concurrently-executing code").
@Suite struct CoreSpotlightHandlerCaptureTests {
    @Test func applesSampleGathersFoundItemsInALocalVar() async throws {
        let sky = try await CoreSpotlightQueryTests.sky()
        let query = CSSearchQuery(queryString: #"title == "*nova*"cd"#, queryContext: nil, index: sky.index())
        var allItems = [CSSearchableItem]()
        let error: (any Error)? = await withCheckedContinuation { continuation in
            query.foundItemsHandler = { items in
                allItems.append(contentsOf: items)
            }
            query.completionHandler = { error in continuation.resume(returning: error) }
            query.start()
        }
        #expect(error == nil)
        #expect(allItems.map(\.uniqueIdentifier).sorted() == ["1", "2"])
    }
}
