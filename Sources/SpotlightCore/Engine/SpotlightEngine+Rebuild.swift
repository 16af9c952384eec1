import Foundation
import SpotlightModel

/// What a rebuild did.
public struct RebuildReport: Codable, Hashable, Sendable {
    public var records: Int
    public var seconds: Double
    public var sequence: UInt64
}

extension SpotlightEngine {
    /// Re-derives the whole index from the record store into a fresh database and swaps it in
    /// atomically. Queries keep being answered from the old index until the swap; writes go
    /// on and are carried over. Cancelling the task leaves the old index in place.
    /// - Parameter progress: called with (records indexed, records expected) as it goes.
    /// - Throws: `.conflict` when a rebuild is already running; `CancellationError`.
    public func rebuild(progress: @Sendable (Int, Int) -> Void = { _, _ in }) async throws -> RebuildReport {
        let started = Date()
        try await claimRebuild(compacting: false, behindAutoCompaction: true,
                               conflict: "a rebuild is already running; wait for it (see status)")
        defer { shared.withLock { $0.rebuilding = false } }

        let path = try directory.reserveNextGeneration()
        do {
            // Build from a snapshot of the store on its own connection, off the writer.
            let (fresh, startSequence, done) = try buildFromSnapshot(into: path, progress: progress)
            // Carry over what changed meanwhile, then swap, all on the writer.
            let handed = Handoff(fresh)
            let sequence: UInt64 = try await withCheckedThrowingContinuation { continuation in
                writer.async {
                    continuation.resume(with: Result { try self.swapIn(try handed.takeOnly(), at: path, after: startSequence) })
                }
            }
            options.log(.info, "rebuilt the index from \(done) records in \(String(format: "%.2f", Date().timeIntervalSince(started))) s")
            return RebuildReport(records: done, seconds: Date().timeIntervalSince(started), sequence: sequence)
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            throw error
        }
    }

    /// Builds a new index at `path` from a snapshot of the store; returns it (committed, the
    /// snapshot closed), the store sequence it covers and how many records it holds.
    private func buildFromSnapshot(into path: String, progress: @Sendable (Int, Int) -> Void)
        throws -> sending (SearchIndex, UInt64, Int) {
        let snapshot = try RecordStore(path: dataDirectory + "/store.sqlite")
        defer { snapshot.close() }
        leaveOutDamagedRecords(of: snapshot)
        let startSequence = try snapshot.lastSequence()
        let total = try snapshot.counts().reduce(0) { $0 + $1.total }
        shared.withLock { $0.rebuildTotal = total }
        // In parts on every core, merged into `path` (see BulkBuild).
        let build = try BulkBuild(scratch: path + BulkBuild.scratchSuffix, slots: PropertySlots(),
                                  data: options.documentData, languages: options.languages)
        var done = 0
        try snapshot.forEachDonatedRecord(bundle: nil, batchSize: Self.bulkChunk) { batch in
            try Task.checkCancellation()
            try build.add(batch)
            done += batch.count
            shared.withLock { $0.rebuildDone = done }
            progress(done, total)
        }
        try Task.checkCancellation()
        for refusal in build.refusals { options.log(.warning, refusal) }
        let fresh = try build.merge(after: nil, into: path, data: options.documentData)
        try commitBesideStore(fresh, lastAppliedSequence: startSequence)
        return (fresh, startSequence, done)
    }

    /// On `writer`: applies every change after `sequence` to `fresh`, change by change,
    /// committing (at the sequence reached) as often as a writer must; returns the last
    /// sequence applied (`sequence` when there was none). Replaying a change a build already
    /// saw is harmless: a change applies the record as the store holds it now.
    func replayChanges(after sequence: UInt64, into fresh: SearchIndex) throws -> UInt64 {
        var applied = sequence
        while true {
            let changes = try changeLog.changes(after: applied, limit: 1000)
            guard let last = changes.last else { return applied }
            noteMended(changes)
            try fresh.replace(changes.compactMap(\.donatedRecord))
            for refusal in fresh.takeSlotRefusals() { options.log(.warning, refusal) }
            try fresh.delete(changes.filter { $0.record == nil }.map(\.key))
            applied = last.sequence
            if fresh.pendingChanges >= SearchIndex.maximumPendingChanges { try commitBesideStore(fresh, lastAppliedSequence: applied) }
        }
    }

    /// Waits until no bulk catch-up runs (and, `behindAutoCompaction`, no automatic
    /// compaction: the user's rebuild or compaction goes after one), then marks a rebuild (or,
    /// `compacting`, a compaction) as running.
    ///
    /// - Throws: `.conflict` with `conflict` when a rebuild or compaction that is not an
    ///   automatic one runs already.
    func claimRebuild(compacting: Bool, behindAutoCompaction: Bool, conflict: String) async throws {
        while true {
            let claimed = try shared.withLock { s -> Bool in
                if behindAutoCompaction, s.autoCompacting { return false }
                if s.rebuilding { throw SpotlightError(.conflict, conflict) }
                if s.bulkRunning { return false }
                s.rebuilding = true   // keeps the change log from being pruned until the swap
                s.compacting = compacting
                s.rebuildDone = 0
                s.rebuildTotal = 0
                return true
            }
            if claimed { return }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
    }

    /// On `writer`: applies changes after `startSequence` to the fresh index, commits it,
    /// points the index link at it and makes it the writer's index.
    func swapIn(_ fresh: SearchIndex, at path: String, after startSequence: UInt64) throws -> UInt64 {
        attachStore(to: fresh)
        let applied = try replayChanges(after: startSequence, into: fresh)
        try commitBesideStore(fresh, lastAppliedSequence: applied)
        try makeActive(fresh, at: path, sequence: applied)
        try? FileManager.default.removeItem(atPath: dataDirectory + "/rebuild-pending")
        return applied
    }
}
