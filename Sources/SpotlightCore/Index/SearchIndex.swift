import Foundation
import SpotlightModel

/// The search index: a Xapian database derived from the record store, written by one
/// applier and searched by many readers.
///
/// Not Sendable: one thread at a time uses an instance, and the compiler holds callers to it
/// (the engine keeps its writer on one queue and hands readers over with ``Handoff``).
///
/// ```swift
/// let index = try SearchIndex.openWritable(path: "/data/index")
/// try index.replace([record])
/// try index.commit(lastAppliedSequence: 42)
/// let result = try index.search(SearchQuery(text: "supern"), now: Date())
/// ```
public final class SearchIndex {
    /// The version of ``TermSchema``; a different stored version means rebuild.
    public static let schemaVersion: Int = TermSchema.schemaVersion

    /// Internal so tests can plant metadata (e.g. an old schema version).
    let handle: XapianDatabase
    private var isClosed = false
    /// The writer's slot registry, loaded at its first write or search; kept in step by ``replace(_:)-(_)``.
    private var writerSlots: PropertySlots?
    /// The slot registry searches use instead of the database's own: a shard front's combined
    /// database reads metadata from its first part only, so the front merges every part's.
    var givenSlots: PropertySlots?
    /// A reader's property slot table for the revision it has open; dropped when it reopens.
    private var readerSlots: PropertySlots?
    /// A reader's stemmed languages for the revision it has open; dropped when it reopens.
    private var readerLanguages: Set<String>?
    /// Why property slot keys met since the last ``takeSlotRefusals()`` were refused (a
    /// hash collision): their values are searchable as text but not sorted, ranged or faceted.
    private var slotRefusals: [String] = []
    /// The directory to fsync after a commit; nil for a read-only index.
    private let writablePath: String?
    /// Room on disk for the next commit (writable only); see ``IndexSpaceReserve``.
    var spaceReserve: IndexSpaceReserve?
    /// Documents replaced or deleted since the last commit.
    public private(set) var pendingChanges = 0
    /// The pending changes the disk space was last reserved for (0 after a commit): a search
    /// reserves again only when more changes are pending than that.
    private var reservedPendingChanges = 0

    /// What new documents' data holds; ``DocumentData/Mode/record`` unless the record store
    /// beside the index is the lookup for hits (the engine's default is keys).
    var documentData: DocumentData.Mode = .record
    /// Where a search reads the records of documents holding only keys.
    var recordLookup: RecordLookup?

    /// Documents replaced or deleted in commits since the index was made by compaction (or
    /// created); nil until read from the metadata at the first commit. Set it to 0 on a
    /// freshly compacted index.
    var changesSinceCompaction: UInt64?
    /// The language of records that name none (see ``LanguageSettings``); a writer stores
    /// them in ``TermSchema/Metadata/languageSettings`` at every commit.
    public var languageSettings = LanguageSettings()
    /// The writer's stemmed languages (``TermSchema/Metadata/languages``), loaded at the first write.
    private var writerLanguages: Set<String>?
    /// Primary subtags the writer met that Xapian has no stemmer for (not looked up again).
    private var writerUnstemmed: Set<String> = []

    /// Commit at least this often: past 10 000 pending changes libxapian commits by itself
    /// inside a replace, without the disk space reserved first.
    public static let maximumPendingChanges = 5000

    init(database: XapianDatabase, writablePath: String?) {
        self.handle = database
        self.writablePath = writablePath
        self.spaceReserve = writablePath.map { IndexSpaceReserve(directory: $0) }
    }

    /// Creates or opens the local database at `path` for writing. Fails fast (.locked) if another writer holds it.
    ///
    /// - Parameter languages: the language of records that name none.
    /// - Throws: `.locked` naming the path when another writer holds it; `.corrupt` when the
    ///   path holds something that is not a Xapian database; `.io` when it cannot be created.
    public static func openWritable(path: String, languages: LanguageSettings = LanguageSettings()) throws -> SearchIndex {
        let index = SearchIndex(database: try .openWritable(path: path), writablePath: path)
        index.languageSettings = languages
        return index
    }

    /// Opens `path` for writing documents whose data holds `documentData`.
    static func openWritable(path: String, documentData: DocumentData.Mode,
                             languages: LanguageSettings) throws -> SearchIndex {
        let index = try openWritable(path: path, languages: languages)
        index.documentData = documentData
        return index
    }

    /// Opens `spec` for searching only.
    ///
    /// - Throws: `.notFound`/`.corrupt` for a local path without a sound database,
    ///   `.unavailable`/`.timeout` for a remote one that does not answer.
    public static func openReadOnly(_ spec: DatabaseSpec) throws -> SearchIndex {
        SearchIndex(database: try spec.openReadOnly(), writablePath: nil)
    }

    /// Adds each record, or replaces the one with the same key. Not committed.
    ///
    /// - Throws: `.invalidInput` when a bundle, type or domain is too long to index.
    public func replace(_ records: [Record]) throws {
        try replace(records.map { DonatedRecord($0, donated: nil) })
    }

    /// Adds or replaces each record; its donation time stands in for a missing `modified`
    /// date in the recency boost. Not committed.
    ///
    /// ```swift
    /// try index.replace([DonatedRecord(record, donated: Date())])
    /// ```
    /// - Throws: `.invalidInput` when a bundle, type or domain is too long to index.
    public func replace(_ records: [DonatedRecord]) throws {
        let database = try self.database
        var slots = try writerSlots ?? PropertySlots.load(from: database)
        defer { writerSlots = slots }
        for donated in records {
            for refusal in try slots.register(PropertySlots.values(of: donated.record).map(\.key), in: database) {
                slotRefusals.append("property slot \(refusal.key) refused: \(refusal.reason)")
            }
        }
        let languages = try records.map { try noteLanguage(languageSettings.language(of: $0.record), in: database) }
        let documents = try DocumentBuilder.build(records, languages: languages, slots: slots, data: documentData)
        for (donated, document) in zip(records, documents) {
            let key = UniqueKey.term(for: donated.record.key)
            try database.updateSpelling(uniqueTerm: key, document)
            try database.replaceDocument(uniqueTerm: key, document)
            pendingChanges += 1
        }
    }

    /// After a merge with parts of a bulk build (``XapianDatabase/merge(_:into:)``): deletes the
    /// superseded document of each key (the lowest document id holding it: the older source's)
    /// and writes the build's metadata entries and languages. Not committed.
    ///
    /// - Parameters:
    ///   - keys: the keys the build changed that the first source held.
    ///   - metadata: the slot registry entries the build registered (key, value).
    ///   - languages: the language tags of the build's records.
    func settleMerge(superseded keys: [RecordKey], metadata: [(String, String)], languages: Set<String>) throws {
        let database = try self.database
        for key in keys where try database.deleteFirstDocument(term: UniqueKey.term(for: key)) {
            pendingChanges += 1
        }
        for (key, value) in metadata { try database.setMetadata(key, value) }
        for tag in languages.sorted() { _ = try noteLanguage(tag, in: database) }
        writerSlots = nil
    }

    /// The slot refusals since the last call, each a sentence for the log; empty almost always.
    ///
    /// ```swift
    /// for line in index.takeSlotRefusals() { log(.warning, "\(line)") }
    /// ```
    public func takeSlotRefusals() -> [String] {
        defer { slotRefusals = [] }
        return slotRefusals
    }

    /// Adds a stemmed language to ``TermSchema/Metadata/languages`` the first time the writer
    /// meets it, and ``Languages/unstemmed`` the first time it meets one without a stemmer
    /// (committed with the records); returns the tag to index in.
    private func noteLanguage(_ tag: String, in database: XapianDatabase) throws -> String {
        var known = try writerLanguages ?? Languages.decode(database.metadata(TermSchema.Metadata.languages))
        defer { writerLanguages = known }
        let primary = Languages.primary(tag)
        guard !known.contains(primary), !writerUnstemmed.contains(primary) else { return tag }
        let stemmed = Languages.hasStemmer(primary)
        if !stemmed { writerUnstemmed.insert(primary) }
        if known.insert(stemmed ? primary : Languages.unstemmed).inserted {
            try database.setMetadata(TermSchema.Metadata.languages, Languages.encode(known))
        }
        return tag
    }

    /// The language settings stored by the last commit (``TermSchema/Metadata/languageSettings``);
    /// English for an index committed before they were stored.
    public func storedLanguageSettings() throws -> LanguageSettings {
        try LanguageSettings.decode(database.metadata(TermSchema.Metadata.languageSettings))
    }

    /// The stemmed languages the index holds, and ``Languages/unstemmed`` when it holds text in
    /// a language without a stemmer (``TermSchema/Metadata/languages``).
    func storedLanguages() throws -> Set<String> {
        Languages.decode(try database.metadata(TermSchema.Metadata.languages))
    }

    /// Deletes the records with these keys; missing keys are fine. Not committed.
    public func delete(_ keys: [RecordKey]) throws {
        for key in keys {
            let term = UniqueKey.term(for: key)
            try database.updateSpelling(uniqueTerm: term, nil)
            try database.deleteDocuments(term: term)
            pendingChanges += 1
        }
    }

    /// Stores `lastAppliedSequence` in metadata and commits in the same commit, then fsyncs the database directory.
    ///
    /// Disk space for the commit is reserved first; when the disk cannot give it, nothing is
    /// written, the changes stay pending and this throws `.io`.
    ///
    /// ```swift
    /// try index.commit(lastAppliedSequence: change.sequence)
    /// ```
    public func commit(lastAppliedSequence: UInt64) throws {
        guard let writablePath, var reserve = spaceReserve else {
            throw SpotlightError(.invalidInput, "\(handle.subject) is open read-only; open it writable to commit")
        }
        let database = try self.database
        try reserve.prepare(pendingChanges: pendingChanges, documentCount: try database.documentCount())
        spaceReserve = reserve
        try database.setMetadata(TermSchema.Metadata.lastAppliedSequence, String(lastAppliedSequence))
        try database.setMetadata(TermSchema.Metadata.schemaVersion, String(Self.schemaVersion))
        try database.setMetadata(TermSchema.Metadata.documentData, documentData.rawValue)
        let changes = try changesSinceCompaction ?? storedNumber(TermSchema.Metadata.changesSinceCompaction) ?? 0
        try database.setMetadata(TermSchema.Metadata.changesSinceCompaction, String(changes + UInt64(pendingChanges)))
        try database.setMetadata(TermSchema.Metadata.languageSettings, languageSettings.encoded)
        try database.commit()
        changesSinceCompaction = changes + UInt64(pendingChanges)
        pendingChanges = 0
        reservedPendingChanges = 0
        spaceReserve?.committed()
        try fsyncDirectory(writablePath)
    }

    /// Whether this writable index's disk is so nearly full that its next commit (or a
    /// search of its pending changes) must not run beside other writers to the same disk
    /// (see ``IndexSpaceReserve/isNearlyFull(pendingChanges:)``); false for a read-only index.
    public var diskIsNearlyFull: Bool { spaceReserve?.isNearlyFull(pendingChanges: pendingChanges) ?? false }

    /// Reserves disk space before a writer's uncommitted changes are searched: reading value
    /// slots with changes pending makes libxapian merge them into its tables, which writes
    /// (and can end the process on a full disk; see ``IndexSpaceReserve``).
    ///
    /// - Throws: `.io` when the disk cannot give the room; search a committed reader instead.
    public func prepareToReadPendingChanges() throws {
        guard pendingChanges > reservedPendingChanges, var reserve = spaceReserve else { return }
        try reserve.prepare(pendingChanges: pendingChanges, documentCount: try database.documentCount())
        spaceReserve = reserve
        reservedPendingChanges = pendingChanges
    }

    /// Throws away every change since the last commit, writing nothing.
    public func discardUncommitted() throws {
        try database.discardChanges()
        writerSlots = nil
        writerLanguages = nil
        pendingChanges = 0
        reservedPendingChanges = 0
    }

    /// The sequence number stored by the last ``commit(lastAppliedSequence:)``; 0 when never set.
    public func lastAppliedSequence() throws -> UInt64 {
        try storedNumber(TermSchema.Metadata.lastAppliedSequence).map { UInt64($0) } ?? 0
    }

    /// What the documents' data holds, as the last commit recorded it; nil for a fresh database.
    func storedDocumentData() throws -> DocumentData.Mode? {
        try database.metadata(TermSchema.Metadata.documentData).flatMap(DocumentData.Mode.init(rawValue:))
    }

    /// The schema version stored by the last commit; nil for a fresh database.
    public func storedSchemaVersion() throws -> Int? {
        try storedNumber(TermSchema.Metadata.schemaVersion).map { Int($0) }
    }

    private func storedNumber(_ key: String) throws -> UInt64? {
        guard let text = try database.metadata(key) else { return nil }
        guard let number = UInt64(text) else {
            throw SpotlightError(.corrupt, "\(handle.subject) has metadata \(key)=\(text), not a number; "
                + "rebuild the index from the record store")
        }
        return number
    }

    /// Searches. On a writable index this sees uncommitted changes, but not reliably: once a
    /// document was deleted, libxapian 1.4 misses uncommitted documents in a search that
    /// skips through postings (a bundle filter, an AND) when a term's postings fill several
    /// chunks; commit first when the answer must hold them (docs/hardening.md; the engine does).
    /// A reader invalidated by a commit (DatabaseModifiedError) reopens and retries once inside.
    ///
    /// - Parameters:
    ///   - query: text in the language of docs/query.md, a scope and a page.
    ///   - now: records whose expiration is at or before `now` are never returned.
    ///   - synonyms: bundle -> its synonym table; a query word also finds that bundle's
    ///     records holding a synonym of it.
    /// - Throws: `.invalidInput` for text that is too long or cannot be parsed even as plain words.
    public func search(_ query: SearchQuery, now: Date, synonyms: [String: SynonymTable] = [:]) throws -> SearchResult {
        try searchPage(query, now: now, synonyms: synonyms, recordsAsJSON: false).result
    }

    /// ``search(_:now:synonyms:)`` whose hits keep their records as the stored JSON text, not
    /// decoded (``SearchRun/recordsAsJSON``): what a reply over the socket carries as it is.
    /// The hits' records are placeholders; `recordJSON[i]` is hit `i`'s record.
    ///
    /// - Throws: as ``search(_:now:synonyms:)``; `.internal` for a query with snippets or
    ///   explanations, which read the records.
    func searchKeepingRecordJSON(_ query: SearchQuery, now: Date,
                                 synonyms: [String: SynonymTable] = [:]) throws -> (result: SearchResult, recordJSON: [[UInt8]]) {
        let page = try searchPage(query, now: now, synonyms: synonyms, recordsAsJSON: true)
        return (page.result, page.recordJSON)
    }

    private func searchPage(_ query: SearchQuery, now: Date, synonyms: [String: SynonymTable],
                            recordsAsJSON: Bool) throws -> SearchRun.Page {
        guard query.offset >= 0, query.limit >= 0 else {
            throw SpotlightError(.invalidInput, "offset and limit must not be negative "
                + "(got offset \(query.offset), limit \(query.limit))")
        }
        try prepareToReadPendingChanges()
        if pendingChanges > 0 { try database.flushSpelling() }
        do {
            return try searchOnce(query, now: now, synonyms, recordsAsJSON)
        } catch let error as SpotlightError where error.code == .conflict {
            _ = try reopen()
            return try searchOnce(query, now: now, synonyms, recordsAsJSON)
        }
    }

    private func searchOnce(_ query: SearchQuery, now: Date, _ synonyms: [String: SynonymTable],
                            _ recordsAsJSON: Bool) throws -> SearchRun.Page {
        var run = SearchRun(database: try database, slots: try searchSlots(), synonyms: synonyms, lookup: recordLookup)
        run.languages = try searchLanguages()
        run.recordsAsJSON = recordsAsJSON
        if query.snippets != nil {   // only snippets need a record's language at search time
            run.languageSettings = writablePath == nil ? try storedLanguageSettings() : languageSettings
        }
        return try run.runPage(query, now: now)
    }

    /// The property slot table for a search. A reader's revision is fixed until it reopens,
    /// so it decodes the table once per revision; the writer's may change with every write.
    private func searchSlots() throws -> PropertySlots {
        if let givenSlots { return givenSlots }
        guard writablePath == nil else {
            if writerSlots == nil { writerSlots = try PropertySlots.load(from: try database) }
            return writerSlots!
        }
        if let readerSlots { return readerSlots }
        let loaded = try PropertySlots.load(from: try database)
        readerSlots = loaded
        return loaded
    }

    /// The stemmed languages for a search: a reader reads them once per revision, the writer
    /// at every search (each write may add one).
    private func searchLanguages() throws -> Set<String> {
        guard writablePath == nil else { return try storedLanguages() }
        if let readerLanguages { return readerLanguages }
        let stored = try storedLanguages()
        readerLanguages = stored
        return stored
    }

    /// Moves a reader to the latest committed revision.
    ///
    /// - Returns: true when it moved to a newer revision.
    @discardableResult public func reopen() throws -> Bool {
        readerSlots = nil
        readerLanguages = nil
        return try database.reopen()
    }

    /// The number of records in the index (expired ones not yet deleted included).
    public func documentCount() throws -> Int { try database.documentCount() }

    /// Xapian's consistency check of the database at `path`; empty when sound.
    ///
    /// ```swift
    /// let problems = try SearchIndex.check(path: "/data/index")   // [] when sound
    /// ```
    public static func check(path: String) throws -> [String] { try checkReport(path: path).problems }

    /// Xapian's consistency check of the database at `path`, with the table and revision the
    /// first problem is in.
    static func checkReport(path: String) throws -> IndexCheckReport { try XapianDatabase.consistencyCheck(path: path) }

    /// Closes the database (a writer's uncommitted changes are discarded, never committed,
    /// and its lock is released).
    /// Any later call throws `.invalidInput`.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        try? handle.close()
    }

    /// The open database, or `.invalidInput` after ``close()``.
    private var database: XapianDatabase {
        get throws {
            guard !isClosed else {
                throw SpotlightError(.invalidInput, "\(handle.subject) is closed; open it again to use it")
            }
            return handle
        }
    }
}
