import Foundation
import SpotlightModel

extension SpotlightEngine {
    /// Operations staged in a batch (or in every open batch) and not yet committed.
    ///
    /// ```swift
    /// try engine.stagedOperationCount(BatchID("b1"))   // 0 once it committed or was discarded
    /// ```
    public func stagedOperationCount(_ batch: BatchID? = nil) throws -> Int {
        try readStore.withLock { try $0.stagedOperationCount(batch) }
    }
}
