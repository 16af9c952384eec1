import Foundation
import Testing
import XCTest
import IntentKitTesting

// A returned value compares with variables of the natural Swift type, not only literals.

@Test func returnedStringEqualsAStringVariable() async throws {
    let expected = "Occupy Saturn"
    let result = try await fixture.intents["EchoStringIntent"].makeIntent(value: expected).run()
    #expect(result.value == expected)
    #expect(expected == result.value)
    #expect(result.value != "Occupy Jupiter")
}

@Test(arguments: [0, 42, -7])
func returnedIntEqualsAnIntVariable(number: Int) async throws {
    let result = try await fixture.intents["EchoIntIntent"].makeIntent(value: number).run()
    #expect(result.value == number)
    #expect(result.value != number + 1)
}

@Test func returnedDoubleBoolDateAndURLEqualVariables() async throws {
    let double = 2.5, flag = true
    let date = Date(timeIntervalSince1970: 1_780_000_000)
    let url = URL(string: "https://example.com/launch")!
    #expect(try await fixture.intents["EchoDoubleIntent"].makeIntent(value: double).run().value == double)
    #expect(try await fixture.intents["EchoBoolIntent"].makeIntent(value: flag).run().value == flag)
    #expect(try await fixture.intents["EchoDateIntent"].makeIntent(value: date).run().value == date)
    #expect(try await fixture.intents["EchoURLIntent"].makeIntent(value: url).run().value == url)
}

@Test func returnedArrayEqualsAnArrayVariable() async throws {
    let numbers = [3, 1, 2]
    let result = try await fixture.intents["EchoArrayIntent"].makeIntent(numbers: numbers).run()
    #expect(result.value == numbers)
    #expect(result.value != [1, 2, 3])
}

@Test func returnedEntityReadsAsAnAnyAppEntityAndItsIdentifierFindsItAgain() async throws {
    let result = try await fixture.intents["EchoItemIntent"].makeIntent(item: "Pretzel").run()
    let item: AnyAppEntity = try result.value
    #expect(item.identifier.instanceIdentifier == "pretzel")
    #expect(item.identifier.typeIdentifier == "ItemEntity")
    let again = try await fixture.entities["ItemEntity"].entities(identifiers: [item.identifier.instanceIdentifier])
    #expect(try again.first?.title == "Pretzel")
}

@Test func returnedValueCastsWithAs() async throws {
    let result = try await fixture.intents["EchoStringIntent"].makeIntent(value: "cast me").run()
    #expect(try result.value.as(String.self) == "cast me")
    #expect(throws: SpotlightError.self) { try result.value.as(Int.self) }
    let item = try await fixture.intents["EchoItemIntent"].makeIntent(item: "Apple").run()
    #expect(try item.value.as(fixture.entities["ItemEntity"]).id == "apple")
    #expect(throws: SpotlightError.self) { try item.value.as(fixture.entities["GhostEntity"]) }
}

@Test func returnedArrayIndexesAndCounts() async throws {
    let result = try await fixture.intents["EchoArrayIntent"].makeIntent(numbers: [5, 6]).run()
    let first: Int = try result.value[0]
    #expect(first == 5)
    #expect(try result.value.count == 2)
    #expect(throws: SpotlightError.self) { _ = try result.value[2] }
}

@Test func intentParametersSetByNameBeforeRunning() async throws {
    var intent = fixture.intents["EchoStringIntent"].makeIntent()
    intent.value = "set by name"
    let given: String? = try intent.value
    #expect(given == "set by name")
    let result = try await intent.run()
    #expect(result.value == "set by name")
}

@Test func dialogOfTheResultIsRead() async throws {
    let result = try await validateName.makeIntent(name: "Pia").run()
    #expect(result.dialog == "Pia is a fine name")
    #expect(try await fixture.intents["EchoStringIntent"].makeIntent(value: "x").run().dialog == nil)
}

/// The same comparisons in XCTest, as tests copied from Apple's documentation write them.
final class ValueComparisonXCTests: XCTestCase {
    func testXCTAssertEqualComparesAReturnedValueWithVariables() async throws {
        let id = "lemon"
        let count = 12
        let echoed = try await fixture.intents["EchoStringIntent"].makeIntent(value: id).run()
        XCTAssertEqual(echoed.value, id)
        XCTAssertEqual(try echoed.value, id)
        XCTAssertEqual(id, echoed.value)
        XCTAssertNotEqual(echoed.value, "apple")
        let item = try await fixture.intents["EchoItemIntent"].makeIntent(item: "Pretzel").run()
        XCTAssertEqual(try item.value.stock, count)
        XCTAssertEqual(try item.value.id, "pretzel")
    }
}

@Test func xctAssertEqualOnAReturnedValueRecordsAMismatchWithBothValues() async throws {
    let echoed = try await fixture.intents["EchoIntIntent"].makeIntent(value: 1).run()
    let other = 2
    withKnownIssue {
        XCTAssertEqual(echoed.value, other)
    } matching: { issue in
        issue.comments.contains { $0.rawValue.contains("(\"1\") is not equal to (\"2\")") }
    }
}

@Test func xctAssertEqualOfValuesThatPrintAlikeNamesTheirKinds() async throws {
    let echoed = try await fixture.intents["EchoStringIntent"].makeIntent(value: "1").run()
    withKnownIssue {
        XCTAssertEqual(echoed.value, 1)
    } matching: { issue in
        issue.comments.contains { $0.rawValue.contains("(\"1\" (string)) is not equal to (\"1\" (int))") }
    }
}

/// Nil checks on a property that is a nil optional, and on one that is not.
final class NilPropertyXCTests: XCTestCase {
    func testXCTAssertNilAndNotNilSeeTheAppsValue() async throws {
        let lemon = try await fixture.intents["EchoItemIntent"].makeIntent(item: "lemon").run()
        let apple = try await fixture.intents["EchoItemIntent"].makeIntent(item: "apple").run()
        XCTAssertNil(try lemon.value.stock)
        XCTAssertNotNil(try apple.value.stock)
        let stock = try XCTUnwrap(try apple.value.stock)
        XCTAssertEqual(stock, 3)
    }
}

@Test func xctAssertNilOnAPresentValueFailsAndXCTUnwrapOfNoneThrows() async throws {
    let apple = try await fixture.intents["EchoItemIntent"].makeIntent(item: "apple").run()
    let lemon = try await fixture.intents["EchoItemIntent"].makeIntent(item: "lemon").run()
    try withKnownIssue {
        XCTAssertNil(try apple.value.stock)
    } matching: { issue in
        issue.comments.contains { $0.rawValue.contains("XCTAssertNil failed: \"3\"") }
    }
    #expect(throws: SpotlightError.self) { _ = try XCTUnwrap(try lemon.value.stock) }
}
