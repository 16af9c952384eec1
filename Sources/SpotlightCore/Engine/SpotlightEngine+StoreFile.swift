import Foundation
import SpotlightModel

extension SpotlightEngine {
    /// Why nothing more can be stored, once the store's path no longer names the file the
    /// engine opened (``StoreFileIdentity``): its data directory deleted or its store replaced.
    /// The first time this finds it, it says so in the log; status reports it from then on.
    /// Nil while the store is where it was opened.
    func storeFileProblem() -> String? {
        if let known = shared.withLock({ $0.storeGone }) { return known }
        guard let problem = storeIdentity.problem() else { return nil }
        let message = problem + "; nothing more is stored: restart the daemon (or the app embedding the engine), "
            + "which opens the store at \(storeIdentity.path) again (an empty one if the data directory is gone)"
        let first = shared.withLock { s -> Bool in
            defer { s.storeGone = s.storeGone ?? message }
            return s.storeGone == nil
        }
        if first { options.log(.error, message) }
        return message
    }

    /// On `storeWriter`, before a write and again before it is acknowledged: throws `.io`
    /// ("not stored: …") when ``storeFileProblem()`` finds the store gone, so no write is
    /// acknowledged into a file no later start reads.
    func ensureStoreFileIsOurs() throws {
        if let problem = storeFileProblem() { throw SpotlightError(.io, "not stored: " + problem) }
    }
}
