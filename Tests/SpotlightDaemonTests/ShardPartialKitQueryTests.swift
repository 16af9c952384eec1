import Foundation
import Synchronization
import Testing
import SpotlightKit

/// SpotlightKit's searches through a front say which shards did not answer, as `get(_:)` does:
/// an app learns that the items or words it did not get may still be in the index.
@Suite(.serialized) struct ShardPartialKitQueryTests {
    /// Two shards of 120 package records, the front granting their bundle (the caller's).
    private func sharded() async throws -> (ShardedSet, groups: [[Record]]) {
        let groups = splitBySection(try packageRecords(120), into: 2)
        return (try await ShardedSet(groups, frontGrants: [packagesBundle]), groups)
    }

    @Test func completionsThroughAFrontWithAShardDownNameTheShard() async throws {
        let (sharded, _) = try await sharded()
        let index = sharded.front.index()
        let whole = try await index.completionResult(for: "pack")
        #expect(!whole.completions.isEmpty && whole.missingShards == nil && !whole.isPartial, "\(whole)")
        sharded.servers[1].kill()
        let partial = try await index.completionResult(for: "pack")
        #expect(partial.missingShards == ["shard2"] && partial.isPartial, "\(partial)")
    }

    @Test func aSearchQueryThroughAFrontWithAShardDownNamesTheShardWhenItCompletes() async throws {
        let (sharded, groups) = try await sharded()
        let index = sharded.front.index()
        #expect(try await run(CSSearchQuery(queryString: #"title == "*""#, queryContext: nil, index: index)) == (120, nil))
        sharded.servers[1].kill()
        let query = CSSearchQuery(queryString: #"title == "*""#, queryContext: nil, index: index)
        #expect(try await run(query) == (groups[0].count, ["shard2"]))
        #expect(query.isPartial)
    }

    @Test func aSearchQueryByIdentifierThroughAFrontWithAShardDownNamesTheShard() async throws {
        let (sharded, groups) = try await sharded()
        sharded.servers[1].kill()
        let ids = [groups[0][0].id, groups[1][0].id]
        let query = CSSearchQuery(queryString: ids.map { #"uniqueIdentifier == "\#($0)""# }.joined(separator: " || "),
                                  queryContext: nil, index: sharded.front.index())
        var found: [String] = []
        for try await result in query.results { found.append(result.item.uniqueIdentifier) }
        #expect(found == [ids[0]])
        #expect(query.missingShards == ["shard2"] && query.isPartial)
    }

    @Test func aUserQueryThroughAFrontWithAShardDownNamesTheShard() async throws {
        let (sharded, groups) = try await sharded()
        let context = CSUserQueryContext()
        context.maxResultCount = 1000
        let whole = CSUserQuery(userQueryString: nil, userQueryContext: context, index: sharded.front.index())
        var count = 0
        for try await _ in whole.responses { count += 1 }
        #expect(count == 120 && whole.missingShards == nil && !whole.isPartial)
        sharded.servers[1].kill()
        let partial = CSUserQuery(userQueryString: nil, userQueryContext: context, index: sharded.front.index())
        count = 0
        for try await _ in partial.responses { count += 1 }
        #expect(count == groups[0].count)
        #expect(partial.missingShards == ["shard2"] && partial.isPartial)
    }

    /// Starts `query` with handlers; the items found and its `missingShards` once its
    /// completion handler was called without an error.
    private func run(_ query: CSSearchQuery) async throws -> (Int, [String]?) {
        let done = Mutex<Result<Void, any Error>?>(nil)
        query.completionHandler = { error in done.withLock { $0 = error.map { .failure($0) } ?? .success(()) } }
        query.start()
        let deadline = ContinuousClock.now + .seconds(20)
        while done.withLock({ $0 == nil }), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        guard let outcome = done.withLock({ $0 }) else { throw SpotlightError(.timeout, "the query did not complete in 20 s") }
        try outcome.get()
        return (query.foundItemCount, query.missingShards)
    }
}
