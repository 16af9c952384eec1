import Foundation
import SpotlightModel

/// An index that turns out corrupt while the daemon runs is handled as at start: moved
/// aside and rebuilt from the store in the background, answering from a fresh generation
/// meanwhile. Acknowledged records are in the store all along.
extension SpotlightEngine {
    /// On `writer`, from ``recoverIndex(after:)``: when `error` says the index is corrupt and
    /// Xapian's check agrees, replaces the index and starts a rebuild.
    ///
    /// - Returns: true when it took over the recovery (the caller does nothing more).
    func replaceIfCorrupt(after error: any Error) -> Bool {
        guard (error as? SpotlightError)?.code == .corrupt,
              !shared.withLock({ $0.rebuilding || $0.closed }) else { return false }
        let marker = dataDirectory + "/rebuild-pending"
        index.close()
        do {
            // Remembered on disk first, so a crash before the rebuild ends leads to another.
            _ = FileManager.default.createFile(atPath: marker, contents: Data("the index was corrupt".utf8))
            try fsyncDirectory(dataDirectory)
            let (opened, reason) = try Self.openActiveIndex(directory, store: store, verify: true, log: options.log)
            index = opened
            indexedSequence = try opened.lastAppliedSequence()
            guard reason != nil else {
                // Xapian's check finds the files sound: reopening was all it took.
                try? FileManager.default.removeItem(atPath: marker)
                return false
            }
        } catch {
            options.log("error: cannot replace the corrupt index: \(error)")
            return false
        }
        shared.withLock {
            $0.committedSequence = indexedSequence
            $0.generation += 1
            $0.indexProblem = nil
        }
        options.log("info: rebuilding the index from the store because it was corrupt; answering from what is indexed meanwhile")
        Task.detached { [self] in
            do {
                _ = try await self.rebuild()
            } catch {
                self.options.log("error: the rebuild of the corrupt index failed: \(error); run `spotlightctl rebuild`")
            }
        }
        return true
    }
}
