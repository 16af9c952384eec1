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
