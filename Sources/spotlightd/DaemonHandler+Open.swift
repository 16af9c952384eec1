import Foundation
import SpotlightModel
import SpotlightProtocol
import SpotlightSupervision
import Synchronization

/// `open`: show a record in the app that donated it, as Core Spotlight hands a tapped result to
/// its app. The app is launched by bundle identifier from its manifest (or the one already
/// serving on its socket is used) and asked for `openEntity`; it stays running afterwards, on
/// the screen it opened, until spotlightd exits.
extension DaemonHandler {
    func open(_ p: RecordKey) async throws -> OpenResult {
        let manifest: AppManifest
        do {
            manifest = try callers.registry.manifest(for: p.bundle)
        } catch let error as SpotlightError where error.code == .notFound {
            throw SpotlightError(.notFound, "cannot open \(p.type) \(p.id): \(p.bundle) is not installed (no manifest "
                + "in \(callers.registry.directory.path)); install the app again (`<app> --install`) to open its records")
        }
        let socket = appSocket(for: p.bundle)
        var launcher = openedApps.launcher(for: manifest, socket: socket, daemonSocket: configuration.socket)
        let wasRunning = launcher.isRunning
        let params = EntityReference(type: p.type, id: p.id)
        let result: OpenEntityResult
        do {
            result = try await callOnce(launcher, params)
        } catch let error as SpotlightError where error.code == .unavailable {
            // The app crashed, or a server the launcher reused (one `rebuild --from-apps`
            // started) went away: once more with a fresh launcher, which launches it.
            launcher = openedApps.launcher(for: manifest, socket: socket, daemonSocket: configuration.socket,
                                           replacing: launcher)
            result = try await callOnce(launcher, params, retrying: error)
        }
        log(.info, "open: \(p.bundle) showed \(p.type) \(p.id) through \(result.intent)"
            + (wasRunning ? "" : " (launched it, pid \(launcher.pid.map(String.init) ?? "?"))"))
        return OpenResult(bundle: p.bundle, type: p.type, id: p.id, intent: result.intent, appName: manifest.name,
                          launched: !wasRunning && launcher.pid != nil, pid: launcher.pid)
    }

    /// The socket spotlightd launches an app service on: `apps/<bundle>.sock` beside its own.
    func appSocket(for bundle: String) -> String {
        (configuration.socket as NSString).deletingLastPathComponent + "/apps/\(bundle).sock"
    }

    /// One `openEntity` call; a failure to reach the app becomes `appUnavailable` (spotlightd
    /// itself answered), so callers do not mistake it for spotlightd being down.
    private func callOnce(_ launcher: AppLauncher, _ params: EntityReference,
                          retrying previous: SpotlightError? = nil) async throws -> OpenEntityResult {
        do {
            return try await launcher.call(AppServiceMethod.openEntity.rawValue, params, as: OpenEntityResult.self)
        } catch let error as SpotlightError where error.code == .unavailable || error.code == .timeout {
            if previous == nil, error.code == .unavailable { throw error }
            let bundle = launcher.manifest.bundleIdentifier
            log(.warning, "open: \(bundle) could not be reached: \(error.message)")
            throw SpotlightError(.appUnavailable, "cannot open \(params.type) \(params.id): \(bundle) could not be "
                + "reached: \(error.message)", underlying: error.underlying)
        }
    }
}

/// The apps spotlightd launched to open records, one launcher per bundle, kept so that the
/// app stays on the screen it opened and the next open reuses it. A changed manifest (the app
/// was reinstalled elsewhere) replaces the launcher and stops the old process. The apps are
/// launched with `SPOTLIGHT_EXIT_WITH_PARENT=1`, so they end with spotlightd.
final class OpenedApps: Sendable {
    private let launchers = Mutex<[String: AppLauncher]>([:])

    /// The bundle's launcher; a new one when the manifest changed or `replacing` is the current one.
    func launcher(for manifest: AppManifest, socket: String, daemonSocket: String,
                  replacing stale: AppLauncher? = nil) -> AppLauncher {
        let (launcher, replaced) = launchers.withLock { table -> (AppLauncher, AppLauncher?) in
            let old = table[manifest.bundleIdentifier]
            if let old, old.manifest == manifest, old !== stale { return (old, nil) }
            let fresh = AppLauncher(manifest: manifest, socketPath: socket,
                                    environment: AppLauncher.environment(daemonSocket: daemonSocket, appSocket: socket))
            table[manifest.bundleIdentifier] = fresh
            return (fresh, old)
        }
        if let replaced { replaced.close() }
        return launcher
    }
}
