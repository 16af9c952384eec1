import Foundation
internal import CXapian
import SpotlightModel

/// The index's catch-up in bulk: when the store is far ahead of the index (an import, a large
/// donation, a start after a crash in the middle of one), the writer builds the missing
/// documents in parts on every core and merges them with the live index into a new compacted
/// generation (``BulkBuild``), instead of adding them one by one. Queries are answered from
/// the live index until the swap, as for a rebuild; a kill at any moment leaves the live index
/// as it was, and the next start catches up again from the store.
///
/// When the changes replace much of what the live index holds (an app donating everything
/// again), deleting each superseded document from the merge would cost more than indexing
/// all: then every record comes from the store and the live index is left out of the merge.
extension SpotlightEngine {
    /// Changes read from the change log at a time.
    static let bulkChunk = 2000
    /// A bulk catch-up goes on reading changes that arrive while it builds up to this many.
    static let bulkMaximum = 1_000_000
    /// Past this share of the live index's documents superseded, a bulk catch-up builds the
    /// whole index from the store: deleting a superseded document from a compacted index costs
    /// about twice indexing one (measured on the package corpus: 64k re-donated records took
    /// 71 s merged and deleted, against 19 s for an import).
    static let supersededShareForWholeBuild = 0.25

    /// On `writer`: when the index lags the store by at least ``Options/bulkCatchUpChanges``
    /// changes and a quarter of its documents, and the disk has room for a merged copy,
    /// applies every change the change log holds in bulk. Returns false when it did not (the
    /// caller applies the changes one by one).
    func catchUpInBulk() throws -> Bool {
        guard let minimum = options.bulkCatchUpChanges, !bulkFailed, !shared.withLock({ $0.closed }) else { return false }
        let target = shared.withLock { $0.durableSequence }
        guard target > indexedSequence, target - indexedSequence >= UInt64(minimum),
              target - indexedSequence >= UInt64(try index.documentCount() / 4),
              let active = directory.activePath(), hasRoomForBulk(beside: active, changes: target - indexedSequence)
        else { return false }
        // Not while a rebuild or compaction builds a generation; they wait for this one.
        let claimed = shared.withLock { s -> Bool in
            if s.rebuilding { return false }
            s.bulkRunning = true
            s.bulkDone = 0
            s.bulkTotal = Int(clamping: target - indexedSequence)
            return true
        }
        guard claimed else { return false }
        defer { shared.withLock { $0.bulkRunning = false } }
        // The merge reads the live index's committed revision: commit what is pending first.
        try commitIndex()
        let started = Date()
        let path = try directory.reserveNextGeneration()
        do {
            let (merged, sequence, changes, whole, timing) = try buildInBulk(after: active, into: path)
            try commitBesideStore(merged, lastAppliedSequence: sequence)
            try makeActive(merged, at: path, sequence: sequence)
            // What the donations' threads freed while it built goes back once they pause.
            lastCommitAt = Date()
            releaseMemoryWhenIdle(after: UInt64(changes))
            options.log(.info, "indexed \(changes) changes in bulk\(whole ? ", the whole index from the store," : "") in "
                + String(format: "%.2f s (the parts' last %.2f s, the merge %.2f s)", Date().timeIntervalSince(started),
                         timing.finish, timing.merge))
        } catch {
            // Unless the swap got as far as pointing the index at it.
            if directory.activePath() != path { try? FileManager.default.removeItem(atPath: path) }
            // The retry (see recoverIndex) applies the changes one by one.
            bulkFailed = true
            throw error
        }
        return true
    }

    /// Builds the changes after `indexedSequence` into parts and merges them with the live
    /// index at `active` into `path`, its superseded documents deleted; or, when they are too
    /// many, builds every stored record into `path` and replays what changed meanwhile. Not
    /// committed.
    private func buildInBulk(after active: String, into path: String)
        throws -> (index: SearchIndex, sequence: UInt64, changes: Int, whole: Bool, timing: (finish: Double, merge: Double)) {
        let build = try BulkBuild(scratch: path + BulkBuild.scratchSuffix, slots: try PropertySlots.load(from: index.handle),
                                  data: options.documentData, languages: options.languages)
        let live = try index.documentCount()
        var touched: Set<RecordKey> = []
        var applied = indexedSequence
        // On while changes keep coming (an import still being stored), up to `bulkMaximum`:
        // one build and one merge for the whole import.
        while build.changeCount < Self.bulkMaximum {
            // Closing (SIGTERM): give the build up; the next start catches up from the store.
            if shared.withLock({ $0.closed }) { throw CancellationError() }
            let changes = try changeLog.changes(after: applied, limit: Self.bulkChunk)
            guard let last = changes.last else { break }
            noteMended(changes)
            try build.add(changes)
            if live > 0 { touched.formUnion(changes.map(\.key)) }
            applied = last.sequence
            shared.withLock { $0.bulkDone = build.changeCount }
        }
        let changes = build.changeCount
        try bulkFault?()
        // Keys the live index holds: their old documents come first in a merge with it.
        let superseded = try touched.filter { try index.handle.termFrequency(UniqueKey.term(for: $0)) > 0 }
        let whole = Double(superseded.count) > Double(live) * Self.supersededShareForWholeBuild
        let merged: SearchIndex
        if whole {
            // The records no change since the live index's sequence touched, from the store;
            // the others came with the changes.
            try changeLog.forEachDonatedRecord(writtenThrough: indexedSequence, batchSize: Self.bulkChunk) {
                if shared.withLock({ $0.closed }) { throw CancellationError() }
                try build.add($0)
            }
            for refusal in build.refusals { options.log(.warning, refusal) }
            merged = try build.merge(after: nil, into: path, data: options.documentData)
            attachStore(to: merged)
            // A record changed after `applied` was left out by both reads.
            applied = try replayChanges(after: applied, into: merged)
        } else {
            for refusal in build.refusals { options.log(.warning, refusal) }
            merged = try build.merge(after: active, into: path, data: options.documentData)
            try merged.settleMerge(superseded: Array(superseded), metadata: [], languages: [])
        }
        return (merged, applied, changes, whole, (build.finishSeconds, build.mergeSeconds))
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
