import Foundation
import Testing
import XCTest
@testable import IntentKitTesting

// The wire carries an enum case's raw value only; the harness knows its enum type from the app's
// schema (an intent's return type, an entity property's type), so a case of another enum with the
// same raw value does not compare equal.

@Test func aReturnedEnumCaseIsUnequalToACaseOfAnotherEnumWithTheSameRawValue() async throws {
    let echoed = try await fixture.intents["EchoFlavorIntent"].makeIntent(flavor: "salty").run()
    let otherEnum = AnyAppEnum(typeIdentifier: "LockerSize", rawValue: "salty")
    #expect(echoed.value != otherEnum)
    #expect(!(otherEnum == echoed.value))
}

@Test func aReturnedEnumCaseEqualsItsRawValueAndACaseOfItsOwnEnum() async throws {
    let echoed = try await fixture.intents["EchoFlavorIntent"].makeIntent(flavor: "salty").run()
    #expect(echoed.value.enumTypeIdentifier == "Flavor")
    #expect(echoed.value == "salty")
    #expect(echoed.value == fixture.enums["Flavor"].makeCase("salty"))
    #expect(echoed.value == AppValue(.enumCase("salty")), "a case of unknown type compares by raw value")
}

@Test func anEnumPropertyIsUnequalToACaseOfAnotherEnumWithTheSameRawValue() async throws {
    let pretzel = try await fixture.intents["EchoItemIntent"].makeIntent(item: "pretzel").run()
    #expect(try pretzel.value.flavor != AnyAppEnum(typeIdentifier: "LockerSize", rawValue: "salty"))
    #expect(try pretzel.value.flavor == AnyAppEnum(typeIdentifier: "Flavor", rawValue: "salty"))
}

@Test func anEnumPropertyReadAsAnEnumCaseCarriesItsType() async throws {
    let pretzel = try await fixture.intents["EchoItemIntent"].makeIntent(item: "pretzel").run()
    let flavor: AnyAppEnum = try pretzel.value.flavor
    #expect(flavor.typeIdentifier == "Flavor")
    #expect(flavor.rawValue == "salty")
}

@Test func xctAssertEqualOfCasesOfTwoEnumsNamesBothTypes() async throws {
    let echoed = try await fixture.intents["EchoFlavorIntent"].makeIntent(flavor: "salty").run()
    withKnownIssue {
        XCTAssertEqual(echoed.value, AnyAppEnum(typeIdentifier: "LockerSize", rawValue: "salty"))
    } matching: { issue in
        issue.comments.contains { $0.rawValue.contains("(\"Flavor.salty\") is not equal to (\"LockerSize.salty\")") }
    }
}

@Test func aReturnedEnumCaseIsRefusedForAParameterOfAnotherEnum() async throws {
    let echoed = try await fixture.intents["EchoFlavorIntent"].makeIntent(flavor: "salty").run()
    let message = await errorMessage {
        try await fixture.intents["OpenLockerIntent"].makeIntent(number: 1, size: echoed.value).run()
    }
    #expect(message.contains("a case of Flavor (\"salty\") cannot be given for a parameter of type enum:LockerSize"))
}

@Test func enumCasesOfUnknownTypeCompareByRawValueAsBefore() {
    let untyped = AppValue(.enumCase("salty"))
    #expect(untyped.enumTypeIdentifier == "")
    #expect(untyped == AppValue(enumCase: "salty", typeIdentifier: "Flavor"))
    #expect(untyped == AppValue(enumCase: "salty", typeIdentifier: "LockerSize"))
    #expect(AppValue(enumCase: "salty", typeIdentifier: "Flavor") != AppValue(enumCase: "salty", typeIdentifier: "LockerSize"))
}
