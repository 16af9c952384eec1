import Foundation
import SpotlightKit
import SpotlightModel

extension SearchableIndex {
    /// Donates app entities (re-donation replaces), as Core Spotlight's
    /// `CSSearchableIndex.indexAppEntities(_:)`. Returns when they are durable.
    ///
    /// The records carry no bundle: spotlightd attributes them to the calling app.
    ///
    /// Entities whose `hideInSpotlight` is `true` are left out; `priority` is accepted for
    /// source compatibility (use the record's `rankingHint` to rank).
    ///
    /// ```swift
    /// try await SearchableIndex.default.indexAppEntities([event.entity])
    /// ```
    /// - Throws: `SpotlightError` (`.unavailable` when spotlightd is not running, with how to start it).
    public func indexAppEntities<Entity: IndexedEntity>(_ entities: [Entity], priority: Int = 0) async throws {
        let shown = entities.filter { !$0.hideInSpotlight }
        guard !shown.isEmpty else { return }
        try await indexRecords(shown.map { $0.record(bundle: "") })
    }

    /// Removes app entities by identifier, as Core Spotlight's
    /// `deleteAppEntities(identifiedBy:ofType:)`.
    ///
    /// ```swift
    /// try await SearchableIndex.default.deleteAppEntities(identifiedBy: [event.id], ofType: EventEntity.self)
    /// ```
    public func deleteAppEntities<Entity: AppEntity>(identifiedBy ids: [Entity.ID], ofType type: Entity.Type) async throws {
        _ = try await deleteRecords(identifiedBy: ids.map(\.entityIdentifierString), ofType: Entity.typeName)
    }

    /// Removes every donated entity of one type, as Core Spotlight's `deleteAppEntities(ofType:)`.
    ///
    /// ```swift
    /// try await SearchableIndex.default.deleteAppEntities(ofType: TaskEntity.self)
    /// ```
    public func deleteAppEntities<Entity: AppEntity>(ofType type: Entity.Type) async throws {
        _ = try await deleteRecords(ofType: Entity.typeName)
    }
}

extension Reindexing {
    /// Donates through `SearchableIndex.default` (spotlightd at `SPOTLIGHT_SOCKET`); what
    /// `IntentApp` uses unless told otherwise.
    public static let spotlight = Reindexing(donate: { records in
        try await SearchableIndex.default.indexRecords(records.map { r in
            var r = r
            r.bundle = ""
            return r
        })
    })
}
