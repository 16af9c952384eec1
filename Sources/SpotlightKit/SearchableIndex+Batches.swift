import Foundation
import Synchronization
import SpotlightModel
import SpotlightProtocol

/// The batch a ``SearchableIndex`` has open: begun at spotlightd by its first call.
struct IndexBatch: Sendable {
    /// Begins the daemon's batch; the first write (or the end) creates it, the others await it.
    var begun: Task<String, any Error>?
    /// Why the batch cannot commit: one of its writes failed.
    var failure: SpotlightError?
}

/// Batches, as Core Spotlight has them: between ``beginIndexBatch()`` and
/// ``endIndexBatch(expectedClientState:newClientState:)`` every donation and delete through
/// this index is staged by spotlightd, invisible to queries, and the end commits them all in
/// one store transaction, only if the bundle's client state is the expected one. A batch that
/// does not end (``abandonIndexBatch()``, a failed write, a lost connection, a daemon restart,
/// an idle timeout) leaves the store exactly as it was.
///
/// ```swift
/// let index = SearchableIndex(name: "notes-sync")
/// let last = try await index.fetchLastClientState()
/// index.beginIndexBatch()
/// try await index.indexRecords(changed)                          // any number of calls,
/// try await index.deleteRecords(identifiedBy: gone, ofType: "Note")  // donations and deletes
/// try await index.endIndexBatch(expectedClientState: last, newClientState: Data("v42".utf8))
/// ```
///
/// A batch belongs to the index object, not to a task: every write through it joins the
/// batch. Use an index of your own for a batch (Core Spotlight's `CSSearchableIndex(name:)`),
/// so that other code donating through ``SearchableIndex/default`` is not pulled in.
extension SearchableIndex {
    /// Begins a batch of donations and deletes; nothing reaches the daemon until the first of
    /// them. Calling it again before the batch ended spoils the batch (its end then throws).
    public func beginIndexBatch() {
        openBatch.withLock { batch in
            if batch == nil {
                batch = IndexBatch()
            } else if batch?.failure == nil {
                batch?.failure = SpotlightError(.invalidInput, "beginIndexBatch() was called again before "
                    + "endIndexBatch; end or abandon a batch before beginning the next")
            }
        }
    }

    /// Ends the batch: commits every write of it, all or nothing, and stores `newClientState`
    /// only if the bundle's stored state is `expectedClientState` (nil: no state stored yet).
    ///
    /// - Returns: the sequence of the last change and how many records changed.
    /// - Throws: `SpotlightError`: `.conflict` when the stored state is another (nothing of
    ///   the batch is stored); `.conflict` when a write of the batch failed; `.notFound` when
    ///   spotlightd no longer has the batch (the connection dropped or the daemon restarted);
    ///   `.invalidInput` when no batch is open. In each case the batch is over.
    @discardableResult
    public func endIndexBatch(expectedClientState: Data?, newClientState: Data) async throws -> WriteResult {
        try await endIndexBatch(swap: ClientStateSwap(expected: .some(expectedClientState), new: newClientState))
    }

    /// Ends the batch, committing it and storing `clientState` without checking the one stored
    /// (Core Spotlight's `endIndexBatch(withClientState:)`).
    @discardableResult
    public func endIndexBatch(clientState: Data) async throws -> WriteResult {
        try await endIndexBatch(swap: ClientStateSwap(expected: nil, new: clientState))
    }

    /// Ends the batch, committing it; the client state is left as it is.
    @discardableResult
    public func endIndexBatch() async throws -> WriteResult {
        try await endIndexBatch(swap: nil)
    }

    /// Ends the batch without storing anything of it.
    public func abandonIndexBatch() async {
        guard let batch = openBatch.withLock({ batch in defer { batch = nil }; return batch }),
              let begun = batch.begun, let name = try? await begun.value else { return }
        let _: AbandonBatchResult? = try? await daemon.call(.abandonBatch, AbandonBatchParams(batch: name))
    }

    /// The client state the bundle stored with its last batch or donation (nil: none yet), as
    /// Core Spotlight's `fetchLastClientState()`: the caller's own bundle (a tool granted
    /// several bundles names one with ``clientState(bundle:)``).
    public func fetchLastClientState() async throws -> Data? {
        try await clientState()
    }

    func endIndexBatch(swap: ClientStateSwap?) async throws -> WriteResult {
        guard let batch = openBatch.withLock({ batch in defer { batch = nil }; return batch }) else {
            throw SpotlightError(.invalidInput, "no batch is open on this index; call beginIndexBatch() first")
        }
        let name = try await (batch.begun ?? beginTask(bundle: nil)).value
        if let failure = batch.failure {
            let _: AbandonBatchResult? = try? await daemon.call(.abandonBatch, AbandonBatchParams(batch: name))
            throw SpotlightError(.conflict, "the batch was not committed, and nothing of it was stored: one of its "
                + "writes failed (\(failure.message)); begin a new batch and write everything again",
                underlying: failure.underlying)
        }
        return try await daemon.call(.endBatch, EndBatchParams(batch: name, clientState: swap))
    }

    /// The daemon's name of the open batch for a write, beginning it there first; nil when no
    /// batch is open.
    /// - Parameter bundle: the bundle the write names, if any; the batch is begun for it.
    func batchName(for method: DaemonProtocol.Method, bundle: String?, clientState: ClientStateSwap?) async throws -> String? {
        let state = openBatch.withLock { batch -> (Task<String, any Error>, SpotlightError?)? in
            guard batch != nil else { return nil }
            if clientState != nil, batch?.failure == nil {
                batch?.failure = SpotlightError(.invalidInput, "a \(method.rawValue) inside a batch cannot carry a client "
                    + "state; give it to endIndexBatch(expectedClientState:newClientState:)")
            }
            if batch?.begun == nil { batch?.begun = beginTask(bundle: bundle) }
            return (batch!.begun!, batch?.failure)
        }
        guard let (begun, failure) = state else { return nil }
        if let failure { throw failure }
        do {
            return try await begun.value
        } catch {
            spoil(error)
            throw error
        }
    }

    /// Runs one write of the batch; a failure spoils the batch.
    func inBatch<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch {
            spoil(error)
            throw error
        }
    }

    private func spoil(_ error: any Error) {
        let failure = error as? SpotlightError ?? SpotlightError(.internal, "\(error)")
        openBatch.withLock { batch in
            if batch != nil, batch?.failure == nil { batch?.failure = failure }
        }
    }

    /// Begins the daemon's batch: for `bundle`, else the caller's own; named after the index.
    private func beginTask(bundle: String?) -> Task<String, any Error> {
        let batchName = name.map { "\($0)-\(UUID().uuidString.prefix(6))" }
        return Task {
            let result: BeginBatchResult = try await daemon.call(.beginBatch, BeginBatchParams(bundle: bundle, batch: batchName))
            return result.batch
        }
    }
}
