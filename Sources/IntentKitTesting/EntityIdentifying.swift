import Foundation
import SpotlightModel

/// What `entities(identifiers:)` takes to name an entity: its identifier as a `String`, `Int`
/// or `UUID`, a reference from ``EntityDefinition/makeReference(identifier:)``, an entity a
/// query or an intent returned, a returned value, or an ``AttributedEntityIdentifier``.
///
/// ```swift
/// let reference = taskEntity.makeReference(identifier: id)
/// let tasks = try await taskEntity.entities(identifiers: [reference])
/// let same = try await taskEntity.entities(identifiers: [id])
/// ```
public protocol EntityIdentifying: Sendable {
    /// The identifier of the entity of type `typeName` this names.
    /// - Throws: ``ArgumentRejection`` when it names an entity of another type, or no entity.
    func entityIdentifier(ofType typeName: String) throws -> String
}

extension String: EntityIdentifying {
    public func entityIdentifier(ofType typeName: String) throws -> String { self }
}

extension Int: EntityIdentifying {
    public func entityIdentifier(ofType typeName: String) throws -> String { String(self) }
}

extension UUID: EntityIdentifying {
    public func entityIdentifier(ofType typeName: String) throws -> String { uuidString }
}

extension AttributedEntityIdentifier: EntityIdentifying {
    public func entityIdentifier(ofType typeName: String) throws -> String {
        try EntityIdentifyingCheck.same(typeIdentifier, instanceIdentifier, as: typeName)
    }
}

extension EntityRepresentation: EntityIdentifying {
    public func entityIdentifier(ofType typeName: String) throws -> String {
        try EntityIdentifyingCheck.same(record.type, record.id, as: typeName)
    }
}

extension AppValue: EntityIdentifying {
    /// An entity or reference by its identifier; a string or an int as the identifier itself.
    public func entityIdentifier(ofType typeName: String) throws -> String {
        switch content {
        case .entity(let entity): return try entity.entityIdentifier(ofType: typeName)
        case .reference(let reference): return try EntityIdentifyingCheck.same(reference.type, reference.id, as: typeName)
        case .string(let id): return id
        case .int(let id): return String(id)
        default: throw ArgumentRejection("\(debugDescription) (\(content.kindName)) does not name a \(typeName)")
        }
    }
}

enum EntityIdentifyingCheck {
    static func same(_ type: String, _ id: String, as expected: String) throws -> String {
        guard type == expected else {
            throw ArgumentRejection("\(type)(id: \"\(id)\") is a \(type), not a \(expected)")
        }
        return id
    }
}
