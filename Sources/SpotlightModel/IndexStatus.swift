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
    /// `ok`, `rebuilding`, or `degraded` (the index is behind and retrying; see `message`).
    public var indexState: String
    public var message: String?
    /// Records indexed so far by a running rebuild, and the total it expects.
    public var rebuildDone: Int?
    public var rebuildTotal: Int?

    public init(counts: [BundleCount], recordCount: Int, documentCount: Int, storeBytes: Int64,
                indexBytes: Int64, storeSequence: UInt64, lastAppliedSequence: UInt64,
                indexState: String, message: String? = nil, rebuildDone: Int? = nil, rebuildTotal: Int? = nil) {
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
    }
}
