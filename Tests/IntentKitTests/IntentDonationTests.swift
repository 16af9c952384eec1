import Foundation
import IntentKit
import Testing

// Apple's intent donations compile as its samples write them; nothing on Linux uses them.

private struct DonatedShelvingIntent: AppIntent {
    @Parameter(title: "Title") var title: String
    func perform() async throws -> some IntentResult & ReturnsValue<String> { .result(value: title) }
}

@Test func eachDonationOfAnIntentHasAnIdentifierOfItsOwn() async throws {
    let intent = DonatedShelvingIntent()
    let first = try await IntentDonationManager.shared.donate(intent: intent)
    let second = try await intent.donate()
    let third = try await intent.donate(result: .result(value: "Dune"))
    let fourth = try await IntentDonationManager.shared.donate(intent: intent, result: .result(value: "Dune"))
    #expect(Set([first, second, third, fourth]).count == 4)
}

@Test func anIntentDonatesFromSynchronousCode() {
    func donateFromAButtonHandler() -> IntentDonationIdentifier { DonatedShelvingIntent().donate() }
    #expect(donateFromAButtonHandler() != donateFromAButtonHandler())
}
