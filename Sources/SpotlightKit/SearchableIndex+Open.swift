import Foundation
import SpotlightModel
import SpotlightProtocol

extension SearchableIndex {
    /// Shows a record in the app that donated it, as tapping a Spotlight result does:
    /// spotlightd launches the app by bundle identifier (or uses the running one) and the app
    /// runs its `OpenIntent` for the record's entity type.
    ///
    /// ```swift
    /// let hit = try await index.query(SearchQuery(text: "supernova")).hits[0]
    /// try await index.open(hit.record.key)   // CometCal now shows the event
    /// ```
    /// - Parameter timeout: how long to wait for the app to start and show it.
    /// - Throws: `SpotlightError`: `.notFound` when the app is not installed, has no
    ///   `OpenIntent` for the type or no longer has the entity; `.appUnavailable` when the app
    ///   could not be started or reached; `.unavailable` when spotlightd is not running.
    @discardableResult
    public func open(_ key: RecordKey, timeout: Duration = .seconds(60)) async throws -> OpenResult {
        try await daemon.call(.open, key, timeout: timeout)
    }
}
