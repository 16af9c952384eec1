import Foundation
import Testing
@testable import IntentKitTesting

// A @UnionValue parameter from a separate test process: the app describes it by its cases'
// types (`enum:Flavor|string|int`), and the harness gives it an enum case, a string or an int.

@Test func aUnionParameterIsDescribedByItsCasesTypes() async throws {
    let parameters = try await fixture.intents["ChooseToppingIntent"].parameters()
    #expect(parameters.first?.type == .union([.appEnum("Flavor"), .string, .int]))
}

@Test func aUnionParameterTakesAValueOfEachOfItsCasesTypes() async throws {
    let choose = fixture.intents["ChooseToppingIntent"]
    #expect(try await choose.makeIntent(topping: fixture.enums["Flavor"].makeCase("salty")).run().value == "flavor salty")
    #expect(try await choose.makeIntent(topping: "sprinkles").run().value == "note sprinkles")
    #expect(try await choose.makeIntent(topping: 3).run().value == "3 scoops")
}

@Test func aUnionParameterRefusesACaseOfAnEnumItDoesNotHold() async throws {
    let choose = fixture.intents["ChooseToppingIntent"]
    await #expect(throws: (any Error).self) {
        _ = try await choose.makeIntent(topping: AnyAppEnum(typeIdentifier: "LockerSize", rawValue: "small")).run()
    }
}
