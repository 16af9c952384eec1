import Foundation

/// A type that can be an entity's `id`: it round-trips through a string on the wire.
/// `String`, `Int` and `UUID` conform.
public protocol EntityIdentifierConvertible: Hashable, Sendable {
    var entityIdentifierString: String { get }
    static func entityIdentifier(for entityIdentifierString: String) -> Self?
}

extension String: EntityIdentifierConvertible {
    public var entityIdentifierString: String { self }
    public static func entityIdentifier(for entityIdentifierString: String) -> String? { entityIdentifierString }
}

extension Int: EntityIdentifierConvertible {
    public var entityIdentifierString: String { String(self) }
    public static func entityIdentifier(for entityIdentifierString: String) -> Int? { Int(entityIdentifierString) }
}

extension UUID: EntityIdentifierConvertible {
    public var entityIdentifierString: String { uuidString }
    public static func entityIdentifier(for entityIdentifierString: String) -> UUID? { UUID(uuidString: entityIdentifierString) }
}

/// Names one entity: its type and identifier. Used for view annotations.
///
/// ```swift
/// let selected = EntityIdentifier(for: event)    // the same as EntityIdentifier(for: EventEntity.self, identifier: event.id)
/// AppScreen.shared.show(["Morning Launch Briefing"],
///     annotations: [EntityAnnotation(EntityIdentifier(for: EventEntity.self, identifier: event.id), isSelected: true)])
/// ```
public struct EntityIdentifier: Hashable, Sendable, CustomStringConvertible {
    /// The entity type name, e.g. `EventEntity`.
    public var typeIdentifier: String
    /// The entity's `id` as a string.
    public var instanceIdentifier: String

    public init<Entity: AppEntity>(for type: Entity.Type, identifier: Entity.ID) {
        self.typeIdentifier = Entity.typeName
        self.instanceIdentifier = identifier.entityIdentifierString
    }

    /// The identifier of `entity` (`EntityIdentifier(for: event)`), as App Intents makes one.
    public init<Entity: AppEntity>(for entity: Entity) {
        self.init(for: Entity.self, identifier: entity.id)
    }

    public var description: String { "\(typeIdentifier)/\(instanceIdentifier)" }
}
