import Foundation
import SpotlightModel

/// Reading records, the change log, counts and client state.
extension RecordStore {
    /// The last sequence number assigned; 0 for a new store. Never decreases, also after
    /// ``pruneChanges(through:)``.
    ///
    /// ```swift
    /// let applied = try store.lastSequence()
    /// ```
    public func lastSequence() throws -> UInt64 { try currentSequence() }

    /// The stored records for `keys`, in input order; keys with no record are skipped.
    /// Records whose expiration has passed but that are not swept yet are returned too:
    /// check `expiration` where that matters.
    ///
    /// ```swift
    /// let found = try store.records(for: [RecordKey(bundle: "b", type: "EventEntity", id: "E1")])
    /// ```
    public func records(for keys: [RecordKey]) throws -> [Record] {
        var found: [Record] = []
        found.reserveCapacity(keys.count)
        try lookUp(keys) { row, key in
            if let record = try unlessDamaged(key, { try decodeRecord(row, 0, key: key) }) { found.append(record) }
        }
        return found
    }

    /// The JSON text of the stored records for `keys` (docs/records.md, keys sorted), expanded
    /// but not decoded: what a query's reply carries as it is. Keys with no record are missing.
    ///
    /// ```swift
    /// let text = try store.recordJSON(for: [key])[key]   // {"bundle":"b",...}
    /// ```
    func recordJSON(for keys: [RecordKey]) throws -> [RecordKey: [UInt8]] {
        var found: [RecordKey: [UInt8]] = [:]
        try lookUp(keys) { row, key in
            found[key] = try unlessDamaged(key) { try storedText(row, 0, key: key) { Array($0) } }
        }
        return found
    }

    /// Runs `body` with the row of each stored key; a page of hits is looked up in one read
    /// transaction (one snapshot, one lock).
    private func lookUp(_ keys: [RecordKey], _ body: (SQLRow, RecordKey) throws -> Void) throws {
        try withoutActuallyEscaping(body) { body in
            let each = {
                for key in keys {
                    try self.connection.run("SELECT json FROM records WHERE bundle = ? AND type = ? AND id = ?",
                                            [.utf8(key.bundle), .utf8(key.type), .utf8(key.id)]) { try body($0, key) }
                }
            }
            if keys.count > 1 && !connection.inTransaction { try readTransaction(each) } else { try each() }
        }
    }

    /// Up to `limit` change-log entries with a sequence number above `sequence`, ascending,
    /// each with the key's record as stored now (nil when deleted).
    ///
    /// ```swift
    /// var last = indexLastApplied
    /// while case let batch = try store.changes(after: last, limit: 500), !batch.isEmpty {
    ///     apply(batch); last = batch.last!.sequence
    /// }
    /// ```
    public func changes(after sequence: UInt64, limit: Int) throws -> [StoreChange] {
        guard limit > 0, sequence < UInt64(Int64.max) else { return [] }
        var changes: [StoreChange] = []
        try connection.run("""
            SELECT c.sequence, c.bundle, c.type, c.id, r.json, r.donated FROM changes AS c
            LEFT JOIN records AS r ON r.bundle = c.bundle AND r.type = c.type AND r.id = c.id
            WHERE c.sequence > ? ORDER BY c.sequence LIMIT ?
            """, [.int(Int64(sequence)), .int(Int64(limit))]) { row in
            let key = RecordKey(bundle: row.string(1), type: row.string(2), id: row.string(3))
            let record = row.isNull(4) ? nil : try unlessDamaged(key) { try decodeRecord(row, 4, key: key) }
            var change = StoreChange(sequence: UInt64(row.int64(0)), key: key, record: record,
                                     donated: row.isNull(5) ? nil : Date(timeIntervalSince1970: row.double(5)))
            change.damaged = record == nil && !row.isNull(4)
            changes.append(change)
        }
        return changes
    }

    /// Calls `body` with every stored record (of one bundle, or all), in key order, in batches
    /// of at most `batchSize`. Used to rebuild the index and to export.
    ///
    /// ```swift
    /// try store.forEachRecord(bundle: nil, batchSize: 1000) { batch in index.add(batch) }
    /// ```
    public func forEachRecord(bundle: String?, batchSize: Int,
                              _ body: ([Record]) throws -> Void) throws {
        try forEachDonatedRecord(bundle: bundle, batchSize: batchSize) { try body($0.map(\.record)) }
    }

    /// ``forEachRecord(bundle:batchSize:_:)`` with each record's donation time (a rebuild
    /// carries it to the index for recency).
    ///
    /// ```swift
    /// try store.forEachDonatedRecord(bundle: nil, batchSize: 1000) { batch in try index.replace(batch) }
    /// ```
    public func forEachDonatedRecord(bundle: String? = nil, batchSize: Int,
                                     _ body: ([DonatedRecord]) throws -> Void) throws {
        try forEachDonatedRecord(bundle: bundle, writtenThrough: nil, batchSize: batchSize, body)
    }

    /// ``forEachDonatedRecord(bundle:batchSize:_:)`` of the records whose last change is at or
    /// before `sequence` (nil: every record): what a change log read after `sequence` does not
    /// bring (a bulk catch-up that builds the whole index).
    func forEachDonatedRecord(bundle: String? = nil, writtenThrough sequence: UInt64?, batchSize: Int,
                              _ body: ([DonatedRecord]) throws -> Void) throws {
        let size = max(1, batchSize)
        // Keyset paging: each batch starts after the last key of the one before.
        var after = (bundle: Data(), type: Data(), id: Data())
        while true {
            var batch: [DonatedRecord] = []
            var last = after
            var rows = 0
            try connection.run("""
                SELECT bundle, type, id, json, donated FROM records
                WHERE (?1 IS NULL OR bundle = ?1) AND (bundle, type, id) > (?2, ?3, ?4)
                AND (?6 IS NULL OR sequence <= ?6)
                ORDER BY bundle, type, id LIMIT ?5
                """, [bundle.map(SQLValue.utf8) ?? .null, .blob(after.bundle), .blob(after.type),
                      .blob(after.id), .int(Int64(size)), sequence.map { .int(Int64($0)) } ?? .null]) { row in
                last = (row.data(0), row.data(1), row.data(2))
                rows += 1
                let key = RecordKey(bundle: row.string(0), type: row.string(1), id: row.string(2))
                let donated = row.isNull(4) ? nil : Date(timeIntervalSince1970: row.double(4))
                if let record = try unlessDamaged(key, { try decodeRecord(row, 3, key: key) }) {
                    batch.append(DonatedRecord(record, donated: donated))
                }
            }
            // A batch may be short of its rows by damaged records; the rows tell where the end is.
            if !batch.isEmpty { try body(batch) }
            if rows < size { return }
            after = last
        }
    }

    /// Record counts per bundle and entity type, sorted by bundle.
    ///
    /// ```swift
    /// for count in try store.counts() { print(count.bundle, count.total) }
    /// ```
    public func counts() throws -> [BundleCount] {
        var counts: [BundleCount] = []
        // Kept by triggers (StoreSchema.swift): a few rows, not a scan of every record.
        let sql = "SELECT bundle, type, count FROM record_counts WHERE count > 0 ORDER BY bundle, type"
        try connection.run(sql, []) {
            let bundle = $0.string(0)
            if counts.last?.bundle != bundle { counts.append(BundleCount(bundle: bundle, types: [:])) }
            counts[counts.count - 1].types[$0.string(1)] = Int($0.int64(2))
        }
        return counts
    }

    /// The client state a bundle last stored with a donation, or nil when it has none.
    ///
    /// ```swift
    /// let state = try store.clientState(bundle: "com.example.CometCal")
    /// ```
    public func clientState(bundle: String) throws -> Data? {
        var state: Data?
        try connection.run("SELECT state FROM client_state WHERE bundle = ?", [.utf8(bundle)]) {
            state = $0.data(0)
        }
        return state
    }

    /// The record in column `column` of `row` (a `json` column: plain or compressed JSON,
    /// ``StoredRecordCodec``), read where SQLite holds it.
    ///
    /// - Throws: `.corrupt` naming `key` when the column holds no record.
    func decodeRecord(_ row: SQLRow, _ column: Int32, key: RecordKey) throws -> Record {
        try storedText(row, column, key: key) { try StoredJSON.decodeRecord(from: $0) }
    }

    /// `decode()`, or nil once ``onDamagedRecord`` (when set) is told that `key`'s stored
    /// record does not decode.
    func unlessDamaged<T>(_ key: RecordKey, _ decode: () throws -> T) throws -> T? {
        do {
            return try decode()
        } catch let error as SpotlightError where error.code == .corrupt {
            guard let onDamagedRecord else { throw error }
            onDamagedRecord(key, error)
            return nil
        }
    }

    /// `body` with the JSON text of the record in `column` of `row`, expanded when stored
    /// compressed; a blob that is neither is `.corrupt`, naming `key`.
    func storedText<T>(_ row: SQLRow, _ column: Int32, key: RecordKey, _ body: (UnsafeRawBufferPointer) throws -> T) throws -> T {
        do {
            return try row.withBytes(column) { blob in try codec.withJSON(of: blob, body) }
        } catch let error as SpotlightError where error.code == .internal {
            throw error   // out of memory expanding it: not the record's fault
        } catch {
            throw SpotlightError(.corrupt, "the stored record \(key) in \(path) does not decode; "
                + "run an integrity check and donate the record again", underlying: "\(error)")
        }
    }
}
