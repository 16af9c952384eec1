import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

/// The operators of docs/query.md where libxapian 1.4's parser alone refuses them or reads
/// them as words (QueryOperators).
@Suite struct SearchOperatorTests {
    /// Record 1 has the two names side by side, record 2 far apart, record 3 only one.
    private func moonLanding() throws -> TempIndex {
        try TempIndex().add(
            record("1", "Armstrong and Aldrin land on the moon"),
            record("2", "Aldrin flew in 1966, three years before the moon, and Collins with Armstrong later"),
            record("3", "Armstrong's moon walk"))
    }

    @Test func nearJoinsTwoWordsBesideAnotherWord() throws {
        #expect(try moonLanding().ids("moon armstrong NEAR aldrin") == ["1"])
    }

    @Test func nearJoinsTheWordBeingTyped() throws {
        #expect(try moonLanding().ids("armstrong NEAR aldrin") == ["1"])
    }

    @Test func adjKeepsTheOrderOfItsWords() throws {
        let t = try moonLanding()
        #expect(try t.ids("land armstrong ADJ aldrin") == ["1"])
        #expect(try t.ids("land aldrin ADJ armstrong") == [])
    }

    @Test func nearWithAWindowStaysAnOperator() throws {
        let t = try moonLanding()
        #expect(try t.ids("armstrong NEAR/2 aldrin") == ["1"])
        #expect(try t.ids("aldrin NEAR moon").contains("1"))
        #expect(try t.ids("aldrin NEAR/2 moon") == [])
    }

    @Test func nearInsideAPhraseIsAWordOfThePhrase() throws {
        let t = try TempIndex().add(record("1", "Lakes near Geneva"), record("2", "Geneva lakes"))
        #expect(try t.ids("\"lakes NEAR geneva\"") == ["1"])
    }

    @Test func nearAtTheEndAsTypedIsLeftOut() throws {
        #expect(try moonLanding().ids("armstrong NEAR").sorted() == ["1", "2", "3"])
    }

    @Test func anOperatorWithNothingAfterItIsLeftOut() throws {
        let t = try TempIndex().add(record("1", "Rock and roll night"), record("2", "Rock concert"))
        #expect(try t.ids("rock AND").sorted() == ["1", "2"])
        #expect(try t.ids("rock OR").sorted() == ["1", "2"])
        #expect(try t.ids("rock AND NOT").sorted() == ["1", "2"])
    }

    @Test func anOperatorWithNothingBeforeItIsLeftOut() throws {
        let t = try TempIndex().add(record("1", "Rock and roll night"), record("2", "Rock concert"))
        #expect(try t.ids("OR concert") == ["2"])
        #expect(try t.ids("(AND concert").sorted() == ["2"])
    }

    @Test func aDoubledOperatorKeepsTheFirst() throws {
        let t = try TempIndex().add(record("1", "Rock and roll night"), record("2", "Rock concert"), record("3", "Jazz"))
        #expect(try t.ids("concert OR AND jazz").sorted() == ["2", "3"])
    }

    @Test func anOperatorWithABracketOnItIsStillAnOperator() throws {
        let t = try TempIndex().add(record("1", "Rock and roll night"), record("2", "Rock concert"))
        #expect(try t.ids("rock (NOT concert)") == ["1"])
    }

    @Test func notAfterAnotherOperatorStillExcludes() throws {
        let t = try TempIndex().add(record("1", "Rock and roll night"), record("2", "Rock concert"))
        #expect(try t.ids("rock AND NOT concert") == ["1"])
    }
}
