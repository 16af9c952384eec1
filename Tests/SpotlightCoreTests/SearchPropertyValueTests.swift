import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

/// `name:value` compares a number or date property with one value, as `name:low..high` does
/// with a range; a range or value after `+` or `-` is loved or hated like a word.
@Suite struct SearchPropertyValueTests {
    static let evening = ISO8601DateFormatter().date(from: "2026-06-01T20:00:00Z")!

    static func chores() throws -> TempIndex {
        try TempIndex().add(
            record("1", "Buy milk", keywords: ["chore"], properties: ["price": .double(9.5), "due": .date(evening)]),
            record("2", "Call the plumber", keywords: ["chore"], properties: ["price": .double(10)]),
            record("3", "Pay rent", keywords: ["chore"], properties: ["price": .double(-1.25), "priority": .int(-2)]))
    }

    @Test func aDatePropertyIsFoundByTheDayOrMonthTyped() throws {
        let t = try Self.chores()
        #expect(try t.ids("due:2026-06-01") == ["1"])
        #expect(try t.ids("due:2026-06") == ["1"])
        #expect(try t.ids("due:2026-06-02").isEmpty)
        #expect(try t.ids("due:2026-06-01T20:00:00Z") == ["1"])
    }

    @Test func aYearIsADateWhereOnlyDatesHoldTheProperty() throws {
        let t = try Self.chores()
        #expect(try t.ids("due:2026") == ["1"])
        #expect(try t.ids("due:2027..").isEmpty)
        #expect(try t.ids("due:..2026") == ["1"])
        #expect(try t.ids("due:2025..2026") == ["1"])
    }

    @Test func aRangeOpenAtBothEndsFindsTheRecordsHoldingTheProperty() throws {
        let t = try Self.chores()
        #expect(try t.ids("due:..") == ["1"])
        #expect(try t.ids("priority:..") == ["3"])
        #expect(try t.ids("chore -due:..").sorted() == ["2", "3"])
    }

    @Test func aDecimalOrNegativeNumberIsFoundByItsValue() throws {
        let t = try Self.chores()
        #expect(try t.ids("price:9.5") == ["1"])
        #expect(try t.ids("price:-1.25") == ["3"])
        #expect(try t.ids("priority:-2") == ["3"])
    }

    @Test func aWholeNumberFindsADoubleOfThatValue() throws {
        let t = try Self.chores()
        #expect(try t.ids("price:10") == ["2"])
    }

    @Test func aHatedRangeLeavesOutItsRecords() throws {
        let t = try Self.chores()
        #expect(try t.ids("chore -price:9..11").sorted() == ["3"])
        #expect(try t.ids("chore +price:9..11").sorted() == ["1", "2"])
    }

    @Test func aHatedValueLeavesOutItsRecords() throws {
        let t = try Self.chores()
        #expect(try t.ids("chore -price:10").sorted() == ["1", "3"])
        #expect(try t.ids("chore -due:2026-06").sorted() == ["2", "3"])
    }

    @Test func aCorrectionKeepsTheValueAsTyped() throws {
        let t = try Self.chores()
        let result = try t.index.search(SearchQuery(text: "plumbr price:10", spelling: .suggest), now: Date())
        #expect(result.correctedText == "plumber price:10")
    }

    @Test func aWordAfterTheColonIsStillAWordOfTheField() throws {
        let t = try TempIndex().add(record("1", "Roof party", properties: ["level": .string("top"), "floor": .int(3)]),
                                    record("2", "Cellar", properties: ["level": .int(3)]))
        #expect(try t.ids("level:top") == ["1"])
        #expect(try t.ids("level:3") == ["2"])
    }
}
