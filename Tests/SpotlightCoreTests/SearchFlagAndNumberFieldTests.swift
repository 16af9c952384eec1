import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

/// A bool property is found by `name:true`/`name:false` and a whole number by `name:12`,
/// as a string property's word is by `name:word`; neither is a word of the free text.
@Suite struct SearchFlagAndNumberFieldTests {
    static func tasks() throws -> TempIndex {
        try TempIndex().add(
            record("1", "Buy milk", type: "Task", properties: ["done": .bool(true), "priority": .int(2)]),
            record("2", "Call the plumber", type: "Task", properties: ["done": .bool(false), "priority": .int(12)]),
            record("3", "Water plants", type: "Task", properties: ["done": .array([.bool(true)]),
                                                                  "priority": .array([.int(2), .int(7)])]),
            record("4", "Pay rent", type: "Task", properties: ["priority": .int(-2)]))
    }

    @Test func aBoolPropertyIsFoundByTrueAndFalse() throws {
        let t = try Self.tasks()
        #expect(try t.ids("done:true").sorted() == ["1", "3"])
        #expect(try t.ids("done:false") == ["2"])
    }

    @Test func aWholeNumberIsFoundByItsDigitsAndOnlyThem() throws {
        let t = try Self.tasks()
        #expect(try t.ids("priority:2").sorted() == ["1", "3"])
        #expect(try t.ids("priority:12") == ["2"])
        #expect(try t.ids("priority:7") == ["3"])
    }

    @Test func aNegativeNumberIsFoundByItsValueNotByItsDigits() throws {
        let t = try Self.tasks()
        #expect(try t.ids("priority:-2") == ["4"])
        #expect(try t.ids("priority:-2..-2") == ["4"])
        #expect(!(try t.ids("priority:2")).contains("4"))
    }

    @Test func flagsAndNumbersAreNotWordsOfTheFreeText() throws {
        let t = try Self.tasks()
        #expect(try t.ids("true").isEmpty)
        #expect(try t.ids("12").isEmpty)
    }

    @Test func aFlagFilterCombinesWithWords() throws {
        let t = try Self.tasks()
        #expect(try t.ids("plants done:true") == ["3"])
        #expect(try t.ids("milk NOT done:true").isEmpty)
    }
}
