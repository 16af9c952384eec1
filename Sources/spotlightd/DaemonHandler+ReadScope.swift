import Foundation
import SpotlightCore
import SpotlightModel
import SpotlightWire

/// Reads by a confined caller (a Flatpak app): only its own bundle's records, and those the
/// user granted it with `--grant-read APP=BUNDLE`.
extension DaemonHandler {
    /// The query limited to what the peer may read; naming another bundle is refused.
    func scoped(_ query: SearchQuery, _ peer: PeerCredentials) throws -> SearchQuery {
        guard let readable = callers.readScope(peer) else { return query }
        var query = query
        if let asked = query.bundles {
            if let other = asked.first(where: { !readable.contains($0) }) {
                throw confinedRefusal(callers.resolve(peer), reading: other)
            }
        } else {
            query.bundles = readable.sorted()
        }
        return query
    }

    /// The status with only the bundles the peer may read counted.
    func scoped(_ status: IndexStatus, _ peer: PeerCredentials) -> IndexStatus {
        guard let readable = callers.readScope(peer) else { return status }
        var status = status
        status.counts = status.counts.filter { readable.contains($0.bundle) }
        status.recordCount = status.counts.reduce(0) { $0 + $1.total }
        return status
    }

    /// - Throws: `permissionDenied` when a confined caller asks for another bundle.
    func requireReadable(_ bundle: String, _ caller: Caller, what: String) throws {
        if let readable = caller.readable, !readable.contains(bundle) {
            throw confinedRefusal(caller, reading: bundle, what: what)
        }
    }

    func confinedRefusal(_ caller: Caller, reading bundle: String, what: String = "the records of") -> SpotlightError {
        let app = caller.bundle ?? "?"
        log(.warning, "refused: sandboxed pid \(caller.pid) (\(app)) tried to read \(what) \(bundle)")
        return SpotlightError(.permissionDenied,
            "pid \(caller.pid) is the sandboxed app \(app) and may read only its own records, not \(what) \(bundle); "
            + "the user can allow it with `spotlightd --grant-read \(app)=\(bundle)`")
    }
}
