import Foundation
internal import CXapian
import SpotlightModel

/// The bulk path's calls (see ``IndexPart`` and `SpotlightEngine+BulkIndex.swift`).
extension XapianDatabase {
    /// Creates (or empties) a scratch database at `path` for one part of a bulk build: its
    /// commits are not fsynced, since a part counts only once it is merged.
    ///
    /// - Parameter plainTags: libxapian stores the part's tags uncompressed, and the merge
    ///   keeps them so: about 10% less CPU to build, about 12% more index on
    ///   disk (`Sources/CXapian/cxapian_deflate.cpp`). For parts whose documents hold keys only.
    static func openScratch(path: String, plainTags: Bool) throws -> XapianDatabase {
        try open("the index part at \(path)", "create") { cx_database_open_scratch(path, plainTags ? 1 : 0, $0, $1) }
    }

    /// Adds `document` as a new document, with no lookup of its key: the caller knows no
    /// document holds it. Its words do not go into the spelling dictionary: a part's
    /// dictionary is made from its terms once it is written (``spellFromTerms(after:maxWords:)``).
    func addNewDocument(_ document: XapianDocument) throws {
        try check(subject, "add a document") { cx_database_add_new_document(handle, document.handle, $0) }
    }

    /// Adds to the spelling changes of the next commit up to `maxWords` spelling words among
    /// the terms after `after` (empty: from the first), each counted as often as documents
    /// hold it, which is the count adding each document's words one by one gives. Returns the
    /// last term looked at (the next call's `after`) and whether any term is left.
    ///
    /// ```swift
    /// var next = try part.spellFromTerms(after: [], maxWords: 20_000)
    /// while next.more { try part.commit(); next = try part.spellFromTerms(after: next.last, maxWords: 20_000) }
    /// ```
    func spellFromTerms(after: [UInt8], maxWords: UInt32) throws -> (last: [UInt8], more: Bool) {
        var last: UnsafeMutablePointer<CChar>? = nil
        var count = 0
        var more: Int32 = 0
        let terminated = after.map { CChar(bitPattern: $0) } + [0]   // never empty: a base address
        try terminated.withUnsafeBufferPointer { bytes in
            try check(subject, "make the spelling dictionary") {
                cx_database_spell_from_terms(handle, bytes.baseAddress!, after.count, maxWords, &last, &count, &more, $0)
            }
        }
        return (takeBytes(last, count: count), more != 0)
    }

    /// Merges the databases at `sources`, in order, into a new compacted database at
    /// `destination`: each source's documents follow the previous source's, spelling tables
    /// are summed and every source's metadata keys are kept.
    ///
    /// ```swift
    /// try XapianDatabase.merge(["/data/index.3", "/data/index.build/part-0"], into: "/data/index.4", plainTags: true)
    /// ```
    ///
    /// - Parameter plainTags: keep the sources' uncompressed tags so (parts opened with
    ///   `plainTags`), rather than compress them here, on one thread.
    static func merge(_ sources: [String], into destination: String, plainTags: Bool) throws {
        var pointers = sources.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        let subject = "the index at \(destination)"
        try pointers.withUnsafeMutableBufferPointer { buffer in
            try buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) { sources in
                try check(subject, "merge \(sources.count) databases into") {
                    cx_database_merge(sources.baseAddress, sources.count, destination, plainTags ? 1 : 0, $0)
                }
            }
        }
    }

    /// Deletes the document with the lowest id holding `term`, taking its words out of the
    /// spelling dictionary: after a merge, the superseded version of a key the older source
    /// held. Returns whether there was one.
    @discardableResult
    func deleteFirstDocument(term: String) throws -> Bool {
        var deleted: Int32 = 0
        try withBytes(term) { bytes, count in
            try check(subject, "delete a superseded document") {
                cx_database_delete_first_document(handle, bytes, count, &deleted, $0)
            }
        }
        return deleted != 0
    }
}
