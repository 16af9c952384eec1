import Foundation
import SpotlightModel
import SpotlightWire

/// An entity as the app represents it: what its queries return, what an intent returned,
/// what Spotlight has indexed. Properties read by name:
///
/// ```swift
/// let events = try await eventEntity.entities(matching: "Cosmic Ray")
/// XCTAssertEqual(try events[0].title, "Cosmic Ray Calibration")
/// ```
///
/// A name is looked up among the entity's `@Property`s first; `id`, `title` (the display
/// title) and `subtitle` work for every entity. A declared optional property that is nil
/// reads as `nil`; a name the entity does not have throws, listing the names it has.
/// `record` and `id` are real members; a property of that name is read with `property(named:)`.
public struct EntityRepresentation: PropertyReadable, Hashable, Sendable, CustomDebugStringConvertible {
    /// Everything the app sent: bundle, type, identifier, display representation, properties.
    public let record: Record
    /// The `@Property` names the app's schema declares for this type; nil when not known.
    let declaredProperties: [String]?

    public init(_ record: Record, declaredProperties: [String]? = nil) {
        self.record = record
        self.declaredProperties = declaredProperties
    }

    init(_ record: Record, schema: AppSchema?) {
        let declared = schema?.entities.first { $0.name == record.type }?.properties.map(\.name)
        self.init(record, declaredProperties: declared)
    }

    /// The entity's identifier (a real member, so `entities(identifiers: [x.id])` needs no `try`).
    public var id: String { record.id }

    /// The reference an intent parameter of this entity's type takes.
    public var reference: EntityReference { EntityReference(type: record.type, id: record.id) }

    /// Reads a property.
    /// - Throws: `notFound` naming the property and listing the names this entity has.
    public func property(named name: String) throws -> AppValue {
        if let value = record.properties[name] { return AppValue(propertyValue: value) }
        if declaredProperties?.contains(name) == true { return AppValue(.none) }
        switch name {
        case "id": return AppValue(.string(record.id))
        case "title": return AppValue(.string(record.title))
        case "subtitle": return AppValue(record.subtitle.map(AppValue.Content.string) ?? .none)
        default:
            let names = Set(record.properties.keys).union(declaredProperties ?? []).sorted()
            let builtIn = ["id", "title", "subtitle"].filter { !names.contains($0) }
            throw SpotlightError(.notFound, "\(record.type) \"\(record.id)\" has no property '\(name)'; it has "
                + (names + builtIn).joined(separator: ", "))
        }
    }

    public var propertyOwnerDescription: String { "\(record.type) \"\(record.id)\"" }

    public var debugDescription: String { "\(record.type)(id: \"\(record.id)\", title: \"\(record.title)\")" }

    public static func == (lhs: EntityRepresentation, rhs: EntityRepresentation) -> Bool { lhs.record == rhs.record }
    public func hash(into hasher: inout Hasher) { hasher.combine(record) }
}

/// One entity the app's current screen shows, and whether it is selected.
///
/// ```swift
/// let annotations = try await eventEntity.viewAnnotations()
/// XCTAssertEqual(try annotations[0].entity.title, "Morning Launch Briefing")
/// ```
public struct ViewAnnotationRepresentation: Hashable, Sendable {
    public let entity: EntityRepresentation
    public let isSelected: Bool
}
