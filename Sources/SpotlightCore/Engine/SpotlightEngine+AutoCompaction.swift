import Foundation
import SpotlightModel

extension SpotlightEngine {
    /// Returns once no automatic compaction is running, so a rebuild or compaction asked for
    /// meanwhile waits for it rather than failing with `.conflict`.
    func waitForAutoCompaction() async throws {
        while shared.withLock({ $0.autoCompacting }) {
            try await Task.sleep(nanoseconds: 20_000_000)
        }
    }

    /// On `writer`, after a commit: when the index has taken at least
    /// ``Options/autoCompactChanges`` changes, and at least half its document count, since it
    /// was last compacted, compacts it in the background (``compact()``). A B-tree updated in
    /// place is about half full; compacted, it is dense, so an import or a rebuild leaves an
    /// index about half the size and faster to search. Writes and queries go on meanwhile.
    func compactIfGrown() {
        guard let threshold = options.autoCompactChanges, let changes = index.changesSinceCompaction,
              let documents = try? index.documentCount(),
              changes >= UInt64(max(threshold, documents / 2)) else { return }
        let start = shared.withLock { s -> Bool in
            guard !s.closed, !s.rebuilding, !s.autoCompacting else { return false }
            s.autoCompacting = true
            return true
        }
        guard start else { return }
        options.log("info: compacting the index: \(changes) changes since it was last compacted, \(documents) documents")
        autoCompactions.enter()
        Task.detached { [self] in
            defer {
                shared.withLock { $0.autoCompacting = false }
                autoCompactions.leave()
            }
            do {
                _ = try await compactNow()
            } catch let error as SpotlightError where error.code == .conflict || error.code == .unavailable {
                // A rebuild or another compaction got there first, or the engine is closing.
            } catch {
                options.log("warning: compacting the index failed: \(error); it goes on uncompacted")
            }
        }
    }
}
