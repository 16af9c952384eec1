import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

/// On an index holding several stemmed languages a query is read in each of them: a word
/// excluded by `NOT`, `-` or `XOR` is excluded whichever language's stem the record holds.
@Suite struct SearchLanguageNegationTests {
    static func englishAndGerman() throws -> TempIndex {
        var german = record("de", "Die Sternwarte am Abend")
        german.language = "de"
        return try TempIndex().add(
            record("1", "Supernova viewing party", keywords: ["sky"]), record("2", "Supernova lecture", keywords: ["sky"]),
            record("3", "Eclipse party on the roof", keywords: ["sky"]), german)
    }

    func ids(_ t: TempIndex, _ text: String) throws -> [String] {
        try t.index.search(SearchQuery(text: text), now: Date()).hits.map(\.record.id).sorted()
    }

    @Test func notLeavesOutAWordInEveryLanguage() throws {
        let t = try Self.englishAndGerman()
        #expect(try ids(t, "sky NOT party") == ["2"])
        #expect(try ids(t, "supernova NOT (party OR lecture)").isEmpty)
    }

    @Test func aPureNotLeavesOutAFieldWordInEveryLanguage() throws {
        let t = try Self.englishAndGerman()
        #expect(try ids(t, "NOT title:party") == ["2", "de"])
    }

    @Test func aHatedWordIsLeftOutInEveryLanguage() throws {
        let t = try Self.englishAndGerman()
        #expect(try ids(t, "sky -party") == ["2"])
    }

    @Test func hatedWordsAloneLeaveThemOut() throws {
        let t = try Self.englishAndGerman()
        #expect(try ids(t, "-lecture") == ["1", "3", "de"])
        #expect(try ids(t, "-lecture -eclipse") == ["1", "de"])
    }

    @Test func xorLeavesOutRecordsWithBothWords() throws {
        let t = try Self.englishAndGerman()
        #expect(try ids(t, "supernova XOR party") == ["2", "3"])
    }

    @Test func aWordStillMatchesByTheStemOfEachLanguage() throws {
        let t = try Self.englishAndGerman()
        #expect(try ids(t, "Sternwarten") == ["de"])
        #expect(try ids(t, "parties") == ["1", "3"])
    }
}
