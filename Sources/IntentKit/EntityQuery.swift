/// Finds entities of one type for the system: by identifier, and suggestions.
///
/// ```swift
/// struct EventEntityQuery: EntityStringQuery {
///     func entities(for identifiers: [EventEntity.ID]) async throws -> [EventEntity] { ... }
///     func suggestedEntities() async throws -> [EventEntity] { ... }
///     func entities(matching string: String) async throws -> [EventEntity] { ... }
/// }
/// ```
public protocol EntityQuery: Sendable {
    associatedtype Entity: AppEntity
    /// What `suggestedEntities()` returns: an array, or an ``IntentItemCollection`` in sections.
    associatedtype Result: IntentOptionsResult = [Entity] where Result.Option == Entity
    /// The entities with these identifiers, in any order; unknown identifiers are left out.
    func entities(for identifiers: [Entity.ID]) async throws -> [Entity]
    /// Entities to offer before a person types anything. Default: none.
    func suggestedEntities() async throws -> Result
    /// The entity a parameter of this type gets when the caller gives none and the parameter declares
    /// no default (App Intents' `defaultResult()`, as widget configuration queries write it). Default: none.
    func defaultResult() async -> Entity?
}

extension EntityQuery {
    public func defaultResult() async -> Entity? { nil }
}

extension EntityQuery where Result == [Entity] {
    public func suggestedEntities() async throws -> [Entity] { [] }
}

extension EntityQuery {
    /// App Intents' name for ``IntentItemCollection`` inside a query.
    public typealias ItemCollection = IntentItemCollection
    /// App Intents' name for ``IntentItemSection`` inside a query.
    public typealias ItemSection = IntentItemSection
}

/// A query that also finds entities from text; a string argument for an entity parameter
/// resolves to its first match.
public protocol EntityStringQuery: EntityQuery {
    func entities(matching string: String) async throws -> [Entity]
}

/// A query that can list every entity of its type.
public protocol EnumerableEntityQuery: EntityQuery {
    func allEntities() async throws -> [Entity]
}

// Entry points the runtime calls on an opened existential; each returns the entities erased.
extension EntityQuery {
    /// Identifiers that are not of `Entity.ID`'s form are left out, except for a unique entity's
    /// query: every identifier names its one instance (its `id` may be a `UUID` or an `Int`).
    func erasedEntities(forStrings ids: [String]) async throws -> [any AppEntity] {
        let converted = ids.compactMap { Entity.ID.entityIdentifier(for: $0) }
        if converted.count < ids.count, let unique = self as? any UniqueAppEntityQuery {
            return [try await unique.erasedUniqueEntity()]
        }
        return try await entities(for: converted)
    }
    func erasedSuggested() async throws -> [any AppEntity] { try await suggestedEntities().options }
    func erasedDefault() async -> (any AppEntity)? { await defaultResult() }
}

extension EntityStringQuery {
    func erasedMatching(_ string: String) async throws -> [any AppEntity] { try await entities(matching: string) }
}

extension EnumerableEntityQuery {
    func erasedAll() async throws -> [any AppEntity] { try await allEntities() }
}
