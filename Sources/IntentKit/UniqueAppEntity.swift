import Foundation
import SpotlightModel

/// An entity with exactly one instance, such as the app's settings (App Intents' `UniqueAppEntity`).
/// Its `id` defaults to `"unique"`, and its query (a ``UniqueAppEntityProvider``) gives the instance.
///
/// ```swift
/// struct LibrarySettings: UniqueAppEntity {
///     static let typeDisplayRepresentation: TypeDisplayRepresentation = "Settings"
///     static let defaultQuery = UniqueAppEntityProvider { LibrarySettings() }
///     var displayRepresentation: DisplayRepresentation { "Library settings" }
///     @Property(title: "Sort by title") var sortByTitle: Bool
///     init() { sortByTitle = true }
/// }
/// ```
///
/// A parameter of this type that the caller leaves out is the instance (`describe` reports it as
/// the parameter's default, `.entity(LibrarySettings/unique)`), and any identifier names it.
public protocol UniqueAppEntity: AppEntity where DefaultQuery: UniqueAppEntityQuery {}

extension UniqueAppEntity {
    /// The identifier of the one instance.
    public var id: String { UniqueAppEntityProvider<Self>.identifier }

    public static var implicitArgument: PropertyValue? {
        .entity(EntityReference(type: typeName, id: UniqueAppEntityProvider<Self>.identifier))
    }
}

/// The query of a ``UniqueAppEntity``: `uniqueEntity()` gives its one instance, which is every
/// answer of `entities(for:)`, `suggestedEntities()` and `allEntities()`.
///
/// ```swift
/// struct SettingsQuery: UniqueAppEntityQuery {
///     func uniqueEntity() async throws -> LibrarySettings { await SettingsStore.shared.current }
/// }
/// ```
public protocol UniqueAppEntityQuery: EnumerableEntityQuery {
    /// Restated so that Swift infers it from `uniqueEntity()`: a query declaring only that
    /// method does not compile otherwise (the inherited requirements all have defaults).
    associatedtype Entity
    func uniqueEntity() async throws -> Entity
}

extension UniqueAppEntityQuery {
    public func entities(for identifiers: [Entity.ID]) async throws -> [Entity] {
        identifiers.isEmpty ? [] : [try await uniqueEntity()]
    }
    public func suggestedEntities() async throws -> [Entity] { [try await uniqueEntity()] }
    public func allEntities() async throws -> [Entity] { [try await uniqueEntity()] }
    func erasedUniqueEntity() async throws -> any AppEntity { try await uniqueEntity() }
}

/// A ``UniqueAppEntityQuery`` from a closure: `static let defaultQuery = UniqueAppEntityProvider { LibrarySettings() }`.
public struct UniqueAppEntityProvider<Entity: UniqueAppEntity>: UniqueAppEntityQuery {
    /// The `id` of a unique entity that does not declare one.
    static var identifier: String { "unique" }

    let provider: @Sendable () async throws -> Entity

    public init(_ provider: @escaping @Sendable () async throws -> Entity) { self.provider = provider }

    public func uniqueEntity() async throws -> Entity { try await provider() }
}
