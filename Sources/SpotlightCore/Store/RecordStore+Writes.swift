import Foundation
import SpotlightModel

/// Upserts and deletes inside an open transaction, each change logged with its sequence number.
extension RecordStore {
    func performUpsert(_ records: [Record], clientState: ClientStateUpdate?) throws -> StoreWriteOutcome {
        for record in records { try Self.validate(record) }
        if let clientState { try swapClientState(clientState, bundle: try Self.oneBundle(of: records)) }
        var sequence = try currentSequence()
        let donated = clock().timeIntervalSince1970
        var changed: [RecordKey] = []
        changed.reserveCapacity(records.count)
        for record in records {
            sequence += 1
            try insertRow(StagedRecord(record, json: try encodeRecord(record)), sequence: sequence, donated: donated)
            changed.append(record.key)
        }
        try setCurrentSequence(sequence)
        return StoreWriteOutcome(sequence: sequence, changed: changed)
    }

    /// The record's stored form: its JSON (docs/records.md: keys sorted, slashes unescaped),
    /// compressed (``StoredRecordCodec``).
    func encodeRecord(_ record: Record) throws -> Data {
        let json: Data
        do { json = try StoredJSON.encode(record) } catch {
            throw SpotlightError(.invalidInput, "record \(record.key) cannot be encoded as JSON; "
                + "check its values (a double must be finite)", underlying: "\(error)")
        }
        return try codec.compress(json)
    }

    /// Writes one record row (updating the key's row in place: record_counts counts only new
    /// keys) and logs its change at `sequence`.
    func insertRow(_ row: StagedRecord, sequence: UInt64, donated: Double) throws {
        try connection.run("""
            INSERT INTO records(bundle, type, id, domain, expiration, sequence, json, donated)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(bundle, type, id) DO UPDATE SET domain = excluded.domain, expiration = excluded.expiration,
                sequence = excluded.sequence, json = excluded.json, donated = excluded.donated
            """, [.utf8(row.key.bundle), .utf8(row.key.type), .utf8(row.key.id),
                  row.domain.map(SQLValue.utf8) ?? .null, row.expiration.map(SQLValue.double) ?? .null,
                  .int(Int64(sequence)), .blob(row.json), .double(donated)])
        try logChange(row.key, sequence: sequence)
    }

    func performDelete(_ selector: DeleteSelector, clientState: ClientStateUpdate?) throws -> StoreWriteOutcome {
        try Self.validate(selector)
        if let clientState { try swapClientState(clientState, bundle: selector.bundle) }
        return try performDelete(selector)
    }

    func performDelete(_ selector: DeleteSelector) throws -> StoreWriteOutcome {
        try Self.validate(selector)
        var deleted: [RecordKey] = []
        let collect: (SQLRow) -> Void = { row in
            deleted.append(RecordKey(bundle: row.string(0), type: row.string(1), id: row.string(2)))
        }
        switch selector {
        case .ids(let bundle, let type, let ids):
            for id in ids {
                try connection.run("DELETE FROM records WHERE bundle = ? AND type = ? AND id = ?",
                                   [.utf8(bundle), .utf8(type), .utf8(id)])
                if connection.changes > 0 { deleted.append(RecordKey(bundle: bundle, type: type, id: id)) }
            }
        case .domain(let bundle, let domain):
            // `domain` itself, and every domain starting with `domain.`: the byte range
            // [domain + ".", domain + "/") since "/" is the byte right after ".".
            try connection.run("""
                DELETE FROM records WHERE bundle = ?1 AND domain IS NOT NULL
                AND (domain = ?2 OR (domain >= ?3 AND domain < ?4)) RETURNING bundle, type, id
                """, [.utf8(bundle), .utf8(domain), .utf8(domain + "."), .utf8(domain + "/")], row: collect)
        case .type(let bundle, let type):
            try connection.run("DELETE FROM records WHERE bundle = ? AND type = ? RETURNING bundle, type, id",
                               [.utf8(bundle), .utf8(type)], row: collect)
        case .bundle(let bundle):
            try connection.run("DELETE FROM records WHERE bundle = ? RETURNING bundle, type, id",
                               [.utf8(bundle)], row: collect)
        }
        return try logChanges(deleted)
    }

    /// Logs one change per key with fresh sequence numbers (the keys were already written).
    func logChanges(_ keys: [RecordKey]) throws -> StoreWriteOutcome {
        var sequence = try currentSequence()
        for key in keys {
            sequence += 1
            try logChange(key, sequence: sequence)
        }
        if !keys.isEmpty { try setCurrentSequence(sequence) }
        return StoreWriteOutcome(sequence: sequence, changed: keys)
    }

    /// The last sequence number handed out (inside or outside a transaction).
    func currentSequence() throws -> UInt64 {
        var last: Int64 = 0
        try connection.run("SELECT last FROM sequence_counter WHERE only = 1", []) { last = $0.int64(0) }
        return UInt64(max(0, last))
    }

    func setCurrentSequence(_ sequence: UInt64) throws {
        try connection.run("UPDATE sequence_counter SET last = ? WHERE only = 1", [.int(Int64(sequence))])
    }

    private func logChange(_ key: RecordKey, sequence: UInt64) throws {
        try connection.run("INSERT INTO changes(sequence, bundle, type, id) VALUES (?, ?, ?, ?)",
                           [.int(Int64(sequence)), .utf8(key.bundle), .utf8(key.type), .utf8(key.id)])
    }

    /// The one bundle of the records a client-state update goes with.
    static func oneBundle(of records: [Record]) throws -> String {
        guard let bundle = records.first?.bundle else {
            throw SpotlightError(.invalidInput, "a client-state update needs at least one record "
                + "to name its bundle; donate with the update or drop the update")
        }
        if let stranger = records.first(where: { $0.bundle != bundle }) {
            throw SpotlightError(.invalidInput, "a donation with client state must be of one bundle; "
                + "\(stranger.key) is not of \(bundle); donate other bundles separately")
        }
        return bundle
    }

    /// Compares the bundle's client state with `update.expected` and stores `update.new`.
    func swapClientState(_ update: ClientStateUpdate, bundle: String) throws {
        if let expected = update.expected {
            let current = try clientState(bundle: bundle)
            guard current == expected else {
                throw SpotlightError(.conflict, "the client state of \(bundle) is not the expected one "
                    + "(expected \(Self.describe(expected)), found \(Self.describe(current))); "
                    + "read the state again and retry")
            }
        }
        try connection.run("INSERT OR REPLACE INTO client_state(bundle, state) VALUES (?, ?)",
                           [.utf8(bundle), .blob(update.new)])
    }

    private static func describe(_ state: Data?) -> String {
        state.map { "\($0.count) bytes" } ?? "no state"
    }

    /// `Record.validate()`'s rules, and a bundle, type and domain the index can hold: a record
    /// the store took but the index could not write would stop every later change reaching it.
    static func validate(_ record: Record) throws {
        try record.validate()
        try RecordDocument.checkTerms(record)
    }

    static func validate(_ selector: DeleteSelector) throws {
        let empty: String? = switch selector {
        case .bundle(let bundle): bundle.isEmpty ? "bundle" : nil
        case .type(let bundle, let type), .ids(let bundle, let type, _):
            bundle.isEmpty ? "bundle" : type.isEmpty ? "type" : nil
        case .domain(let bundle, let domain):
            bundle.isEmpty ? "bundle" : domain.isEmpty ? "domain" : nil
        }
        if let empty {
            throw SpotlightError(.invalidInput, "a deletion with an empty \(empty) selects nothing "
                + "sensible; name the \(empty) to delete from")
        }
    }
}
