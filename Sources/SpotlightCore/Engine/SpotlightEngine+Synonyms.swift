import Foundation
import SpotlightModel

/// The per-bundle synonym tables: kept in the record store (they survive rebuilds and
/// restarts) and copied in memory, so queries never read SQLite for them.
extension SpotlightEngine {
    /// Merges `synonyms` into the bundle's table (an empty list removes that term), or with
    /// `replace` makes them the whole table. Durable when it returns; queries after it use it.
    ///
    /// ```swift
    /// let terms = try await engine.setSynonyms(bundle: "com.example.CometCal", ["tv": ["television"]])
    /// ```
    /// - Returns: how many terms the bundle's table holds afterwards.
    /// - Throws: `.invalidInput` for a term that is not one word, more than 32 synonyms per term,
    ///   more than 10 000 terms; nothing changes then.
    @discardableResult
    public func setSynonyms(bundle: String, _ synonyms: [String: [String]], replace: Bool = false) async throws -> Int {
        let changes = try SynonymTable.normalise(synonyms)
        return try await withCheckedThrowingContinuation { continuation in
            storeWriter.async {
                continuation.resume(with: Result {
                    if self.shared.withLock({ $0.closed }) {
                        throw SpotlightError(.unavailable, "not stored: the engine is shutting down")
                    }
                    try self.ensureStoreFileIsOurs()
                    if self.storeNeedsReopen { try self.reopenStore() }
                    let terms: Int
                    do {
                        terms = try self.store.setSynonyms(bundle: bundle, changes, replace: replace)
                        try self.ensureStoreFileIsOurs()
                    } catch let error as SpotlightError where error.code == .io {
                        // As for donations: never retry on a handle whose write or fsync failed.
                        self.storeNeedsReopen = true
                        throw error
                    }
                    let table = try SynonymTable(try self.store.synonyms(bundle: bundle))
                    self.synonymTables.withLock { $0[bundle] = table.isEmpty ? nil : table }
                    return terms
                })
            }
        }
    }

    /// The bundle's synonym table: term -> synonyms, folded (empty when it has none).
    ///
    /// ```swift
    /// engine.synonyms(bundle: "com.example.CometCal")   // ["tv": ["television"]]
    /// ```
    public func synonyms(bundle: String) -> [String: [String]] {
        synonymTables.withLock { $0[bundle]?.entries ?? [:] }
    }

    /// Every stored table, for the in-memory copy at open. A table that no longer loads is
    /// left out with a warning rather than keeping the engine from opening.
    static func loadSynonymTables(from store: RecordStore, log: SpotlightLog) throws -> [String: SynonymTable] {
        var tables: [String: SynonymTable] = [:]
        for (bundle, entries) in try store.allSynonyms() {
            do {
                tables[bundle] = try SynonymTable(entries)
            } catch {
                log(.warning, "the synonym table of \(bundle) is not used: \(error); set it again")
            }
        }
        return tables
    }
}
