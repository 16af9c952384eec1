import Foundation

/// Names one donation of an intent (App Intents' `IntentDonationIdentifier`).
public struct IntentDonationIdentifier: Hashable, Sendable {
    let id = UUID()
}

/// Where an app tells the system what a person just did (App Intents' `IntentDonationManager`),
/// so the system can suggest it later. Nothing on Linux makes suggestions from donations, so a
/// donation is accepted and kept nowhere; it never fails. Call it as Apple's samples do:
///
/// ```swift
/// // in the app's own code, after the person added a book by hand
/// IntentDonationManager.shared.donate(intent: AddBookIntent(title: title))
/// try await AddBookIntent(title: title).donate(result: .result(value: book))
/// ```
///
/// Each form comes synchronous and `async throws`, as Apple's; each returns a new identifier.
public struct IntentDonationManager: Sendable {
    /// The app's donation manager.
    public static let shared = IntentDonationManager()

    /// Donates `intent`. - Returns: the donation's identifier.
    @discardableResult
    public func donate(intent: some AppIntent) -> IntentDonationIdentifier { IntentDonationIdentifier() }

    /// Donates `intent`. - Returns: the donation's identifier. - Throws: nothing here.
    @discardableResult
    public func donate(intent: some AppIntent) async throws -> IntentDonationIdentifier { IntentDonationIdentifier() }

    /// Donates `intent` with the result it had. - Returns: the donation's identifier.
    @discardableResult
    public func donate(intent: some AppIntent, result: some IntentResult) -> IntentDonationIdentifier {
        IntentDonationIdentifier()
    }

    /// Donates `intent` with the result it had. - Returns: the donation's identifier. - Throws: nothing here.
    @discardableResult
    public func donate(intent: some AppIntent, result: some IntentResult) async throws -> IntentDonationIdentifier {
        IntentDonationIdentifier()
    }
}

extension AppIntent {
    /// Donates this intent (``IntentDonationManager``). - Returns: the donation's identifier.
    @discardableResult
    public func donate() -> IntentDonationIdentifier { IntentDonationManager.shared.donate(intent: self) }

    /// Donates this intent. - Returns: the donation's identifier. - Throws: nothing here.
    @discardableResult
    public func donate() async throws -> IntentDonationIdentifier {
        try await IntentDonationManager.shared.donate(intent: self)
    }

    /// Donates this intent with the result it had. - Returns: the donation's identifier.
    @discardableResult
    public func donate(result: some IntentResult) -> IntentDonationIdentifier {
        IntentDonationManager.shared.donate(intent: self, result: result)
    }

    /// Donates this intent with the result it had. - Returns: the donation's identifier. - Throws: nothing here.
    @discardableResult
    public func donate(result: some IntentResult) async throws -> IntentDonationIdentifier {
        try await IntentDonationManager.shared.donate(intent: self, result: result)
    }
}
