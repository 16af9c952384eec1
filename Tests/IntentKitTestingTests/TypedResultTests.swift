import Foundation
import SpotlightModel
import Testing
import IntentKitTesting

// `let n: Int = try result.value`: a returned plain value read by type annotation, as Apple's
// ResolvedIntentResult reads it.

@Test func returnedIntReadsAsAnIntByAnnotation() async throws {
    let result = try await fixture.intents["EchoIntIntent"].makeIntent(value: 42).run()
    let number: Int = try result.value
    #expect(number == 42)
}

@Test func returnedStringAndArrayReadByAnnotation() async throws {
    let echoed = try await fixture.intents["EchoStringIntent"].makeIntent(value: "Occupy Saturn").run()
    let numbers = try await fixture.intents["EchoArrayIntent"].makeIntent(numbers: [3, 1, 2]).run()
    let text: String = try echoed.value
    let list: [Int] = try numbers.value
    #expect(text == "Occupy Saturn")
    #expect(list == [3, 1, 2])
}

@Test func returnedValueReadAsAnotherTypeThrowsSayingWhatItIs() async throws {
    let result = try await fixture.intents["EchoIntIntent"].makeIntent(value: 42).run()
    let message = await errorMessage { let _: Bool = try result.value }
    #expect(message == "42 (int) does not read as Bool")
}

@Test func aPropertyOfAReturnedValueThatIsNoEntityThrowsSayingWhatTheValueIs() async throws {
    let echoed = try await fixture.intents["EchoStringIntent"].makeIntent(value: "hello").run()
    #expect(await errorMessage { let _: String = try echoed.value.title }
        == "hello (string) is not an entity, so it has no property 'title'")

    let lockers = fixture.entities["LockerEntity"]
    let nothing = try await fixture.intents["EmptyLockersIntent"].makeIntent(entities: [lockers.makeReference(identifier: 3)]).run()
    #expect(await errorMessage { let _: String = try nothing.value.title }
        == "nil (no value: the intent returned none, or an optional property is nil) has no property 'title'")
}

@Test func aPropertyOfAReturnedArraySaysToReadAnElements() async throws {
    let found = try await fixture.intents["SearchItemsIntent"].makeIntent(criteria: "tart").run()
    #expect(await errorMessage { let _: String = try found.value.title }
        == "[ItemEntity(id: \"lemon\", title: \"Lemon Tart\")] is an array of 1, not an entity, so it has no property "
        + "'title'; read an element's, as value[0].title")
    let none = try await fixture.intents["SearchItemsIntent"].makeIntent(criteria: "nothing like it").run()
    #expect(await errorMessage { let _: String = try none.value.title }
        == "[] is an empty array, not an entity, so it has no property 'title'")
}
