import Foundation
import SpotlightModel

/// The record store's pages damaged while the engine runs (bytes changed on disk under
/// SQLite, which checksums nothing): its reads fail with `.corrupt`. The index is not at
/// fault, so it is neither checked nor rebuilt for it; the engine says once that the store is
/// damaged and what to do, and serves whatever does not need the damaged pages. After a
/// restart, the start-up check moves such a store aside (SpotlightEngine+StoreCheck).
extension SpotlightEngine {
    /// When `error` is SQLite finding the store damaged, confirmed by its quick check on
    /// `store` (a connection the caller may use on this thread): what status and the log say
    /// from now on. Nil for any other error, and when the store's check passes.
    func storeDamage(behind error: any Error, checking store: RecordStore) -> String? {
        guard (error as? SpotlightError)?.code == .corrupt else { return nil }
        if let known = shared.withLock({ $0.storeDamaged }) { return known }
        let finding: String
        do {
            let problems = try store.quickCheck()
            guard let first = problems.first else { return nil }
            finding = first + (problems.count > 1 ? " (and \(problems.count - 1) more)" : "")
        } catch let failure as SpotlightError where failure.code == .corrupt {
            finding = failure.underlying ?? failure.message
        } catch {
            return nil
        }
        let message = "the record store \(dataDirectory)/store.sqlite is damaged (SQLite's check: \(finding)); "
            + "the index is kept as it is, and what reads the damaged pages fails (donations, searches' records, "
            + "the index's catch-up). Restart spotlightd "
            + "(or the app embedding the engine): its start-up check moves the damaged store aside and starts an "
            + "empty one; then restore a backup of the store or run `spotlightctl rebuild --from-apps`"
        let first = shared.withLock { s -> Bool in
            defer { s.storeDamaged = s.storeDamaged ?? message }
            return s.storeDamaged == nil
        }
        if first { options.log(.error, message) }
        return message
    }
}
