import Foundation
import SpotlightModel

/// The record store: every donated record, durably, in one SQLite file. The source of truth
/// from which the search index is derived and rebuilt.
///
/// Every change (upsert or delete of one key) gets the next sequence number and an entry in
/// the change log, which the index applier replays with ``changes(after:limit:)``. A write is
/// durable when the call returns. Not Sendable: one thread at a time uses a connection (the
/// engine confines its writer to one queue and its reader to a Mutex).
///
/// ```swift
/// let store = try RecordStore(path: dataDirectory + "/records.sqlite")
/// let outcome = try store.upsert([Record(bundle: "com.example.CometCal", type: "EventEntity",
///                                        id: "E1", title: "Supernova Viewing Party")])
/// let changes = try store.changes(after: 0, limit: 100)   // [E1 at outcome.sequence]
/// ```
public final class RecordStore {
    /// The database file.
    public let path: String
    let connection: SQLiteConnection
    /// Compresses and expands the records' JSON (the `json` column); confined like `connection`.
    let codec = StoredRecordCodec()
    /// The time a donation is stored at (records.donated); tests set it to donate "in the past".
    public var clock: @Sendable () -> Date = { Date() }
    /// Told of each stored record that does not decode when a read meets it; while set, such
    /// a record costs only itself: a page of records, the change log and a pass over every
    /// record leave it out (the change log reads it as absent, ``StoreChange/damaged``)
    /// instead of failing. Nil (the default): such reads throw `.corrupt` naming the key.
    ///
    /// ```swift
    /// store.onDamagedRecord = { key, error in log("\(key): \(error)") }
    /// ```
    public var onDamagedRecord: (@Sendable (RecordKey, SpotlightError) -> Void)?

    /// Creates or opens the store at `path` (a file path) and brings its schema up to date.
    ///
    /// - Parameter path: the database file; its directory must exist.
    /// - Throws: `.corrupt` naming the path when the file is not a record store database,
    ///   `.locked` when another writer holds it, `.io` when it cannot be opened.
    public init(path: String) throws {
        self.path = path
        connection = try SQLiteConnection(path: path)
        try connection.prepareRecordStore()
    }

    /// Keeps up to `kibibytes` of the database's pages in this connection's memory (SQLite's
    /// page cache; 2 MiB unless set). Pages past it are read from the file again when needed.
    ///
    /// ```swift
    /// try readStore.keepPages(kibibytes: RecordStore.readPageCacheKiB)
    /// ```
    public func keepPages(kibibytes: Int) throws {
        try connection.execute("PRAGMA cache_size = -\(max(0, kibibytes))")
    }

    /// The page cache of the connection that reads the hits' records: 8 MiB holds about 1,900
    /// of the store's 4 KiB pages, the leaf pages of as many records read before at random.
    /// With SQLite's 2 MiB, a query set of 117 queries (1,159 hits) read most of its pages
    /// from the file at every pass. Measured on the package corpus (64k records, 10 hits per
    /// query, p50 over the set): reading the hits' records 0.140 -> 0.124 ms, the query 0.549
    /// -> 0.532 ms, spotlightd's resident memory after the queries 36.3 -> 40.0 MB. A loop of
    /// lookups of 1,200 random keys, in C: 3.5 us a key at 2 MiB or 4 MiB, 1.7 us at 8 MiB.
    public static let readPageCacheKiB = 8192

    /// Closes the database; any later call throws. Also done when the store is released.
    public func close() { connection.close() }

    /// Commits many writes, from different callers, in ONE durable transaction; each write runs
    /// in its own savepoint and succeeds or fails on its own.
    ///
    /// ```swift
    /// let results = try store.apply([.upsert(records, clientState: nil), .delete(.bundle("old"))])
    /// if case .failure(let error) = results[0] { print(error) }   // only that write was dropped
    /// ```
    /// - Returns: one result per write, in order: its outcome, or why it was not stored
    ///   (`.invalidInput` for a bad record or selector, `.conflict` for a client-state mismatch).
    /// - Throws: when the transaction itself fails (disk full, locked, corrupt); then nothing
    ///   of this call is stored.
    public func apply(_ writes: [StoreWrite]) throws -> [Result<StoreWriteOutcome, SpotlightError>] {
        guard !writes.isEmpty else { return [] }
        return try transaction { try writes.map(applyInSavepoint) }
    }

    /// Upserts records durably (a re-donation replaces the stored record).
    ///
    /// ```swift
    /// let outcome = try store.upsert([record])   // outcome.changed == [record.key]
    /// ```
    /// - Throws: `.invalidInput` for an invalid record (nothing is stored), or a storage error.
    public func upsert(_ records: [Record]) throws -> StoreWriteOutcome {
        try apply([.upsert(records, clientState: nil)])[0].get()
    }

    /// Deletes the records a selector names, durably.
    ///
    /// ```swift
    /// try store.delete(.domain(bundle: "com.example.CometCal", domain: "calendar.C1"))
    /// ```
    /// - Returns: the keys deleted; a selector matching nothing changes nothing.
    public func delete(_ selector: DeleteSelector) throws -> StoreWriteOutcome {
        try apply([.delete(selector)])[0].get()
    }

    /// Runs `body` in one `BEGIN IMMEDIATE … COMMIT`; rolls back and rethrows on failure.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try inTransaction("BEGIN IMMEDIATE", body)
    }

    /// Runs `body` in one read transaction (`BEGIN … COMMIT`): one snapshot, and one WAL
    /// read lock instead of one per statement. Outside another transaction only.
    func readTransaction<T>(_ body: () throws -> T) throws -> T {
        try inTransaction("BEGIN", body)
    }

    private func inTransaction<T>(_ begin: String, _ body: () throws -> T) throws -> T {
        try connection.run(begin)
        do {
            let value = try body()
            try connection.run("COMMIT")
            return value
        } catch {
            if connection.inTransaction { try? connection.run("ROLLBACK") }
            throw error
        }
    }

    /// Runs one write in a savepoint. Its own failures (bad input, conflict) roll back only
    /// this write; failures of the store itself abort the whole transaction.
    private func applyInSavepoint(_ write: StoreWrite) throws -> Result<StoreWriteOutcome, SpotlightError> {
        try connection.run("SAVEPOINT store_write")
        do {
            let outcome: StoreWriteOutcome
            switch write {
            case .upsert(let records, let clientState):
                outcome = try performUpsert(records, clientState: clientState)
            case .delete(let selector, let clientState):
                outcome = try performDelete(selector, clientState: clientState)
            case .stage(let batch, let operations):
                outcome = try stage(operations, in: batch)
            case .commitBatch(let batch, let bundle, let clientState):
                outcome = try commitBatch(batch, bundle: bundle, clientState: clientState)
            case .discardBatch(let batch):
                outcome = try discardBatch(batch)
            }
            try connection.run("RELEASE store_write")
            return .success(outcome)
        } catch let error as SpotlightError where error.failsOnlyItsWrite && connection.inTransaction {
            try connection.run("ROLLBACK TO store_write")
            try connection.run("RELEASE store_write")
            return .failure(error)
        }
    }
}

extension SpotlightError {
    /// Errors about one write's content, not about the store: they fail only that write.
    var failsOnlyItsWrite: Bool { code == .invalidInput || code == .conflict }
}
