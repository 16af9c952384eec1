import Foundation
internal import CXapian
import SpotlightModel

/// The index's catch-up in bulk: when the store is far ahead of the index (an import, a large
/// donation, a start after a crash in the middle of one), the writer builds the missing
/// documents in parts on every core and merges them with the live index into a new compacted
/// generation (``BulkBuild``), instead of adding them one by one. Queries are answered from
/// the live index until the swap, as for a rebuild; a kill at any moment leaves the live index
/// as it was, and the next start catches up again from the store.
extension SpotlightEngine {
    /// Changes read from the change log at a time.
    static let bulkChunk = 2000
    /// A bulk catch-up goes on reading changes that arrive while it builds up to this many.
    static let bulkMaximum = 1_000_000
    /// The scratch directory of a bulk catch-up's parts, in the data directory; removed when
    /// the build ends, and at start after a crash.
    static let bulkScratch = "index.build"

    /// On `writer`: when the index lags the store by at least ``Options/bulkCatchUpChanges``
    /// changes and a quarter of its documents, and the disk has room for a merged copy,
    /// applies every change up to the store's durable sequence in bulk. Returns false when it
    /// did not (the caller applies the changes one by one).
    func catchUpInBulk() throws -> Bool {
        guard let minimum = options.bulkCatchUpChanges, !bulkFailed else { return false }
        let target = shared.withLock { $0.rebuilding ? 0 : $0.durableSequence }
        guard target > indexedSequence, target - indexedSequence >= UInt64(minimum),
              target - indexedSequence >= UInt64(try index.documentCount() / 4),
              let active = directory.activePath(), hasRoomForBulk(beside: active, changes: target - indexedSequence)
        else { return false }
        // The merge reads the live index's committed revision: commit what is pending first.
        try commitIndex()
        let started = Date()
        do {
            let (merged, path, sequence, count) = try buildInBulk(after: active)
            try commitBesideStore(merged, lastAppliedSequence: sequence)
            try makeActive(merged, at: path, sequence: sequence)
            options.log(.info, "indexed \(count) changes in bulk in \(String(format: "%.2f", Date().timeIntervalSince(started))) s")
        } catch {
            // The retry (see recoverIndex) applies the changes one by one.
            bulkFailed = true
            throw error
        }
        return true
    }

    /// Builds the changes after `indexedSequence` into parts and merges them with the live
    /// index at `active` into the next generation, its superseded documents deleted (not
    /// committed).
    private func buildInBulk(after active: String)
        throws -> (index: SearchIndex, path: String, sequence: UInt64, changes: Int) {
        let build = try BulkBuild(scratch: dataDirectory + "/" + Self.bulkScratch, slots: try PropertySlots.load(from: index.handle),
                                  data: options.documentData, languages: options.languages)
        let liveHasDocuments = try index.documentCount() > 0
        var touched: Set<RecordKey> = []
        var applied = indexedSequence
        // On past `target` while changes keep coming (an import still being stored), up to
        // `bulkMaximum`: one build and one merge for the whole import.
        while build.changeCount < Self.bulkMaximum {
            let changes = try changeLog.changes(after: applied, limit: Self.bulkChunk)
            guard let last = changes.last else { break }
            try build.add(changes)
            if liveHasDocuments { touched.formUnion(changes.map(\.key)) }
            applied = last.sequence
        }
        for refusal in build.refusals { options.log(.warning, refusal) }
        let path = directory.nextGenerationPath()
        do {
            let merged = try build.merge(after: active, into: path, data: options.documentData)
            // Keys the live index held: their old documents come first in the merge.
            let superseded = try touched.filter { try index.handle.termFrequency(UniqueKey.term(for: $0)) > 0 }
            try merged.settleMerge(superseded: Array(superseded), metadata: [], languages: [])
            return (merged, path, applied, build.changeCount)
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            throw error
        }
    }

    /// Whether the disk has room for a bulk build beside the live index at `active`: its parts
    /// and the merged copy, by a generous estimate, with a nearly full disk's margin left.
    private func hasRoomForBulk(beside active: String, changes: UInt64) -> Bool {
        guard let free = IndexSpaceReserve.freeBytes(active) else { return false }
        let perChange: Int64 = 16 << 10
        let wanted = 2 * directorySize(active) + Int64(clamping: changes) * perChange + IndexSpaceReserve.nearlyFullMargin
        return free >= wanted
    }

    /// On `writer`: points the index link at `fresh`, committed at `sequence`, and makes it the
    /// writer's index; pooled readers reopen on it at their next search.
    func makeActive(_ fresh: SearchIndex, at path: String, sequence: UInt64) throws {
        try directory.activate(path)
        let old = index
        index = fresh
        indexedSequence = sequence
        old.close()
        cx_release_free_memory()   // the old index's caches and the build's buffers
        shared.withLock {
            $0.committedSequence = sequence
            $0.generation += 1
            $0.indexProblem = nil
        }
        pruneChangeLog(through: sequence)
        directory.removeStaleGenerations()
    }
}
