import Foundation
import SpotlightModel

// The params and results of spotlightd's maintenance methods (export, check, compact,
// cancelRebuild), used by spotlightctl. docs/protocol.md documents each with an example.

/// `export`: one page of stored records in key order (bundle, type, id); expired records
/// are left out. Page on with `after` = the previous page's `next` until `next` is nil.
/// Unknown members are refused (`"limt": 5` is an error, not a page of the default 1000).
///
/// ```json
/// {"jsonrpc":"2.0","id":1,"method":"export","params":{"bundle":"com.example.CometCal","limit":500}}
/// ```
public struct ExportParams: Codable, Sendable {
    public var bundle: String?
    public var type: String?
    /// Start after this key (nil: from the first record).
    public var after: RecordKey?
    /// 1...10000; default 1000.
    public var limit: Int
    public init(bundle: String? = nil, type: String? = nil, after: RecordKey? = nil, limit: Int = 1000) {
        self.bundle = bundle
        self.type = type
        self.after = after
        self.limit = limit
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case bundle, type, after, limit }

    public init(from decoder: any Decoder) throws {
        try refuseUnknownMembers(decoder, known: CodingKeys.allCases.map(\.rawValue), method: "export")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        bundle = try c.decodeIfPresent(String.self, forKey: .bundle)
        type = try c.decodeIfPresent(String.self, forKey: .type)
        after = try c.decodeIfPresent(RecordKey.self, forKey: .after)
        limit = try c.decodeIfPresent(Int.self, forKey: .limit) ?? 1000
    }
}

public struct ExportResult: Codable, Sendable {
    public var records: [Record]
    /// The key to pass as `after` for the next page; nil on the last page.
    public var next: RecordKey?
    /// The keys of this page whose stored records do not decode, left out of `records`; nil
    /// when none.
    public var damaged: [RecordKey]?
    public init(records: [Record], next: RecordKey?, damaged: [RecordKey]? = nil) {
        self.records = records
        self.next = next
        self.damaged = damaged
    }
}

// `check` answers a `ConsistencyReport` (SpotlightModel), the engine's own report.

/// `compact`: the index compacted into a fresh generation and swapped in like a rebuild.
public struct CompactResult: Codable, Sendable {
    public var bytesBefore: Int64
    public var bytesAfter: Int64
    public var seconds: Double
    public var sequence: UInt64
    public init(bytesBefore: Int64, bytesAfter: Int64, seconds: Double, sequence: UInt64) {
        self.bytesBefore = bytesBefore
        self.bytesAfter = bytesAfter
        self.seconds = seconds
        self.sequence = sequence
    }
}

/// `cancelRebuild`: stops a running rebuild; the old index stays in place.
public struct CancelRebuildResult: Codable, Sendable {
    /// false when no rebuild was running.
    public var cancelled: Bool
    public init(cancelled: Bool) { self.cancelled = cancelled }
}

/// What `rebuild` with `from: "apps"` did for one app.
public struct AppReindexReport: Codable, Sendable, Hashable {
    public var bundle: String
    /// Records the app donated again.
    public var redonated: Int
    /// Records of the bundle it no longer donates, removed afterwards.
    public var removed: Int
    /// Why the app failed (nothing was removed then); nil on success.
    public var error: String?
    public init(bundle: String, redonated: Int, removed: Int, error: String? = nil) {
        self.bundle = bundle
        self.redonated = redonated
        self.removed = removed
        self.error = error
    }
}
