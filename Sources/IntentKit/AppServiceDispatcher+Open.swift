import Foundation
import SpotlightModel
import SpotlightProtocol
import SpotlightKit

extension AppServiceDispatcher {
    /// Shows an entity: runs the app's ``OpenIntent`` for `params.type` with `target` set to the
    /// entity `params.id` (resolved through `entities(for:)`, as `runIntent` resolves an entity
    /// argument).
    ///
    /// ```swift
    /// try await dispatcher.openEntity(EntityReference(type: "EventEntity", id: "E7"))   // .intent == "OpenEventIntent"
    /// ```
    /// - Throws: `notFound` for an entity type the app does not register, for a type no
    ///   `OpenIntent` opens, or for an identifier `entities(for:)` does not return (the
    ///   entity was deleted); `intentFailed` when `perform()` throws.
    public func openEntity(_ params: EntityReference) async throws -> OpenEntityResult {
        if params.type == CSSearchableItem.recordType { return try await openItem(params.id) }
        let entity = try entityType(params.type)
        let openers = intents.ordered.filter { $0.opensEntityType == params.type }
        guard let opener = openers.first else {
            let opened = intents.ordered.compactMap(\.opensEntityType)
            throw SpotlightError(.notFound, "\(bundleIdentifier) has no OpenIntent for \(params.type), so it cannot "
                + "show one; " + (opened.isEmpty ? "it opens no entity type" : "it opens \(opened.joined(separator: ", "))")
                + ". Declare `struct Open\(params.type.replacingOccurrences(of: "Entity", with: ""))Intent: OpenIntent` "
                + "with `@Parameter var target: \(params.type)` and register it")
        }
        let found = try await fetch(params.type, "entities(for:)") { try await entity.entitiesFor([params.id]) }
        guard !found.isEmpty else {
            throw SpotlightError(.notFound, "\(bundleIdentifier) has no \(params.type) \"\(params.id)\" to open "
                + "(entities(for:) returned none); it may have been deleted since it was donated")
        }
        let target = PropertyValue.entity(params)
        _ = try await opener.run(["target": target], bundleIdentifier)
        return OpenEntityResult(intent: opener.name)
    }

    /// Shows a `CSSearchableItem` through the app's `onOpenSearchableItem`.
    private func openItem(_ identifier: String) async throws -> OpenEntityResult {
        guard !identifier.isEmpty else {
            throw SpotlightError(.invalidInput, "openEntity of a CSSearchableItem needs its uniqueIdentifier; the id is empty")
        }
        guard let openSearchableItem else {
            throw SpotlightError(.notFound, "\(bundleIdentifier) cannot show its CSSearchableItem \"\(identifier)\": it "
                + "gives IntentApp no onOpenSearchableItem; pass `onOpenSearchableItem: { id in ... }` to show an "
                + "item by its uniqueIdentifier")
        }
        do {
            try await openSearchableItem(identifier)
        } catch {
            throw IntentInvocation.failure(error, thrownBy: "onOpenSearchableItem(\"\(identifier)\")")
        }
        return OpenEntityResult(intent: "onOpenSearchableItem")
    }
}
