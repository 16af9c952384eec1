import Foundation
import SpotlightModel

/// The store writes beside the index (on `storeWriter`), so near a full disk a store
/// transaction could take the room an index commit counts on; and a commit that meets a full
/// disk can end the process (see ``IndexSpaceReserve``). So when the disk is nearly full, an
/// index commit, or a search of the writer's pending changes, runs with the store's writes
/// held. Elsewhere they run side by side.
extension SpotlightEngine {
    /// Runs `body`, which commits `index` or searches its pending changes, on the calling
    /// queue; with `storeWriter` held for its duration when ``SearchIndex/diskIsNearlyFull``.
    /// Never call it on `storeWriter`.
    func holdingStoreWritesNearFullDisk<T>(_ index: SearchIndex, _ body: () throws -> T) throws -> T {
        guard index.diskIsNearlyFull else { return try body() }
        return try storeWriter.sync { try body() }
    }

    /// Commits `index` at `sequence`, with the store's writes held when the disk is nearly full.
    func commitBesideStore(_ index: SearchIndex, lastAppliedSequence sequence: UInt64) throws {
        try holdingStoreWritesNearFullDisk(index) { try index.commit(lastAppliedSequence: sequence) }
    }
}
