import Foundation
import SpotlightModel

extension SpotlightEngine {
    /// How long the writer must have committed nothing before the last burst is compacted.
    static let idleCompactionDelay: TimeInterval = 1

    /// On `writer`, after a commit: compacts the index in the background (``compact()``) once
    /// the writer has been idle for ``idleCompactionDelay`` after it took at least a quarter of
    /// ``Options/autoCompactChanges`` changes and a quarter of its document count since it was
    /// last compacted (the end of an import), or at once when it took the threshold and twice
    /// its document count (updates that never pause). A B-tree updated in place is about half
    /// full; compacted, it is dense: an import leaves an index about two thirds the size.
    /// Compacting in the middle of an import gains little: the writes carried over into the
    /// compacted copy split its full blocks again. Writes and queries go on meanwhile.
    func compactIfGrown() {
        guard let threshold = options.autoCompactChanges, let changes = index.changesSinceCompaction,
              let documents = try? index.documentCount() else { return }
        if changes >= UInt64(max(threshold, 2 * documents)) {
            startCompaction(changes: changes, documents: documents)
        } else if changes >= UInt64(max(threshold / 4, documents / 4)) {
            compactWhenIdle()
        }
    }

    /// On `writer`: once no commit has followed the last one for ``idleCompactionDelay``,
    /// compacts what the last burst of writes (an import, a rebuild's carry-over) left half full.
    private func compactWhenIdle() {
        guard !idleCheckScheduled else { return }
        idleCheckScheduled = true
        checkIdle()
    }

    private func checkIdle() {
        whenWriterIdle(for: Self.idleCompactionDelay) { [self] in
            idleCheckScheduled = false
            guard !shared.withLock({ $0.closed }), let threshold = options.autoCompactChanges,
                  let changes = index.changesSinceCompaction, let documents = try? index.documentCount(),
                  changes >= UInt64(max(threshold / 4, documents / 4)) else { return }
            startCompaction(changes: changes, documents: documents)
        }
    }

    /// On `writer`: runs `body` on `writer` once no commit has followed the last one for
    /// `quiet` seconds, looking again while commits keep coming.
    func whenWriterIdle(for quiet: TimeInterval, after delay: TimeInterval? = nil,
                        _ body: @escaping @Sendable () -> Void) {
        writer.asyncAfter(deadline: .now() + (delay ?? quiet)) { [self] in
            let idle = Date().timeIntervalSince(lastCommitAt)
            if idle < quiet {   // still busy: look again once it could be quiet
                whenWriterIdle(for: quiet, after: quiet - idle, body)
                return
            }
            body()
        }
    }

    /// On `writer`: starts ``compact()`` in the background unless one or a rebuild runs.
    private func startCompaction(changes: UInt64, documents: Int) {
        let start = shared.withLock { s -> Bool in
            guard !s.closed, !s.rebuilding, !s.autoCompacting else { return false }
            s.autoCompacting = true
            return true
        }
        guard start else { return }
        options.log(.info, "compacting the index: \(changes) changes since it was last compacted, \(documents) documents")
        autoCompactions.enter()
        Task.detached { [self] in
            defer {
                shared.withLock { $0.autoCompacting = false }
                autoCompactions.leave()
            }
            do {
                _ = try await compactNow()
                // Writes carried over into the compacted index (or a burst that ended while it
                // ran) may call for another, once idle.
                writer.async { [self] in
                    if !shared.withLock({ $0.closed }) { compactIfGrown() }
                }
            } catch let error as SpotlightError where error.code == .conflict || error.code == .unavailable {
                // A rebuild or another compaction got there first, or the engine is closing.
            } catch {
                options.log(.warning, "compacting the index failed: \(error); it goes on uncompacted")
            }
        }
    }
}
