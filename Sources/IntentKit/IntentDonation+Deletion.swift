/// Which earlier donations `deleteDonations(matching:)` deletes (App Intents'
/// `IntentDonationMatchingPredicate`): by identifier, or by intent type and optionally an entity.
///
/// ```swift
/// try await IntentDonationManager.shared.deleteDonations(
///     matching: .intentType(AddBookIntent.self, entityIdentifier: EntityIdentifier(for: BookEntity.self, identifier: book.id)))
/// ```
public struct IntentDonationMatchingPredicate: Sendable {
    enum Criterion: Sendable {
        case identifiers([IntentDonationIdentifier])
        case intentType(String, entity: EntityIdentifier?)
    }
    let criterion: Criterion

    /// The donation with this identifier.
    public static func donationIdentifier(_ identifier: IntentDonationIdentifier) -> IntentDonationMatchingPredicate {
        IntentDonationMatchingPredicate(criterion: .identifiers([identifier]))
    }

    /// The donations with these identifiers.
    public static func donationIdentifiers(_ identifiers: [IntentDonationIdentifier]) -> IntentDonationMatchingPredicate {
        IntentDonationMatchingPredicate(criterion: .identifiers(identifiers))
    }

    /// The donations of intents of this type, and only those naming the entity when one is given.
    public static func intentType(_ intentType: any AppIntent.Type,
                                  entityIdentifier: EntityIdentifier? = nil) -> IntentDonationMatchingPredicate {
        IntentDonationMatchingPredicate(criterion: .intentType(intentType.typeName, entity: entityIdentifier))
    }
}

extension IntentDonationManager {
    /// Deletes the donations `predicate` matches, as an app does when the data they name is gone.
    /// A donation is kept nowhere here (nothing on Linux suggests actions from them), so none ever
    /// matches: this returns an empty list and never fails.
    /// - Returns: the identifiers of the donations deleted: none.
    @discardableResult
    public func deleteDonations(matching predicate: IntentDonationMatchingPredicate) async throws
        -> [IntentDonationIdentifier] {
        []
    }
}
