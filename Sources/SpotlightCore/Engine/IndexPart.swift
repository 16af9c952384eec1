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
    /// in-memory buffers merge faster than one large one. Measured on the package corpus
    /// (63,697 records, embedded import, 2 cores, documents holding keys only): 250: 11.2 s,
    /// 500: 11.2 s, 600: 10.8 s, 700: 10.5 s, 800: 10.9 s, 1000: 10.9 s, 2000: 11.6 s,
    /// 4000: 12.7 s, 8000: 14.3 s (medians); the daemon 11.4 s at 700 against 12.7 s at 2000.
    /// Libxapian's buffer of postings is a tree keyed by term; a small one stays in the caches.
    static let commitEvery = 700

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
                    try database.replaceDocument(uniqueTerm: term, document)
                }
            } else if held.remove(change.key) != nil {
                try database.deleteDocuments(term: term)
            }
            uncommitted += 1
            if uncommitted >= Self.commitEvery { try commit() }
        }
    }

    /// Commits what is left, makes the part's spelling dictionary and closes the part, ready
    /// to be merged.
    func finish() throws {
        try commit()
        try makeSpellingDictionary()
        try database.close()
    }

    /// Spelling words written per commit while the dictionary is made: Xapian holds each
    /// word's fragments in memory until the commit.
    static let spellingWordsPerCommit: UInt32 = 20_000

    /// The part's spelling dictionary, from the terms of the documents it holds once they are
    /// all written: each word counted as often as documents hold it, which is what counting
    /// each document's words as it is added gives, without a count per word per document and
    /// a dictionary update per word at every commit (6% of an import's CPU, profiled on the
    /// package corpus).
    private func makeSpellingDictionary() throws {
        var after: [UInt8] = []
        while true {
            let next = try database.spellFromTerms(after: after, maxWords: Self.spellingWordsPerCommit)
            try commit()
            guard next.more else { return }
            after = next.last
        }
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
