import Foundation
import SpotlightModel

/// A record as the store writes it: its key and columns, its JSON already encoded and compressed
/// (the `json` column, ``StoredRecordCodec``).
struct StagedRecord {
    var key: RecordKey
    var domain: String?
    var expiration: Double?
    var json: Data

    init(_ record: Record, json: Data) {
        key = record.key
        domain = record.domain
        expiration = record.expiration?.timeIntervalSince1970
        self.json = json
    }

    init(key: RecordKey, domain: String?, expiration: Double?, json: Data) {
        self.key = key
        self.domain = domain
        self.expiration = expiration
        self.json = json
    }
}

/// Batches: operations staged in `batch_writes` (schema at the top of StoreSchema.swift) and
/// applied to the records in one transaction when the batch commits.
///
/// Staged rows live in the store rather than in the daemon's memory so that a batch can be
/// as large as a full re-donation of an app (hundreds of thousands of records) at a constant
/// memory cost, and so that the commit is a single SQLite transaction over rows already
/// validated and encoded. They are kept apart from `records` and `changes`, which are all that
/// reads and the index applier see: nothing of a batch is visible before it commits.
///
/// ```swift
/// let batch = BatchID("b1")
/// _ = try store.apply([.stage(batch, [.upsert([record]), .delete(.ids(bundle: b, type: "Note", ids: ["n1"]))])])
/// _ = try store.apply([.commitBatch(batch, bundle: b, clientState: ClientStateUpdate(expected: .some(nil), new: v1))])
/// ```
extension RecordStore {
    private enum StagedOperation: Int64 {
        case upsert = 0, deleteKey, deleteDomain, deleteType, deleteBundle
    }

    /// Appends operations to a batch. Records are validated and encoded now, so a bad one
    /// fails this call (and nothing of it is staged), never the commit.
    func stage(_ operations: [BatchOperation], in batch: BatchID) throws -> StoreWriteOutcome {
        var position: Int64 = 0
        try connection.run("SELECT coalesce(max(position), 0) FROM batch_writes WHERE batch = ?",
                           [.utf8(batch.rawValue)]) { position = $0.int64(0) }
        func insert(_ operation: StagedOperation, bundle: String, type: String? = nil, id: String? = nil,
                    domain: String? = nil, expiration: Double? = nil, json: Data? = nil) throws {
            position += 1
            try connection.run("""
                INSERT INTO batch_writes(batch, position, operation, bundle, type, id, domain, expiration, json)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, [.utf8(batch.rawValue), .int(position), .int(operation.rawValue), .utf8(bundle),
                      type.map(SQLValue.utf8) ?? .null, id.map(SQLValue.utf8) ?? .null,
                      domain.map(SQLValue.utf8) ?? .null, expiration.map(SQLValue.double) ?? .null,
                      json.map(SQLValue.blob) ?? .null])
        }
        for operation in operations {
            switch operation {
            case .upsert(let records):
                for record in records {
                    try Self.validate(record)
                    let row = StagedRecord(record, json: try encodeRecord(record))
                    try insert(.upsert, bundle: record.bundle, type: record.type, id: record.id,
                               domain: row.domain, expiration: row.expiration, json: row.json)
                }
            case .delete(let selector):
                try Self.validate(selector)
                switch selector {
                case .ids(let bundle, let type, let ids):
                    for id in ids { try insert(.deleteKey, bundle: bundle, type: type, id: id) }
                case .domain(let bundle, let domain): try insert(.deleteDomain, bundle: bundle, domain: domain)
                case .type(let bundle, let type): try insert(.deleteType, bundle: bundle, type: type)
                case .bundle(let bundle): try insert(.deleteBundle, bundle: bundle)
                }
            }
        }
        return StoreWriteOutcome(sequence: try currentSequence(), changed: [])
    }

    /// Applies a batch's staged operations in order and removes them, after the client-state
    /// check (a mismatch throws `.conflict` before anything is applied).
    func commitBatch(_ batch: BatchID, bundle: String, clientState: ClientStateUpdate?) throws -> StoreWriteOutcome {
        if let clientState { try swapClientState(clientState, bundle: bundle) }
        var sequence = try currentSequence()
        var changed: [RecordKey] = []
        let donated = clock().timeIntervalSince1970
        var after: Int64 = 0
        while true {
            // Read a page, then write: a statement is not stepped while others change the tables.
            var page: [(position: Int64, operation: StagedOperation?, record: StagedRecord)] = []
            try connection.run("""
                SELECT position, operation, bundle, type, id, domain, expiration, json FROM batch_writes
                WHERE batch = ? AND position > ? ORDER BY position LIMIT 500
                """, [.utf8(batch.rawValue), .int(after)]) { row in
                let key = RecordKey(bundle: row.string(2), type: row.isNull(3) ? "" : row.string(3),
                                    id: row.isNull(4) ? "" : row.string(4))
                page.append((row.int64(0), StagedOperation(rawValue: row.int64(1)),
                             StagedRecord(key: key, domain: row.isNull(5) ? nil : row.string(5),
                                          expiration: row.isNull(6) ? nil : row.double(6),
                                          json: row.isNull(7) ? Data() : row.data(7))))
            }
            guard let last = page.last else { break }
            after = last.position
            for (_, operation, row) in page {
                let selector: DeleteSelector
                switch operation {
                case .upsert?:
                    sequence += 1
                    try insertRow(row, sequence: sequence, donated: donated)
                    changed.append(row.key)
                    continue
                case .deleteKey?: selector = .ids(bundle: row.key.bundle, type: row.key.type, ids: [row.key.id])
                case .deleteDomain?: selector = .domain(bundle: row.key.bundle, domain: row.domain ?? "")
                case .deleteType?: selector = .type(bundle: row.key.bundle, type: row.key.type)
                case .deleteBundle?: selector = .bundle(row.key.bundle)
                case nil:
                    throw SpotlightError(.corrupt, "batch \(batch) in \(path) holds an operation this spotlightd "
                        + "does not know; abandon the batch and begin it again")
                }
                try setCurrentSequence(sequence)
                let outcome = try performDelete(selector)
                sequence = outcome.sequence
                changed += outcome.changed
            }
        }
        try setCurrentSequence(sequence)
        try connection.run("DELETE FROM batch_writes WHERE batch = ?", [.utf8(batch.rawValue)])
        return StoreWriteOutcome(sequence: sequence, changed: changed)
    }

    /// Removes a batch's staged operations; the records are untouched.
    func discardBatch(_ batch: BatchID) throws -> StoreWriteOutcome {
        try connection.run("DELETE FROM batch_writes WHERE batch = ?", [.utf8(batch.rawValue)])
        return StoreWriteOutcome(sequence: try currentSequence(), changed: [])
    }

    /// Removes every staged operation (of batches begun before this process opened the store).
    ///
    /// ```swift
    /// let dropped = try store.discardAllBatches()   // at start: no batch outlives its daemon
    /// ```
    /// - Returns: how many staged operations were dropped.
    @discardableResult
    public func discardAllBatches() throws -> Int {
        var count = 0
        try transaction {
            try connection.run("SELECT count(*) FROM batch_writes", []) { count = Int($0.int64(0)) }
            if count > 0 { try connection.run("DELETE FROM batch_writes") }
        }
        return count
    }

    /// Staged operations of one batch (or of all), for status and tests.
    ///
    /// ```swift
    /// try store.stagedOperationCount(BatchID("b1"))   // 0 after its commit
    /// ```
    public func stagedOperationCount(_ batch: BatchID? = nil) throws -> Int {
        var count = 0
        try connection.run("SELECT count(*) FROM batch_writes WHERE ?1 IS NULL OR batch = ?1",
                           [batch.map { .utf8($0.rawValue) } ?? .null]) { count = Int($0.int64(0)) }
        return count
    }
}
