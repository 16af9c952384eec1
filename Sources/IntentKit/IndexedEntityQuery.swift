import SpotlightKit

/// A query whose entities re-donate themselves when spotlightd rebuilds (App Intents'
/// `IndexedEntityQuery`). spotlightd's rebuild from the apps (`spotlightctl rebuild --from-apps`)
/// and its `reindex` of some identifiers call these instead of donating `allEntities()` or
/// `entities(for:)` itself.
///
/// ```swift
/// struct PhotoQuery: IndexedEntityQuery {
///     func entities(for identifiers: [PhotoEntity.ID]) async throws -> [PhotoEntity] { ... }
///     func reindexAllEntities(indexDescription: CSSearchableIndexDescription) async throws {
///         try await CSSearchableIndex.default().indexAppEntities(try await library.allPhotos())
///     }
///     func reindexEntities(for identifiers: [PhotoEntity.ID], indexDescription: CSSearchableIndexDescription) async throws {
///         try await CSSearchableIndex.default().indexAppEntities(try await library.photos(identifiers))
///     }
/// }
/// ```
public protocol IndexedEntityQuery: EntityQuery where Entity: IndexedEntity {
    /// Donates every entity of the type again.
    func reindexAllEntities(indexDescription: CSSearchableIndexDescription) async throws
    /// Donates these entities again.
    func reindexEntities(for identifiers: [Entity.ID], indexDescription: CSSearchableIndexDescription) async throws
}

extension IndexedEntityQuery {
    func erasedReindexAll() async throws {
        try await reindexAllEntities(indexDescription: CSSearchableIndexDescription())
    }

    /// Identifiers that are not of `Entity.ID`'s form name no entity and are left out.
    func erasedReindex(_ ids: [String]) async throws {
        try await reindexEntities(for: ids.compactMap { Entity.ID.entityIdentifier(for: $0) },
                                  indexDescription: CSSearchableIndexDescription())
    }
}

extension AppEntity {
    /// `defaultQuery`'s `reindexAllEntities`, dependencies made; false when it is no ``IndexedEntityQuery``.
    static func reindexAllThroughQuery() async throws -> Bool {
        guard let query = try await readyQuery() as? any IndexedEntityQuery else { return false }
        try await query.erasedReindexAll()
        return true
    }

    /// `defaultQuery`'s `reindexEntities(for:)`, dependencies made; false when it is no ``IndexedEntityQuery``.
    static func reindexThroughQuery(_ ids: [String]) async throws -> Bool {
        guard let query = try await readyQuery() as? any IndexedEntityQuery else { return false }
        try await query.erasedReindex(ids)
        return true
    }
}
