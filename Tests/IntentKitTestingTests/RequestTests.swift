import Foundation
import Testing
import IntentKitTesting

// An intent that asks the person (a confirmation, a missing value, a pick among matches, a
// choice): no one answers a test, so a confirmation is given and every other request fails the
// run saying what was asked.

@Test func anIntentThatAsksForConfirmationRunsConfirmed() async throws {
    let result = try await fixture.intents["DiscardItemIntent"].makeIntent(item: "Pretzel").run()
    #expect(result.value == "discarded Pretzel")
}

@Test func anIntentThatAsksForAValueItWasNotGivenFailsNamingTheParameter() async {
    let message = await errorMessage { try await fixture.intents["DiscardItemIntent"].makeIntent().run() }
    #expect(message == "DiscardItemIntent, parameter 'item' (entity:ItemEntity) needs a value: Which item?")
}

@Test func anIntentThatAsksToPickAmongMatchesFailsWithItsDialog() async {
    let message = await errorMessage {
        try await fixture.intents["DiscardItemIntent"].makeIntent(search: "e").run()
    }
    #expect(message == "DiscardItemIntent, parameter 'item' (entity:ItemEntity) needs a value: Which of these?")
}

@Test func anIntentThatAsksForAChoiceFailsListingTheOptions() async {
    let message = await errorMessage {
        try await fixture.intents["DiscardItemIntent"].makeIntent(item: "Pretzel", ask: true).run()
    }
    #expect(message == "DiscardItemIntent asked to choose between 'Cancel', 'Keep': Discard or keep?; "
        + "no one can choose here: make the choice a parameter of the intent")
}
