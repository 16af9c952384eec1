import Foundation
import SpotlightModel

extension SpotlightEngine {
    /// One page of stored records in key order (bundle, type, id), for export; expired
    /// records are left out, and so are records that do not decode, whose keys the page names
    /// (so an export of a damaged store still gets every other record). Keyset paging: exact
    /// even while records change elsewhere.
    ///
    /// ```swift
    /// var after: RecordKey? = nil
    /// repeat {
    ///     let page = try engine.exportPage(bundle: "com.example.CometCal", type: nil, after: after, limit: 500)
    ///     page.records.forEach { print($0.id) }
    ///     after = page.next
    /// } while after != nil
    /// ```
    /// - Parameter maxBytes: the page ends early, with a `next`, before its records' JSON
    ///   (``Record/jsonBytesBound``) would pass this; a first record larger than it is still
    ///   sent alone. The daemon passes half its frame limit, so the answer fits in a message.
    /// - Returns: the records, the key to continue after (nil on the last page) and the keys
    ///   of the page whose stored records do not decode.
    public func exportPage(bundle: String?, type: String?, after: RecordKey?, limit: Int,
                           maxBytes: Int = .max) throws -> (records: [Record], next: RecordKey?, damaged: [RecordKey]) {
        let size = max(1, limit)
        let now = Date().timeIntervalSince1970
        var records: [Record] = []
        var damaged: [RecordKey] = []
        var last: RecordKey?
        var rows = 0
        var bytes = 0
        var full = false
        try readStore.withLock { store in
            try store.connection.run("""
                SELECT bundle, type, id, json FROM records
                WHERE (?1 IS NULL OR bundle = ?1) AND (?2 IS NULL OR type = ?2)
                  AND (?3 IS NULL OR (bundle, type, id) > (?3, ?4, ?5))
                  AND (expiration IS NULL OR expiration > ?6)
                ORDER BY bundle, type, id LIMIT ?7
                """, [bundle.map(SQLValue.utf8) ?? .null, type.map(SQLValue.utf8) ?? .null,
                      after.map { .utf8($0.bundle) } ?? .null, after.map { .utf8($0.type) } ?? .null,
                      after.map { .utf8($0.id) } ?? .null, .double(now), .int(Int64(size))]) { row in
                guard !full else { return }
                let key = RecordKey(bundle: row.string(0), type: row.string(1), id: row.string(2))
                if let record = try store.unlessDamaged(key, { try store.decodeRecord(row, 3, key: key) }) {
                    bytes += record.jsonBytesBound
                    if bytes > maxBytes, !records.isEmpty {
                        full = true
                        return
                    }
                    rows += 1
                    last = key
                    records.append(record)
                } else {
                    rows += 1
                    last = key
                    damaged.append(key)
                }
            }
        }
        return (records, rows == size || full ? last : nil, damaged)
    }

    /// The keys of a bundle's records last written at or before `sequence`: after an app has
    /// re-donated everything from `sequence` on, these are the records it no longer donates.
    ///
    /// ```swift
    /// let stale = try engine.keys(bundle: "com.example.CometCal", writtenThrough: startSequence)
    /// ```
    public func keys(bundle: String, writtenThrough sequence: UInt64) throws -> [RecordKey] {
        var keys: [RecordKey] = []
        try readStore.withLock { store in
            try store.connection.run("""
                SELECT bundle, type, id FROM records WHERE bundle = ?1 AND sequence <= ?2
                ORDER BY bundle, type, id
                """, [.utf8(bundle), .int(Int64(clamping: sequence))]) { row in
                keys.append(RecordKey(bundle: row.string(0), type: row.string(1), id: row.string(2)))
            }
        }
        return keys
    }

    /// The last sequence number durable in the store.
    public var durableSequence: UInt64 { shared.withLock { $0.durableSequence } }
}
