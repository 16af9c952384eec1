import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

/// `SearchQuery.timing`: the result says how long the search's steps took in the engine.
@Suite struct EngineSearchTimingTests {
    static func engineWithEvents(_ fixture: EngineFixture) async throws -> SpotlightEngine {
        let engine = try fixture.open()
        let events = (0..<40).map { EngineFixture.event("e\($0)", "Comet viewing number\($0)") }
        _ = try await engine.write(.upsert(events, clientState: nil))
        return engine
    }

    @Test func aSearchReportsNoTimingUnlessAsked() async throws {
        let fixture = EngineFixture()
        let engine = try await Self.engineWithEvents(fixture)
        defer { engine.close() }
        #expect(try await engine.search(SearchQuery(text: "comet", limit: 5)).timing == nil)
    }

    @Test func aTimedSearchSplitsItsTimeIntoCompileMatchAndRecords() async throws {
        let fixture = EngineFixture()
        let engine = try await Self.engineWithEvents(fixture)
        defer { engine.close() }
        let result = try await engine.search(SearchQuery(text: "comet view", limit: 5, timing: true))
        #expect(result.hits.count == 5)
        let timing = try #require(result.timing)
        #expect(timing.compileSeconds > 0)
        #expect(timing.matchSeconds > 0)
        #expect(timing.recordsSeconds > 0)
        #expect(timing.compileSeconds + timing.matchSeconds + timing.recordsSeconds <= timing.searchSeconds)
        #expect(timing.searchSeconds < 60)
    }

    @Test func aRetryWithTheCorrectionIsInsideTheTimedSearch() async throws {
        let fixture = EngineFixture()
        let engine = try await Self.engineWithEvents(fixture)
        defer { engine.close() }
        let result = try await engine.search(SearchQuery(text: "commet", limit: 5, spelling: .retry, timing: true))
        #expect(result.retriedWithCorrection == true)
        let timing = try #require(result.timing)
        #expect(timing.recordsSeconds > 0)
        #expect(timing.compileSeconds + timing.matchSeconds + timing.recordsSeconds <= timing.searchSeconds)
    }

    @Test func theTimingRoundTripsThroughTheResultsJSON() throws {
        var result = SearchResult(hits: [], estimatedTotal: 0)
        result.timing = SearchTiming(compileSeconds: 0.0001, matchSeconds: 0.0004, recordsSeconds: 0.0002, searchSeconds: 0.0008)
        let again = try JSONDecoder().decode(SearchResult.self, from: JSONEncoder().encode(result))
        #expect(again.timing == result.timing)
    }
}
