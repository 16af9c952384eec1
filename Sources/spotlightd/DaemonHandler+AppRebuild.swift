import Foundation
import SpotlightCore
import SpotlightModel
import SpotlightProtocol
import SpotlightSupervision

/// `rebuild` with `from: "apps"`: ask each registered app to re-donate everything, then remove
/// what it no longer donates.
extension DaemonHandler {
    func rebuildFromApps(bundle: String?) async throws -> RebuildResult {
        let started = Date()
        let registry = callers.registry
        let manifests = try bundle.map { [try registry.manifest(for: $0)] } ?? registry.manifests()
        if manifests.isEmpty {
            throw SpotlightError(.notFound, "no app is registered in \(registry.directory.path); "
                + "register one with `spotlightctl apps register EXECUTABLE` or `<app> --install`")
        }
        var reports: [AppReindexReport] = []
        maintenance.appsProgress.withLock { $0 = (0, manifests.count) }
        defer { maintenance.appsProgress.withLock { $0 = nil } }
        for manifest in manifests {
            try Task.checkCancellation()
            reports.append(await reindex(manifest))
            maintenance.appsProgress.withLock { $0 = (reports.count, manifests.count) }
        }
        if bundle == nil, reports.allSatisfy({ $0.error == nil }) { engine.storeRestoredByApps() }
        let total = reports.reduce(0) { $0 + $1.redonated }
        return RebuildResult(records: total, seconds: Date().timeIntervalSince(started),
                             sequence: engine.durableSequence, apps: reports)
    }

    /// Launches (or reuses) one app, calls its `reindexAll`, and deletes the bundle's records
    /// written before the call that the app did not donate again.
    func reindex(_ manifest: AppManifest) async -> AppReindexReport {
        let bundle = manifest.bundleIdentifier
        let appSocket = appSocket(for: bundle)
        let launcher = AppLauncher(manifest: manifest, socketPath: appSocket,
                                   environment: AppLauncher.environment(daemonSocket: configuration.socket, appSocket: appSocket))
        defer { Task { await launcher.terminate() } }
        let before = engine.durableSequence
        do {
            log(.info, "rebuild from apps: asking \(bundle) to re-donate")
            let result: ReindexResult = try await launcher.call("reindexAll", JSONValue.object([:]), timeout: .seconds(600))
            if let refused = result.refused, let first = refused.first {
                log(.warning, "rebuild from apps: \(bundle) left out \(refused.count) entities spotlightd would refuse, "
                    + "the first: \(first)")
            }
            let stale = try engine.keys(bundle: bundle, writtenThrough: before)
            for (type, keys) in Dictionary(grouping: stale, by: \.type) {
                _ = try await engine.write(.delete(.ids(bundle: bundle, type: type, ids: keys.map(\.id))))
            }
            // Its records, and the Core Spotlight items its index delegates donated.
            let redonated = result.donated + (result.items ?? 0)
            log(.info, "rebuild from apps: \(bundle) re-donated \(redonated), removed \(stale.count)")
            return AppReindexReport(bundle: bundle, redonated: redonated, removed: stale.count)
        } catch {
            // One line, for the log and the report; the end of its stderr once (a launch failure
            // already ends with it).
            let described = "\(error)"
            let tail = launcher.stderrTail.split(separator: "\n").suffix(3).joined(separator: " | ")
            let why = (described.split(separator: "\n").joined(separator: " | "))
                + (tail.isEmpty || described.contains("stderr") ? "" : " (its stderr ends: \(tail))")
            log(.warning, "rebuild from apps: \(bundle) failed: \(why)")
            return AppReindexReport(bundle: bundle, redonated: 0, removed: 0, error: why)
        }
    }
}
