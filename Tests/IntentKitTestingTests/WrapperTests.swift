import Foundation
import Testing
import IntentKitTesting

// Apple's IntentValueConvertibleWrapper: a test's own type around a returned value, read with
// `as(_:)` and passed on to another intent.

private struct Item: IntentValueConvertibleWrapper {
    var baseValue: AnyAppEntity
    init(baseValue: AnyAppEntity) { self.baseValue = baseValue }
    var title: String { get throws { try baseValue.title } }
    var stock: Int? { get throws { try baseValue.stock } }
}

/// A wrapper whose `init(baseValue:)` refuses some values.
private struct EvenNumber: IntentValueConvertibleWrapper {
    struct Odd: Error {}
    var baseValue: Int
    init(baseValue: Int) throws {
        guard baseValue.isMultiple(of: 2) else { throw Odd() }
        self.baseValue = baseValue
    }
}

@Test func aWrapperReadsAReturnedEntityAndIsGivenToAnotherIntent() async throws {
    let found = try await fixture.intents["EchoItemIntent"].makeIntent(item: "Apple").run()
    let item = try found.value.as(Item.self)
    #expect(try item.title == "Apple Pie")
    #expect(try item.stock == 3)

    var restock = fixture.intents["RestockItemIntent"].makeIntent()
    restock.item = item
    let given: AnyAppEntity = try restock.item
    #expect(given.identifier.instanceIdentifier == "apple")
    let restocked = try await restock.run()
    #expect(try restocked.value.title == "Apple Pie")
    let echoed = try await fixture.intents["EchoItemIntent"].makeIntent(item: item).run()
    #expect(echoed.value == found.value)
}

@Test func wrappersReadFromArraysAndProperties() async throws {
    let search = try await fixture.intents["SearchItemsIntent"].makeIntent(criteria: "e").run()
    let items = try search.value.as([Item].self)
    #expect(try items.map { try $0.title } == ["Apple Pie", "Lemon Tart", "Pretzel"])
    let numbers = try await fixture.intents["EchoArrayIntent"].makeIntent(numbers: [EvenNumber(baseValue: 4)]).run()
    let first: EvenNumber = try numbers.value[0]
    #expect(first.baseValue == 4)
}

@Test func aValueTheWrapperRefusesDoesNotReadAsIt() async throws {
    let three = try await fixture.intents["EchoIntIntent"].makeIntent(value: 3).run()
    #expect(await errorMessage { _ = try three.value.as(EvenNumber.self) } == "3 (int) does not read as EvenNumber")
}
