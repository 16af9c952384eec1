import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

/// The bounded recency boost from a record's `modified` date (docs/query.md, Ranking).
@Suite struct SearchRecencyTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func modified(_ id: String, ageInDays: Double) -> Record {
        record(id, "Comet night", properties: ["modified": .date(now.addingTimeInterval(-ageInDays * 86_400))])
    }

    func hits(_ t: TempIndex, _ text: String) throws -> [SearchHit] {
        try t.index.search(SearchQuery(text: text), now: Self.now).hits
    }

    @Test func newerOfTwoEqualRecordsRanksFirst() throws {
        let t = try TempIndex().add(Self.modified("old", ageInDays: 20), Self.modified("new", ageInDays: 0.5))
        #expect(try hits(t, "comet").map(\.record.id) == ["new", "old"])
    }

    @Test func boostIsBoundedByMaxBoost() throws {
        let t = try TempIndex().add(Self.modified("new", ageInDays: 0.1), record("plain", "Comet night"))
        let found = try hits(t, "comet")
        #expect(found.map(\.record.id) == ["new", "plain"])
        #expect(abs(found[0].score - found[1].score - RecencyBoost.maxBoost) < 1e-9)
    }

    @Test func boostFallsWithAgeAndEndsAfterThirtyDays() {
        let ages: [Double] = [-3_600, 3_600, 3 * 86_400, 20 * 86_400, 31 * 86_400]
        #expect(ages.map { RecencyBoost.boost(ageInSeconds: $0) } == [0.5, 0.5, 0.25, 0.125, 0])
    }

    @Test func recordsOlderThanThirtyDaysGainNothing() throws {
        let t = try TempIndex().add(Self.modified("old", ageInDays: 40), record("plain", "Comet night"))
        let found = try hits(t, "comet")
        #expect(abs(found[0].score - found[1].score) < 1e-9)
    }

    @Test func anEmptyQueryListsWithoutBoost() throws {
        let t = try TempIndex().add(Self.modified("new", ageInDays: 0.1))
        #expect(try t.index.search(SearchQuery(text: ""), now: Self.now).hits.map(\.score) == [0])
    }
}
