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

    // A committed index whose records all get the same boost (all donated today, or none in the
    // last 30 days) is searched without the boost's value ranges, the boost added to each score.

    static func readerAndWriterAnswers(_ t: TempIndex, _ text: String)
        throws -> (read: [SearchHit], written: [SearchHit], readQuery: String) {
        let reader = try SearchIndex.openReadOnly(.local(path: t.path))
        defer { reader.close() }
        let query = try QueryCompiler(database: reader.handle).compile(SearchQuery(text: text), now: now).description
        return (try reader.search(SearchQuery(text: text), now: now).hits,
                try t.index.search(SearchQuery(text: text), now: now).hits, query)
    }

    static func sameAnswers(_ a: [SearchHit], _ b: [SearchHit]) -> Bool {
        a.map(\.record.id) == b.map(\.record.id) && zip(a, b).allSatisfy { abs($0.score - $1.score) < 1e-9 }
    }

    @Test func aBoostTheSameForEveryRecordIsLeftOutOfTheQueryAndAddedToEachScore() throws {
        let t = try TempIndex().add(Self.modified("a", ageInDays: 0.1), Self.modified("b", ageInDays: 0.5),
                                    record("c", "Comet watch", properties: ["modified": .date(Self.now.addingTimeInterval(-60))]))
        let (read, written, readQuery) = try Self.readerAndWriterAnswers(t, "comet")
        #expect(!readQuery.contains("FixedWeightPostingSource"))
        #expect(read.count == 3)
        #expect(Self.sameAnswers(read, written))
    }

    @Test func recordsInTwoStepsKeepTheBoostInTheQuery() throws {
        let t = try TempIndex().add(Self.modified("old", ageInDays: 20), Self.modified("new", ageInDays: 0.5))
        let (read, written, readQuery) = try Self.readerAndWriterAnswers(t, "comet")
        #expect(readQuery.contains("FixedWeightPostingSource"))
        #expect(read.map(\.record.id) == ["new", "old"])
        #expect(Self.sameAnswers(read, written))
    }

    @Test func aRecordWithoutATimeKeepsATodayBoostInTheQuery() throws {
        let t = try TempIndex().add(Self.modified("new", ageInDays: 0.1), record("plain", "Comet night"))
        let (read, written, readQuery) = try Self.readerAndWriterAnswers(t, "comet")
        #expect(readQuery.contains("FixedWeightPostingSource"))
        #expect(read.map(\.record.id) == ["new", "plain"])
        #expect(Self.sameAnswers(read, written))
    }

    @Test func recordsOlderThanThirtyDaysBesideRecordsWithoutATimeLeaveTheBoostOut() throws {
        let t = try TempIndex().add(Self.modified("old", ageInDays: 40), record("plain", "Comet night"))
        let (read, written, readQuery) = try Self.readerAndWriterAnswers(t, "comet")
        #expect(!readQuery.contains("FixedWeightPostingSource"))
        #expect(read.count == 2)
        #expect(Self.sameAnswers(read, written))
    }

    @Test func aTimeInTheFutureGetsTheNewestStepsBoost() {
        #expect(RecencyBoost.boost(at: Self.now.timeIntervalSince1970 + 86_400, now: Self.now) == 0.5)
        #expect(RecencyBoost.boost(at: Self.now.timeIntervalSince1970 - 10 * 86_400, now: Self.now) == 0.125)
        #expect(RecencyBoost.boost(at: .infinity, now: Self.now) == 0)
    }
}
