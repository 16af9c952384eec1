import Foundation
import SpotlightModel

/// How the app service re-donates on `reindexAll` and `reindex`: the donation hook
/// (SpotlightKit's `SearchableIndex` once wired) and, optionally, every entity to donate.
///
/// ```swift
/// let reindexing = Reindexing(donate: { records in try await index.indexRecords(records) },
///                             allEntities: { try store.allEvents().map(\.entity) })
/// ```
public struct Reindexing: Sendable {
    /// Gives records to spotlightd.
    public var donate: @Sendable ([Record]) async throws -> Void
    /// Every entity `reindexAll` donates. When `nil`, `reindexAll` donates `allEntities()` of
    /// each registered `IndexedEntity` type, which then needs an `EnumerableEntityQuery`.
    public var allEntities: (@Sendable () async throws -> [any IndexedEntity])?

    public init(donate: @escaping @Sendable ([Record]) async throws -> Void,
                allEntities: (@Sendable () async throws -> [any IndexedEntity])? = nil) {
        self.donate = donate
        self.allEntities = allEntities
    }

    /// The hook before SpotlightKit is attached: every donation fails with `unavailable`.
    public static let notWired = Reindexing(donate: { _ in
        throw SpotlightError(.unavailable,
            "this app service has no donation hook; pass IntentApp a Reindexing that donates through SpotlightKit")
    })
}
