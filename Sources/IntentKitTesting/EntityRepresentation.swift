import Foundation
import SpotlightModel
import SpotlightProtocol

/// An entity as the app represents it: what its queries return, what an intent returned,
/// what Spotlight has indexed; or a reference to one (``EntityDefinition/makeReference(identifier:)``,
/// an entity-valued property), which has a type and an identifier but no properties.
/// Properties read by name:
///
/// ```swift
/// let events = try await eventEntity.entities(matching: "Cosmic Ray")
/// XCTAssertEqual(try events[0].title, "Cosmic Ray Calibration")
/// let again = try await eventEntity.entities(identifiers: [events[0].identifier.instanceIdentifier])
/// ```
///
/// A name is looked up among the entity's `@Property`s first; `id`, `title` (the display
/// title) and `subtitle` work for every entity. A declared optional property that is nil
/// reads as `nil`; a name the entity does not have throws, listing the names it has.
/// `record`, `id`, `identifier` and `reference` are real members; a property of such a name
/// is read with `property(named:)`. Apple's name for it is `AnyAppEntity`.
public struct EntityRepresentation: PropertyReadable, Hashable, Sendable, CustomDebugStringConvertible {
    /// Everything the app sent: bundle, type, identifier, display representation, properties.
    /// For a reference only `type` and `id` are set.
    public let record: Record
    /// Whether this is a reference without the entity's properties.
    public let isReference: Bool
    /// The `@Property` names the app's schema declares for this type; nil when not known.
    let declaredProperties: [String]?
    /// The declared type of each `@Property`, from the app's schema (names an enum property's type).
    let propertyTypes: [String: ValueType]
    /// Fetches referenced entities (this one, if it is a reference) when their properties are read.
    let fetcher: EntityFetcher?

    public init(_ record: Record, declaredProperties: [String]? = nil) {
        self.init(record, declaredProperties: declaredProperties, fetcher: nil)
    }

    /// A reference to an entity: its type and identifier, without properties.
    public init(reference: EntityReference) {
        self.init(reference: reference, fetcher: nil)
    }

    init(reference: EntityReference, fetcher: EntityFetcher?) {
        self.record = Record(bundle: "", type: reference.type, id: reference.id, title: "")
        self.declaredProperties = nil
        self.propertyTypes = [:]
        self.isReference = true
        self.fetcher = fetcher
    }

    init(_ record: Record, declaredProperties: [String]?, propertyTypes: [String: ValueType] = [:],
         fetcher: EntityFetcher?) {
        self.record = record
        self.declaredProperties = declaredProperties
        self.propertyTypes = propertyTypes
        self.isReference = false
        self.fetcher = fetcher
    }

    init(_ record: Record, schema: AppSchema?, fetcher: EntityFetcher? = nil) {
        let declared = schema?.entities.first { $0.name == record.type }?.properties
        self.init(record, declaredProperties: declared?.map(\.name),
                  propertyTypes: Dictionary(declared?.map { ($0.name, $0.type) } ?? [], uniquingKeysWith: { first, _ in first }),
                  fetcher: fetcher)
    }

    /// The entity's identifier (a real member, so `entities(identifiers: [x.id])` needs no `try`).
    public var id: String { record.id }

    /// The entity's type and identifier (Apple's `identifier.instanceIdentifier`).
    public var identifier: AttributedEntityIdentifier {
        AttributedEntityIdentifier(typeIdentifier: record.type, instanceIdentifier: record.id)
    }

    /// The reference an intent parameter of this entity's type takes.
    public var reference: EntityReference { EntityReference(type: record.type, id: record.id) }

    /// Reads a property; of a reference, from the entity the app returns for it now.
    /// - Throws: `notFound` naming the property and listing the names this entity has; the
    ///   errors of fetching a referenced entity.
    public func property(named name: String) throws -> AppValue {
        if isReference {
            if name == "id" { return AppValue(entityIdentifier: record.id) }
            guard let fetcher else {
                throw SpotlightError(.invalidInput, "\(debugDescription) is a reference without properties, so it has no "
                    + "'\(name)' to read; fetch the entity with entities(identifiers: [\"\(record.id)\"])")
            }
            return try fetcher.entity(reference).property(named: name)
        }
        if let value = record.properties[name] { return AppValue(propertyValue: value, type: propertyTypes[name], fetcher: fetcher) }
        if declaredProperties?.contains(name) == true { return AppValue(.none) }
        switch name {
        case "id": return AppValue(entityIdentifier: record.id)
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

    public var debugDescription: String {
        isReference ? "\(record.type)(id: \"\(record.id)\")"
            : "\(record.type)(id: \"\(record.id)\", title: \"\(record.title)\")"
    }

    /// Entities are equal when the app sent the same thing; a reference equals an entity
    /// (or reference) of the same type and identifier.
    public static func == (lhs: EntityRepresentation, rhs: EntityRepresentation) -> Bool {
        if lhs.isReference || rhs.isReference { return lhs.reference == rhs.reference }
        return lhs.record == rhs.record
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(reference) }
}

/// Apple's name for an entity the harness hands out.
public typealias AnyAppEntity = EntityRepresentation

/// Names one entity: its type and its identifier.
///
/// ```swift
/// let id = task.identifier.instanceIdentifier
/// ```
public struct AttributedEntityIdentifier: Hashable, Sendable, CustomStringConvertible {
    /// The entity type's name, `TaskEntity`.
    public var typeIdentifier: String
    /// The entity's `id` as a string.
    public var instanceIdentifier: String

    public init(typeIdentifier: String, instanceIdentifier: String) {
        self.typeIdentifier = typeIdentifier
        self.instanceIdentifier = instanceIdentifier
    }

    public var description: String { "\(typeIdentifier)/\(instanceIdentifier)" }
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

/// Apple's name for a view annotation the harness hands out.
public typealias ViewAnnotation = ViewAnnotationRepresentation
