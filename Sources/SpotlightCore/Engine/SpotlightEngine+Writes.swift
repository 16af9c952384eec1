import Foundation
internal import CXapian
import SpotlightModel

extension SpotlightEngine {
    /// A commit of at least this many changes returns the writer's freed memory to the system.
    static let largeCommit = 1000

    /// Stores a write durably and returns its outcome; the index follows shortly.
    ///
    /// Concurrent calls are group-committed into one store transaction. When this returns,
    /// the write is durable (and a later ``search(_:)`` sees it).
    /// - Throws: the write's own `SpotlightError` (`.invalidInput`, `.conflict`, ...), or
    ///   `.io` ("not stored: ...") when the store could not commit.
    public func write(_ write: StoreWrite) async throws -> StoreWriteOutcome {
        try await withCheckedThrowingContinuation { continuation in
            self.write(write) { continuation.resume(with: $0) }
        }
    }

    /// ``write(_:)`` for a caller that is not async: `completion` is called once with the
    /// outcome, on the engine's store writer queue (keep it short: the next group commit waits
    /// for it), or at once when the engine is closed. spotlightd answers a donation from there
    /// without a task and its two thread hops.
    ///
    /// ```swift
    /// engine.write(.upsert([record], clientState: nil)) { outcome in reply(outcome) }
    /// ```
    public func write(_ write: StoreWrite, completion: @escaping @Sendable (Result<StoreWriteOutcome, any Error>) -> Void) {
        let schedule = shared.withLock { s -> Bool? in
            if s.closed { return nil }
            s.pending.append(PendingWrite(write: write, complete: completion))
            defer { s.drainScheduled = true }
            return !s.drainScheduled
        }
        switch schedule {
        case nil:
            completion(.failure(SpotlightError(.unavailable, "not stored: the engine is shutting down")))
        case true?:
            storeWriter.async { self.drainPending() }
        case false?:
            break
        }
    }

    /// On `storeWriter`: commits every pending write in one store transaction, acknowledges
    /// each, then queues the index's catch-up on `writer`.
    func drainPending() {
        let batch = shared.withLock { s -> [PendingWrite] in
            defer { s.pending = []; s.drainScheduled = false }
            return s.pending
        }
        guard !batch.isEmpty else { return }
        let results: [Result<StoreWriteOutcome, SpotlightError>]
        let afterIOError = storeNeedsReopen
        do {
            try ensureStoreFileIsOurs()
            if storeNeedsReopen { try reopenStore() }
            results = try store.apply(batch.map(\.write))
            // Committed, but into the file the path names? Else the write is lost at the next start.
            try ensureStoreFileIsOurs()
        } catch {
            let failure = (error as? SpotlightError).map { e in
                e.message.hasPrefix("not stored") ? e : SpotlightError(e.code, "not stored: " + e.message, underlying: e.underlying)
            } ?? SpotlightError(.io, "not stored: \(error)")
            // A store found gone was logged once when found; every write after it fails alike.
            if shared.withLock({ $0.storeGone == nil }) { options.log(.error, "store write failed: \(failure)") }
            // After a failed write or fsync the kernel may have dropped the dirty pages and
            // a retry on the same handle could report success for data that is gone:
            // the next write opens the store afresh (SQLite then replays or discards the WAL).
            if failure.code == .io { storeNeedsReopen = true }
            for pending in batch { pending.complete(.failure(failure)) }
            return
        }
        let sequence = results.compactMap { try? $0.get().sequence }.max() ?? 0
        shared.withLock { $0.durableSequence = max($0.durableSequence, sequence) }
        for (pending, result) in zip(batch, results) {
            pending.complete(result.mapError { $0 as any Error })
        }
        // The store writes again after an I/O error (a disk that was full has room): an index
        // waiting out its back-off retries now instead of up to a minute later.
        if afterIOError { retryIndexNow() }
        scheduleCatchUp()
    }

    /// Has a retry of a failing index run at once, with its back-off reset.
    func retryIndexNow() {
        writer.async {
            guard self.indexRetryScheduled, !self.shared.withLock({ $0.closed }) else { return }
            self.indexRetryDelay = 1
            self.runIndexRetry()
        }
    }

    /// Queues one catch-up of the index on `writer`, ``Options/catchUpDelay`` from now, unless
    /// one is queued already: the index runs beside the store writes, so their
    /// acknowledgements never wait for index work, and one catch-up applies what the group
    /// commits of that while stored (a search that needs them catches up at once).
    func scheduleCatchUp() {
        let queue = shared.withLock { s -> Bool in
            defer { s.catchUpScheduled = true }
            return !s.catchUpScheduled
        }
        guard queue else { return }
        writer.asyncAfter(deadline: .now() + options.catchUpDelay) {
            self.shared.withLock { $0.catchUpScheduled = false }
            // While the index is failing, the scheduled retry catches up (with back-off).
            guard !self.indexRetryScheduled, !self.shared.withLock({ $0.closed }) else { return }
            do {
                try self.catchUpIndex()
            } catch {
                self.recoverIndex(after: error)
            }
        }
    }

    /// On `storeWriter`: closes the store connection after an I/O error and opens a new one.
    func reopenStore() throws {
        store.close()
        store = try RecordStore(path: dataDirectory + "/store.sqlite")
        store.clock = options.clock
        storeNeedsReopen = false
        options.log(.info, "reopened the record store after an I/O error")
    }

    /// On `writer`: applies store changes after `indexedSequence` to the index and schedules
    /// (or performs) a commit. Once the store is gone (see SpotlightEngine+StoreFile), the
    /// index is left as it is: its directory is likely gone too, and searches answer from it.
    func catchUpIndex() throws {
        guard storeFileProblem() == nil else { return }
        while true {
            if try catchUpInBulk() { continue }
            let changes = try changeLog.changes(after: indexedSequence, limit: 1000)
            guard let last = changes.last else { break }
            noteMended(changes)
            try index.replace(changes.compactMap(\.donatedRecord))
            for refusal in index.takeSlotRefusals() { options.log(.warning, refusal) }
            try index.delete(changes.filter { $0.record == nil }.map(\.key))
            indexedSequence = last.sequence
            let uncommitted = indexedSequence - shared.withLock { $0.committedSequence }
            if uncommitted >= UInt64(options.commitBatchSize)
                || index.pendingChanges >= SearchIndex.maximumPendingChanges { try commitIndex() }
        }
        scheduleCommit()
    }

    func scheduleCommit() {
        guard !commitScheduled, !indexRetryScheduled,
              indexedSequence > shared.withLock({ $0.committedSequence }) else { return }
        commitScheduled = true
        writer.asyncAfter(deadline: .now() + options.commitDelay) {
            self.commitScheduled = false
            guard !self.shared.withLock({ $0.closed }) else { return }
            do { try self.commitIndex() } catch { self.recoverIndex(after: error) }
        }
    }

    /// On `writer`: commits the index with `indexedSequence` in its metadata, then has the
    /// store's change log pruned up to it (unless a rebuild still needs it).
    func commitIndex() throws {
        guard storeFileProblem() == nil else { return }
        let committed = shared.withLock { $0.committedSequence }
        let fresh = try index.storedSchemaVersion() == nil
        guard indexedSequence > committed || fresh else { return }
        let large = index.pendingChanges >= Self.largeCommit
        try commitBesideStore(index, lastAppliedSequence: indexedSequence)
        // The writer's buffers of a large commit are freed now; give them back to the system.
        if large { cx_release_free_memory() }
        indexRetryDelay = 1
        bulkFailed = false
        let (rebuilding, hadProblem) = shared.withLock { s -> (Bool, Bool) in
            s.committedSequence = indexedSequence
            defer { s.indexProblem = nil }
            return (s.rebuilding, s.indexProblem != nil)
        }
        if hadProblem { options.log(.info, "the index recovered at sequence \(indexedSequence)") }
        if !rebuilding { pruneChangeLog(through: indexedSequence) }
        lastCommitAt = Date()
        releaseMemoryWhenIdle(after: indexedSequence - committed)
        compactIfGrown()
    }

    /// On `writer`: after an index failure (a full disk among them: see
    /// ``IndexSpaceReserve``), drops uncommitted changes by closing and reopening the writable
    /// index (closing never commits) and replays from its last commit a little later.
    /// Acknowledged writes are safe in the store all along.
    func recoverIndex(after error: any Error) {
        // After close() the index stays closed: a late timer must not reopen (and lock) it.
        guard !shared.withLock({ $0.closed }) else { return }
        // A damaged store fails the catch-up's reads: the index is sound and is not checked.
        if storeDamage(behind: error, checking: changeLog) == nil {
            if replaceIfCorrupt(after: error) { return }
            let message = "index update failed: \(error); retrying from the store"
            options.log(.warning, message)
            shared.withLock { $0.indexProblem = message }
        }
        index.close()
        do {
            guard let active = directory.activePath() else { throw SpotlightError(.internal, "no active index") }
            index = try SearchIndex.openWritable(path: active, languages: options.languages)
            indexedSequence = try index.lastAppliedSequence()
        } catch {
            options.log(.error, "cannot reopen the index: \(error)")
        }
        guard !indexRetryScheduled else { return }
        indexRetryScheduled = true
        indexRetryGeneration += 1
        let generation = indexRetryGeneration
        let delay = indexRetryDelay
        indexRetryDelay = min(indexRetryDelay * 2, 60)
        writer.asyncAfter(deadline: .now() + delay) {
            // A retry run early (retryIndexNow) replaced this one.
            guard self.indexRetryScheduled, self.indexRetryGeneration == generation else { return }
            self.runIndexRetry()
        }
    }

    /// On `writer`: the scheduled retry of a failing index: catch up from the store and commit.
    private func runIndexRetry() {
        indexRetryScheduled = false
        guard !shared.withLock({ $0.closed }) else { return }
        do {
            try catchUpIndex()
            try commitIndex()
        } catch {
            recoverIndex(after: error)
        }
    }

    /// Has `storeWriter` delete the change log up to `sequence` (the index committed that far);
    /// prunes asked for while one is queued are done by it, in one store transaction.
    func pruneChangeLog(through sequence: UInt64) {
        let queue = shared.withLock { s -> Bool in
            s.pruneThrough = max(s.pruneThrough, sequence)
            defer { s.pruneScheduled = true }
            return !s.pruneScheduled
        }
        guard queue else { return }
        storeWriter.async {
            let through = self.shared.withLock { s -> UInt64 in
                s.pruneScheduled = false
                return s.pruneThrough
            }
            try? self.store.pruneChanges(through: through)
        }
    }

    /// On `storeWriter`, every ``Options/sweepInterval``: deletes expired records from the
    /// store; the index follows as for any write.
    func startSweeping() {
        let timer = DispatchSource.makeTimerSource(queue: storeWriter)
        timer.schedule(deadline: .now() + options.sweepInterval, repeating: options.sweepInterval)
        timer.setEventHandler { [weak self] in
            guard let self else { return }
            do {
                // Once the store is gone, nothing the index could follow is swept.
                guard self.storeFileProblem() == nil else { return }
                let swept = try self.store.sweepExpired(now: Date())
                if !swept.isEmpty {
                    // Stored like a donation: status and searches count the deletions as written.
                    let sequence = try self.store.lastSequence()
                    self.shared.withLock { $0.durableSequence = max($0.durableSequence, sequence) }
                    self.options.log(.info, "swept \(swept.count) expired records")
                    self.scheduleCatchUp()
                }
            } catch {
                self.options.log(.warning, "sweeping expired records failed: \(error)")
            }
        }
        timer.resume()
        sweepTimer = timer
    }
}
