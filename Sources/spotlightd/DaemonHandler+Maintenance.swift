import Foundation
import Synchronization
import SpotlightCore
import SpotlightModel
import SpotlightProtocol
import SpotlightWire

/// The rebuild that is running, so `cancelRebuild` can stop it.
final class MaintenanceState: Sendable {
    let rebuild = Mutex<Task<RebuildResult, any Error>?>(nil)
    /// Set when a stop cancelled the rebuild, so its caller is told why.
    let stopping = Mutex(false)
    /// While a rebuild from the apps runs: the apps done and the apps it asks (`status`).
    let appsProgress = Mutex<(done: Int, total: Int)?>(nil)
}

/// The maintenance methods spotlightctl uses: rebuild (cancellable), export, check, compact.
extension DaemonHandler {
    func handleMaintenance(_ method: DaemonProtocol.Method, params: JSONValue?, peer: PeerCredentials) async throws -> JSONValue {
        switch method {
        case .rebuild:
            return try JSONValue(encoding: try await rebuild(try params.decode(RebuildParams.self), peer: peer))
        case .cancelRebuild:
            try refuseParams(params, of: method)
            let task = maintenance.rebuild.withLock { $0 }
            task?.cancel()
            if task != nil { log(.info, "rebuild cancelled by pid \(peer.pid)") }
            return try JSONValue(encoding: CancelRebuildResult(cancelled: task != nil))
        case .export:
            let p = try params.decode(ExportParams.self)
            guard (1...10_000).contains(p.limit) else {
                throw SpotlightError(.invalidInput, "export limit must be 1...10000 (got \(p.limit))")
            }
            var bundle = p.bundle
            if callers.readScope(peer) != nil {
                let caller = callers.resolve(peer)
                bundle = bundle ?? caller.bundle
                try requireReadable(bundle ?? "", caller, what: "the records of")
            }
            // Half a frame of records at most, so large records page instead of failing the answer.
            let page = try engine.exportPage(bundle: bundle, type: p.type, after: p.after, limit: p.limit,
                                             maxBytes: configuration.maxFrameBytes / 2)
            return try JSONValue(encoding: ExportResult(records: page.records, next: page.next,
                                                        damaged: page.damaged.isEmpty ? nil : page.damaged))
        case .check:
            try refuseParams(params, of: method)
            log(.info, "check requested by pid \(peer.pid)")
            let r = try await engine.checkConsistency()
            if !(r.indexProblems + r.storeProblems).isEmpty {
                log(.warning, "check found: " + (r.indexProblems + r.storeProblems).prefix(5).joined(separator: "; "))
            }
            return try JSONValue(encoding: r)
        case .compact:
            try refuseParams(params, of: method)
            log(.info, "compact requested by pid \(peer.pid)")
            let r = try await engine.compact()
            return try JSONValue(encoding: CompactResult(bytesBefore: r.bytesBefore, bytesAfter: r.bytesAfter,
                                                         seconds: r.seconds, sequence: r.sequence))
        default:
            throw DaemonProtocol.Method.unknown(method.rawValue)
        }
    }

    /// Cancels a running rebuild from the store because spotlightd is stopping; true if one ran.
    func cancelRebuildForStop() -> Bool {
        maintenance.stopping.withLock { $0 = true }
        let task = maintenance.rebuild.withLock { $0 }
        task?.cancel()
        return task != nil
    }

    /// Runs a rebuild in a task `cancelRebuild` can cancel; the old index stays until the swap.
    func rebuild(_ p: RebuildParams, peer: PeerCredentials) async throws -> RebuildResult {
        switch p.from ?? "store" {
        case "store":
            if let bundle = p.bundle {
                throw SpotlightError(.invalidInput, "a rebuild from the store re-derives the whole index; a bundle "
                    + "(\"\(bundle)\") goes with a rebuild from the apps: give \"from\": \"apps\" "
                    + "(spotlightctl rebuild --from-apps --bundle \(bundle.isEmpty ? "BUNDLE" : bundle))")
            }
        case "apps":
            log(.info, "rebuild from apps requested by pid \(peer.pid)")
            return try await rebuildFromApps(bundle: p.bundle)
        case let other:
            throw SpotlightError(.invalidInput, "rebuild from \"\(other)\" is unknown; use \"store\" or \"apps\"")
        }
        log(.info, "rebuild requested by pid \(peer.pid)")
        let engine = self.engine
        let task = Task {
            let report = try await engine.rebuild()
            return RebuildResult(records: report.records, seconds: report.seconds, sequence: report.sequence)
        }
        try maintenance.rebuild.withLock { running in
            if running != nil {
                task.cancel()
                throw SpotlightError(.conflict, "a rebuild is already running; wait for it (see status)")
            }
            running = task
        }
        defer { maintenance.rebuild.withLock { $0 = nil } }
        do {
            return try await task.value
        } catch is CancellationError {
            let stopping = maintenance.stopping.withLock { $0 } ? "spotlightd is stopping: " : ""
            throw SpotlightError(.conflict, stopping + "the rebuild was cancelled; the old index stays in place")
        }
    }
}
