/// What a consistency check of a data directory found: Xapian's check of the active index
/// and the record store's integrity check. The engine makes it
/// (`SpotlightEngine.checkConsistency()`), spotlightd sends it as the result of `check`, and
/// spotlightctl reads it back: one type on every side.
///
/// ```swift
/// let report: ConsistencyReport = try await daemon.call(.check, [String: String]())
/// if !report.ok { print(report.indexProblems + report.storeProblems) }
/// ```
public struct ConsistencyReport: Codable, Hashable, Sendable {
    public var indexPath: String
    /// Xapian's check of the active index, plus a count mismatch with the store; empty when sound.
    public var indexProblems: [String]
    public var storePath: String
    /// The record store's integrity check; empty when sound.
    public var storeProblems: [String]
    public var documentCount: Int
    public var recordCount: Int
    /// The keys among `storeProblems` whose stored record does not decode: they are left out
    /// of the index and of answers, and donating them again mends them. Nil when none.
    public var damagedRecords: [RecordKey]?

    /// No problem found in either, and the index holds one document per stored record.
    public var ok: Bool { indexProblems.isEmpty && storeProblems.isEmpty }

    public init(indexPath: String, indexProblems: [String], storePath: String, storeProblems: [String],
                documentCount: Int, recordCount: Int) {
        self.indexPath = indexPath
        self.indexProblems = indexProblems
        self.storePath = storePath
        self.storeProblems = storeProblems
        self.documentCount = documentCount
        self.recordCount = recordCount
    }
}
