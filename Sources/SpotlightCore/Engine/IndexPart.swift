import Foundation
import SpotlightModel

/// One part of a bulk build: a scratch database that one thread fills with the documents of
/// the records whose keys fall to it, later merged with the live index by compaction (see
/// `SpotlightEngine+BulkIndex.swift`). Every key falls to one part, so a key changed twice in
/// one build is replaced in its part, never held by two.
///
/// Not Sendable: the bulk build keeps each part in a `Mutex` and uses it on one queue.
///
/// ```swift
/// let part = try IndexPart(path: "/data/index.build/part-0", data: .key, languages: settings)
/// try part.apply([change], slots: registry)
/// try part.finish()
/// ```
final class IndexPart {
    /// The part commits (into its own files, without fsync) every this many changes: smaller
    /// in-memory buffers merge faster than one large one (measured, see the bulk build).
    static let commitEvery = 2000

    let path: String
    private let database: XapianDatabase
    private let data: DocumentData.Mode
    private let languages: LanguageSettings
    /// The keys this part holds a document of.
    private var held: Set<RecordKey> = []
    private var uncommitted = 0
    /// Room on disk for each commit, as the live index keeps it (``IndexSpaceReserve``): a
    /// commit that meets a full disk can end the process inside libxapian.
    private var reserve: IndexSpaceReserve

    /// Whether parts (and their merge) leave libxapian's tags uncompressed: when documents hold
    /// keys only, the termlists are the bulk of what would be compressed, and writing them plain
    /// is cheaper; records in the index (a shard's) keep their data compressed.
    static func plainTags(_ data: DocumentData.Mode) -> Bool { data == .key }

    init(path: String, data: DocumentData.Mode, languages: LanguageSettings) throws {
        self.path = path
        self.data = data
        self.languages = languages
        database = try .openScratch(path: path, plainTags: Self.plainTags(data))
        reserve = IndexSpaceReserve(directory: path)
    }

    /// Applies changes in order: a record adds its document (or replaces this part's earlier
    /// one of its key); a deletion removes this part's document of the key, if any.
    ///
    /// - Parameter slots: the build's slot registry, every key of these records registered.
    func apply(_ changes: [StoreChange], slots: PropertySlots) throws {
        for change in changes {
            let term = UniqueKey.term(for: change.key)
            if let record = change.record {
                let document = try RecordDocument.make(record, donated: change.donated, slots: slots,
                                                       language: languages.language(of: record), data: data)
                if held.insert(change.key).inserted {
                    try database.addNewDocument(document)
                } else {
                    try database.updateSpelling(uniqueTerm: term, document)
                    try database.replaceDocument(uniqueTerm: term, document)
                }
            } else if held.remove(change.key) != nil {
                try database.updateSpelling(uniqueTerm: term, nil)
                try database.deleteDocuments(term: term)
            }
            uncommitted += 1
            if uncommitted >= Self.commitEvery { try commit() }
        }
    }

    /// Commits what is left and closes the part, ready to be merged.
    func finish() throws {
        try commit()
        try database.close()
    }

    /// Commits with disk space reserved first.
    ///
    /// - Throws: `.io` when the disk cannot give the room (the bulk build is then given up).
    private func commit() throws {
        try reserve.prepare(pendingChanges: uncommitted, documentCount: try database.documentCount())
        try database.commit()
        reserve.committed()
        uncommitted = 0
    }
}
