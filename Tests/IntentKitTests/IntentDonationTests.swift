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

@Test func deletingDonationsByIdentifierDeletesNoneSinceNoneIsKept() async throws {
    let donated = try await DonatedShelvingIntent().donate()
    let deleted = try await IntentDonationManager.shared.deleteDonations(matching: .donationIdentifier(donated))
    #expect(deleted.isEmpty)
    #expect(try await IntentDonationManager.shared.deleteDonations(matching: .donationIdentifiers([donated])).isEmpty)
}

@Test func deletingDonationsOfAnIntentAboutAnEntityDeletesNoneSinceNoneIsKept() async throws {
    let task = EntityIdentifier(for: TaskEntity.self, identifier: "milk")
    let deleted = try await IntentDonationManager.shared.deleteDonations(
        matching: .intentType(DonatedShelvingIntent.self, entityIdentifier: task))
    #expect(deleted.isEmpty)
}
