import Foundation
import SpotlightModel

/// What a document's data holds: the record's JSON, or only its key when the record store
/// beside the index holds the record (the engine's default: no second copy of each record).
///
/// A key is `K` + the unique key's length-prefixed form (`K1:b1:t1:1`); a record is JSON,
/// which starts with `{`, so the two never mix up.
///
/// ```swift
/// let data = try DocumentData.encode(record, .key)      // "K8:org.demo5:Event2:42"
/// try DocumentData.read(Array(data), in: "the index")   // .key(record.key)
/// ```
enum DocumentData {
    /// How a writer stores records. `.record` for an index read without its store (a shard
    /// served by xapian-tcpsrv, a replica): `spotlightd --records-in-index`.
    enum Mode: String, Sendable {
        case record, key
    }

    enum Content {
        case record(Record)
        case key(RecordKey)
    }

    static func encode(_ record: Record, _ mode: Mode) throws -> Data {
        switch mode {
        case .record: return try RecordDocument.encode(record)
        case .key: return Data(("K" + UniqueKey.longForm(of: record.key)).utf8)
        }
    }

    /// The key a document's data holds, or nil for a record's JSON (left unparsed).
    enum KeyOrJSON {
        case key(RecordKey)
        case json
    }

    /// What ``read(_:in:)`` reads, without parsing a record's JSON.
    static func read(keyOf bytes: [UInt8], in subject: String) throws -> KeyOrJSON {
        guard bytes.first == UInt8(ascii: "K") else { return .json }
        guard let key = UniqueKey.parseLongForm(bytes.dropFirst()) else {
            throw SpotlightError(.corrupt, "a document in \(subject) holds an unreadable record key; "
                + "rebuild the index from the record store")
        }
        return .key(key)
    }

    static func read(_ bytes: [UInt8], in subject: String) throws -> Content {
        switch try read(keyOf: bytes, in: subject) {
        case .key(let key): return .key(key)
        case .json: return .record(try RecordDocument.decode(bytes, in: subject))
        }
    }
}

/// Where a search finds the records of hits whose documents hold only keys.
struct RecordLookup {
    /// The stored records among `keys` (any order; missing ones left out).
    var records: ([RecordKey]) throws -> [Record]
    /// The stored JSON text of the records among `keys`, not decoded (missing ones left out).
    var recordJSON: ([RecordKey]) throws -> [RecordKey: [UInt8]]
    /// - Parameter recordJSON: nil: each record's JSON as the store writes it, from `records`.
    init(records: @escaping ([RecordKey]) throws -> [Record],
         recordJSON: (([RecordKey]) throws -> [RecordKey: [UInt8]])? = nil,
         mustFind: @escaping (RecordKey) -> Bool = { _ in false }) {
        self.records = records
        self.recordJSON = recordJSON ?? { keys in
            Dictionary(try records(keys).map { ($0.key, Array(try StoredJSON.encode($0))) }, uniquingKeysWith: { first, _ in first })
        }
        self.mustFind = mustFind
    }

    /// Whether a key the lookup does not find is an error (the key of a shard's record: the
    /// shard's documents hold only keys) rather than a hit to skip (a record deleted after the
    /// revision being searched).
    var mustFind: (RecordKey) -> Bool
}
