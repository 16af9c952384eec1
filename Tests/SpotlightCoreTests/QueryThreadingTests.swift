import Dispatch
import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

/// libxapian 1.4 counts references to a query's parts without atomics, so no part of a query
/// may be shared between threads; `Xapian::Query::MatchAll` is one static query, and a copy
/// of it on every thread once corrupted its count and crashed spotlightd under many listings
/// at once (tools/soak).
@Suite struct QueryThreadingTests {
    @Test func matchAllQueriesBuiltOnManyThreadsAtOnceStayIntact() throws {
        let t = try TempIndex().add(record("1", "Comet"), record("2", "Nebula"))
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<50_000 {
                guard let all = try? XapianQuery.matchAll(),
                      let combined = try? all.combined(.andNot, .term("Qnone")) else { continue }
                _ = combined.description
            }
        }
        let listed = try t.index.search(SearchQuery(text: ""), now: Date()).hits.map(\.record.id)
        #expect(listed.sorted() == ["1", "2"])
    }
}
