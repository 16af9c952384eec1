/// What the engine reports about its record store and search index.
public struct IndexStatus: Codable, Hashable, Sendable {
    /// Records per bundle and type, from the record store (the source of truth).
    public var counts: [BundleCount]
    public var recordCount: Int
    /// Documents in the active search index.
    public var documentCount: Int
    public var storeBytes: Int64
    public var indexBytes: Int64
    /// The last sequence number durable in the record store.
    public var storeSequence: UInt64
    /// The last sequence number committed to the search index.
    public var lastAppliedSequence: UInt64
    /// `ok`, `rebuilding`, `compacting` (a compaction, automatic or asked for, is running; answers
    /// are unaffected), or `degraded` (the index is behind and retrying; see `message`).
    public var indexState: String
    public var message: String?
    /// Records indexed so far by a running rebuild, and the total it expects.
    public var rebuildDone: Int?
    public var rebuildTotal: Int?
    /// While the index catches up in bulk (an import): the changes built into parts so far,
    /// and those the store held when it began (it takes those that arrive meanwhile too).
    /// Nil otherwise, and from a daemon that does not report them.
    public var bulkDone: Int?
    public var bulkTotal: Int?
    /// Index generations found corrupt and kept for a look, newest first (at most
    /// ``CorruptIndexCopy/kept``); the index was rebuilt from the store each time. Nil from a
    /// daemon that does not report them.
    public var corruptIndexes: [CorruptIndexCopy]?

    public init(counts: [BundleCount], recordCount: Int, documentCount: Int, storeBytes: Int64,
                indexBytes: Int64, storeSequence: UInt64, lastAppliedSequence: UInt64,
                indexState: String, message: String? = nil, rebuildDone: Int? = nil, rebuildTotal: Int? = nil,
                bulkDone: Int? = nil, bulkTotal: Int? = nil, corruptIndexes: [CorruptIndexCopy]? = nil) {
        self.counts = counts
        self.recordCount = recordCount
        self.documentCount = documentCount
        self.storeBytes = storeBytes
        self.indexBytes = indexBytes
        self.storeSequence = storeSequence
        self.lastAppliedSequence = lastAppliedSequence
        self.indexState = indexState
        self.message = message
        self.rebuildDone = rebuildDone
        self.rebuildTotal = rebuildTotal
        self.bulkDone = bulkDone
        self.bulkTotal = bulkTotal
        self.corruptIndexes = corruptIndexes
    }
}

/// An index generation found corrupt, moved aside and kept for a look, and what was wrong
/// with it: which table, at which revision.
///
/// ```swift
/// for copy in status.corruptIndexes ?? [] {
///     print("\(copy.table ?? "?") table at revision \(copy.revision.map(String.init) ?? "?"): \(copy.path)")
/// }
/// ```
public struct CorruptIndexCopy: Codable, Hashable, Sendable {
    /// How many copies a data directory keeps; older ones are removed.
    public static let kept = 2

    /// Where the copy is (`<data>/index.<n>.corrupt-<time>`).
    public var path: String
    /// The table the damage was found in (`spelling`, `postlist`, ...), nil when unknown.
    public var table: String?
    /// The committed revision of the index that was found corrupt, nil when unknown.
    public var revision: UInt64?
    /// What was found, e.g. Xapian's check's first problems.
    public var problem: String
    /// When it was moved aside (ISO 8601, UTC).
    public var movedAt: String

    public init(path: String, table: String?, revision: UInt64?, problem: String, movedAt: String) {
        self.path = path
        self.table = table
        self.revision = revision
        self.problem = problem
        self.movedAt = movedAt
    }
}
