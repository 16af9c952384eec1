import Foundation
import SpotlightModel

/// An entity made for an intent's result and never looked up (App Intents'
/// `TransientAppEntity`): it has no identifier of its own and no query. It is returned as any
/// entity is, its `@Property`s read by the caller; its id on the wire is its type name.
///
/// ```swift
/// struct ReadingStats: TransientAppEntity {
///     static let typeDisplayRepresentation: TypeDisplayRepresentation = "Reading statistics"
///     @Property(title: "Books read") var booksRead: Int
///     var displayRepresentation: DisplayRepresentation { "\(booksRead) books" }
///     init() { booksRead = 0 }
/// }
/// // in perform(): var stats = ReadingStats(); stats.booksRead = 12; return .result(value: stats)
/// ```
public protocol TransientAppEntity: AppEntity where ID == String {
    init()
}

extension TransientAppEntity {
    /// The same for every instance: a transient entity is not looked up by it.
    public var id: String { Self.typeName }
    public static var defaultQuery: TransientAppEntityQuery<Self> { TransientAppEntityQuery() }
}

/// The query of a ``TransientAppEntity``: it finds nothing, since such an entity exists only
/// in the result that made it. A parameter of that type can therefore never be given.
public struct TransientAppEntityQuery<Entity: AppEntity>: EntityQuery {
    public init() {}
    public func entities(for identifiers: [Entity.ID]) async throws -> [Entity] { [] }
}
