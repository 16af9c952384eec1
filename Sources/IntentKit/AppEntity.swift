import Foundation
import SpotlightModel
import SpotlightProtocol
import SpotlightWire

/// Something an app's intents act on and the system can find: an event, a calendar.
///
/// ```swift
/// struct CalendarEntity: AppEntity {
///     static let typeDisplayRepresentation: TypeDisplayRepresentation = "Calendar"
///     static let defaultQuery = CalendarEntityQuery()
///     let id: String
///     @Property(title: "Title") var title: String
///     @Property(title: "Color") var color: CalendarColor
///     var displayRepresentation: DisplayRepresentation { "\(title)" }
/// }
/// ```
public protocol AppEntity: IntentValue, Identifiable where ID: EntityIdentifierConvertible {
    associatedtype DefaultQuery: EntityQuery
    static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
    var displayRepresentation: DisplayRepresentation { get }
    /// The query the runtime uses to resolve identifiers and strings to entities.
    static var defaultQuery: DefaultQuery { get }
}

extension AppEntity {
    /// The name the wire uses for the type: the Swift type name, e.g. `EventEntity`.
    public static var typeName: String { String(describing: Self.self) }

    public static var valueType: ValueType { .entity(typeName) }

    /// A reference to this entity; entity-valued `@Property`s are stored this way.
    public var propertyValue: PropertyValue? {
        .entity(EntityReference(type: Self.typeName, id: id.entityIdentifierString))
    }

    public func resultValue(bundle: String) -> IntentResultValue { .entity(representation(bundle: bundle)) }

    /// The entity as queries and results carry it: the display representation and every
    /// `@Property` (by property name, without the underscore).
    ///
    /// ```swift
    /// event.representation(bundle: "com.example.CometCal").properties["location"]  // .string("Roof")
    /// ```
    public func representation(bundle: String) -> Record {
        representation(bundle: bundle, properties: EntityReflection.properties(of: self))
    }

    private func representation(bundle: String, properties slots: [(name: String, property: any EntityPropertySlot)])
        -> Record {
        let display = displayRepresentation
        var properties: [String: PropertyValue] = [:]
        for (name, property) in slots {
            properties[name] = property.propertyValue(in: self)
        }
        return Record(bundle: bundle, type: Self.typeName, id: id.entityIdentifierString, title: display.title,
                      subtitle: display.subtitle, synonyms: display.synonyms, properties: properties)
    }

    /// ``representation(bundle:)`` with the `@DeferredProperty`s fetched: what a caller that
    /// asked for the entity gets.
    /// - Throws: what a deferred property's getter threw, naming the property.
    func representationFetchingDeferred(bundle: String) async throws -> Record {
        // One reflection of the entity for both passes (Mirror is the costly part of a record).
        let slots = EntityReflection.properties(of: self)
        var record = representation(bundle: bundle, properties: slots)
        for (name, property) in slots where property.isDeferred {
            do {
                record.properties[name] = try await property.deferredValue(in: self)
            } catch {
                throw IntentInvocation.failure(error, thrownBy: "\(Self.typeName).\(name) (a @DeferredProperty)")
            }
        }
        return record
    }

    /// From `.entity(ref)` through `defaultQuery.entities(for:)`, or from `.string` through
    /// the string query's first match.
    public static func resolve(_ value: PropertyValue) async throws -> Self {
        switch value {
        case .entity(let ref):
            guard ref.type == typeName else {
                throw ValueConversionError("it refers to a \(ref.type), not a \(typeName)")
            }
            guard let found = try await entities(for: [ref.id]).first else {
                // An identifier that is not of the id's form never reaches entities(for:): say so.
                let why = ID.entityIdentifier(for: ref.id) == nil
                    ? ": \(typeName)'s id is of type \(ID.self), and \"\(ref.id)\" is not one"
                    : " (entities(for:) returned none)"
                throw ValueConversionError("no \(typeName) has identifier \"\(ref.id)\"" + why, code: .notFound)
            }
            return found
        case .string(let text):
            guard let matches = try await entities(matching: text) else {
                throw ValueConversionError("\(typeName)'s query is not an EntityStringQuery, so a string "
                    + "cannot name one; pass an entity reference")
            }
            guard let first = matches.first else {
                throw ValueConversionError("no \(typeName) matched \"\(text)\" (entities(matching:) returned none)",
                                           code: .notFound)
            }
            return first
        default:
            throw ValueConversionError.expected("an entity reference or a string for \(typeName)'s string query", got: value)
        }
    }

    // The query entry points by capability; `nil` where the query lacks the capability.

    /// `defaultQuery` with its `@Dependency`s made, as Apple's samples read them in a query
    /// (`TrailEntityQuery`'s `@Dependency var trailManager`) before any intent ran.
    static func readyQuery() async throws -> DefaultQuery {
        let query = defaultQuery
        try await DependencyResolution.resolve(in: query, ownerName: String(describing: DefaultQuery.self))
        return query
    }

    static func entities(for ids: [String]) async throws -> [Self] {
        try await readyQuery().erasedEntities(forStrings: ids).compactMap { $0 as? Self }
    }

    /// The query's `defaultResult()`, for a parameter left out (``IntentValue/queryDefault()``).
    public static func queryDefault() async throws -> Self? {
        try await readyQuery().erasedDefault() as? Self
    }

    static func suggested() async throws -> [Self] {
        try await readyQuery().erasedSuggested().compactMap { $0 as? Self }
    }

    static func entities(matching string: String) async throws -> [Self]? {
        guard let query = try await readyQuery() as? any EntityStringQuery else { return nil }
        return try await query.erasedMatching(string).compactMap { $0 as? Self }
    }

    static func all() async throws -> [Self]? {
        guard let query = try await readyQuery() as? any EnumerableEntityQuery else { return nil }
        return try await query.erasedAll().compactMap { $0 as? Self }
    }
}
