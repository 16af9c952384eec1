internal import CXapian
import SpotlightModel

/// A Xapian database handle (local, remote or combined), freed in `deinit`.
/// `subject` names it in error messages, e.g. "the index at /data/index".
final class XapianDatabase {
    let handle: OpaquePointer
    let subject: String

    private init(handle: OpaquePointer, subject: String) {
        self.handle = handle
        self.subject = subject
    }

    deinit { cx_database_destroy(handle) }

    static func open(_ subject: String, _ operation: String,
                             _ body: (UnsafeMutablePointer<OpaquePointer?>, CXErrorOut) -> cx_status) throws -> XapianDatabase {
        var out: OpaquePointer? = nil
        try check(subject, operation) { body(&out, $0) }
        return XapianDatabase(handle: out!, subject: subject)
    }

    static func openWritable(path: String) throws -> XapianDatabase {
        try open("the index at \(path)", "open for writing") { cx_database_open_writable(path, $0, $1) }
    }

    static func openReadOnly(path: String) throws -> XapianDatabase {
        try open("the index at \(path)", "open") { cx_database_open_readonly(path, $0, $1) }
    }

    static func openRemote(host: String, port: Int, timeoutMilliseconds: Int) throws -> XapianDatabase {
        guard (1...65535).contains(port), timeoutMilliseconds >= 0 else {
            throw SpotlightError(.invalidInput, "remote index \(host):\(port): the port must be 1...65535 "
                + "and the timeout not negative")
        }
        let timeout = UInt32(clamping: timeoutMilliseconds)
        return try open("the remote index at \(host):\(port)", "connect") {
            cx_database_open_remote(host, UInt32(port), timeout, timeout, $0, $1)
        }
    }

    static func combined(_ parts: [XapianDatabase]) throws -> XapianDatabase {
        let subject = "the combined index (" + parts.map(\.subject).joined(separator: "; ") + ")"
        let db = try open(subject, "combine") { cx_database_new_combined($0, $1) }
        for part in parts {
            try check(part.subject, "add to a combined index") { cx_database_add_database(db.handle, part.handle, $0) }
        }
        return db
    }

    func replaceDocument(uniqueTerm: String, _ document: XapianDocument) throws {
        try withBytes(uniqueTerm) { term, count in
            try check(subject, "replace a document") {
                cx_database_replace_document(handle, term, count, document.handle, $0)
            }
        }
    }

    func deleteDocuments(term: String) throws {
        try withBytes(term) { bytes, count in
            try check(subject, "delete a document") { cx_database_delete_document(handle, bytes, count, $0) }
        }
    }

    /// Keeps the spelling dictionary in step: takes out the words of the document indexed by
    /// `uniqueTerm` now and puts in those of `document` (nil for a deletion).
    func updateSpelling(uniqueTerm: String, _ document: XapianDocument?) throws {
        try withBytes(uniqueTerm) { term, count in
            try check(subject, "update the spelling dictionary") {
                cx_database_update_spelling(handle, term, count, document?.handle, $0)
            }
        }
    }

    /// Hands the spelling changes ``updateSpelling(uniqueTerm:_:)`` gathered to Xapian, so the
    /// writer's own suggestions see them (a commit does this by itself).
    func flushSpelling() throws {
        try check(subject, "update the spelling dictionary") { cx_database_flush_spelling(handle, $0) }
    }

    /// The words starting with `prefix` in the best `maxDocuments` matches of `query`, with
    /// how many of those matches hold each, most frequent first.
    func completions(of prefix: String, in query: XapianQuery, maxDocuments: UInt32,
                     maxResults: UInt32) throws -> [(word: String, count: Int)] {
        try withBytes(prefix) { bytes, count in
            try countedStrings(subject, "complete a word") {
                cx_database_complete(handle, query.handle, bytes, count, maxDocuments, maxResults, $0, $1, $2)
            }
        }.map { (String(decoding: $0.value, as: UTF8.self), Int($0.count)) }
    }

    func commit() throws {
        try check(subject, "commit") { cx_database_commit(handle, $0) }
    }

    /// Throws away the changes since the last commit, writing nothing (writable only).
    func discardChanges() throws {
        try check(subject, "discard uncommitted changes") { cx_database_discard_changes(handle, $0) }
    }

    func setMetadata(_ key: String, _ value: String) throws {
        try withBytes(value) { bytes, count in
            try check(subject, "set metadata \(key)") { cx_database_set_metadata(handle, key, bytes, count, $0) }
        }
    }

    /// The metadata value, or nil when unset.
    func metadata(_ key: String) throws -> String? {
        var value: UnsafeMutablePointer<CChar>? = nil
        var count = 0
        try check(subject, "read metadata \(key)") { cx_database_get_metadata(handle, key, &value, &count, $0) }
        let bytes = takeBytes(value, count: count)
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }

    /// The metadata keys starting with `prefix`, sorted (of a combined database, its first part's).
    func metadataKeys(withPrefix prefix: String) throws -> [String] {
        try countedStrings(subject, "list metadata \(prefix)") { cx_database_metadata_keys(handle, prefix, $0, $1, $2) }
            .map { String(decoding: $0.value, as: UTF8.self) }
    }

    func documentCount() throws -> Int {
        var count: UInt64 = 0
        try check(subject, "count documents") { cx_database_doccount(handle, &count, $0) }
        return Int(count)
    }

    /// The committed revision this handle reads.
    func revision() throws -> UInt64 {
        var revision: UInt64 = 0
        try check(subject, "read the revision") { cx_database_revision(handle, &revision, $0) }
        return revision
    }

    /// Moves to the latest committed revision; true when it moved.
    func reopen() throws -> Bool {
        var changed: Int32 = 0
        try check(subject, "reopen") { cx_database_reopen(handle, &changed, $0) }
        return changed != 0
    }

    /// Whether any term in the database starts with `prefix`.
    func hasTerm(withPrefix prefix: String) throws -> Bool {
        var found: Int32 = 0
        try withBytes(prefix) { bytes, count in
            try check(subject, "look up terms") { cx_database_has_prefix(handle, bytes, count, &found, $0) }
        }
        return found != 0
    }

    /// How the values of `slot` spread over the documents, known cheaply: nil also when that is
    /// not known without cost or doubt (as ``slotKnownEmpty(_:)``). `lowest`/`highest` bound the
    /// values read as numbers (`sortableSerialise`); no value lies outside them, and a deletion can
    /// leave them looser than the values held.
    ///
    /// ```swift
    /// if let span = try database.slotSpan(.modified), span.valued == span.documents { … }
    /// ```
    func slotSpan(_ slot: ValueSlot) throws -> (documents: UInt64, valued: UInt64, lowest: Double, highest: Double)? {
        var known: Int32 = 0
        var documents: UInt64 = 0, valued: UInt64 = 0
        var lowest = 0.0, highest = 0.0
        try check(subject, "read the value statistics of \(slot)") {
            cx_database_slot_span(handle, slot.rawValue, &known, &documents, &valued, &lowest, &highest, $0)
        }
        return known != 0 ? (documents, valued, lowest, highest) : nil
    }

    /// Whether no document has a value in `slot`, known cheaply: false also when that is not
    /// known without cost or doubt (a writer, a combination holding one, a remote shard).
    func slotKnownEmpty(_ slot: ValueSlot) throws -> Bool {
        var empty: Int32 = 0
        try check(subject, "read the value statistics of \(slot)") { cx_database_slot_known_empty(handle, slot.rawValue, &empty, $0) }
        return empty != 0
    }

    /// How many positions `term` has over all documents (0 for a term without positions).
    func positionCount(term: String) throws -> UInt64 {
        var count: UInt64 = 0
        try withBytes(term) { bytes, length in
            try check(subject, "count the positions of a term") { cx_database_position_count(handle, bytes, length, &count, $0) }
        }
        return count
    }

    /// How many documents hold `term`; for an unprefixed word that is not a CJK n-gram, its
    /// count in the spelling dictionary.
    func termFrequency(_ term: String) throws -> UInt64 {
        var frequency: UInt64 = 0
        try withBytes(term) { bytes, count in
            try check(subject, "look up a term") { cx_database_term_frequency(handle, bytes, count, &frequency, $0) }
        }
        return frequency
    }

    /// The count of `word` in the spelling dictionary (0: not in it).
    func spellingFrequency(_ word: String) throws -> UInt64 {
        var frequency: UInt64 = 0
        try withBytes(word) { bytes, count in
            try check(subject, "look up a spelling") { cx_database_spelling_frequency(handle, bytes, count, &frequency, $0) }
        }
        return frequency
    }

    func close() throws {
        try check(subject, "close") { cx_database_close(handle, $0) }
    }

    /// Xapian's consistency check of the database at `path`: the problems found, the table
    /// they are in and the revision checked.
    static func consistencyCheck(path: String) throws -> IndexCheckReport {
        var errors: UInt64 = 0
        var report: UnsafeMutablePointer<CChar>? = nil
        try check("the index at \(path)", "check") { cx_database_check(path, &errors, &report, $0) }
        let text = report.map { String(cString: $0) } ?? ""
        cx_string_free(report)
        return IndexCheckReport(parsing: text, errorCount: errors)
    }

    /// Allocates `length` bytes of disk past the end of `file` without changing its size.
    ///
    /// - Returns: false when the file system cannot preallocate.
    /// - Throws: `.io` when the disk has no room (ENOSPC) or the file cannot be opened.
    static func reserveSpace(after file: String, length: Int64) throws -> Bool {
        var supported: Int32 = 1
        try check("the index file \(file)", "reserve disk space") {
            cx_reserve_file_space(file, UInt64(max(0, length)), &supported, $0)
        }
        return supported != 0
    }
}
