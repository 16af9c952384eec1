import Foundation
import SpotlightKit
import SpotlightModel
import SpotlightSupervision
import Synchronization

/// What the desktop shows of the app behind a result: its name and icon from its manifest,
/// and whether it is still installed (a manifest whose executable exists). Results of an app
/// that is gone are still shown, without an open action.
struct AppEntry: Hashable, Sendable {
    let bundle: String
    let name: String
    let icon: String?
    let isInstalled: Bool
}

/// The app registry as the provider reads it: spotlightd's registry directory (from its
/// `status`, so both agree), else `--apps-dir`/`SPOTLIGHT_APPS_DIR`, else the default. Entries
/// are kept for two seconds, so typing does not re-read manifests per keystroke and an app
/// removed while the provider runs is noticed.
final class AppCatalog: Sendable {
    private let index: SearchableIndex
    private let explicitDirectory: String?
    private let repeated: RepeatedWarning
    private let directory = Mutex<URL?>(nil)
    private let entries = Mutex<[String: (entry: AppEntry, read: ContinuousClock.Instant)]>([:])
    static let freshness: Duration = .seconds(2)

    init(index: SearchableIndex, explicitDirectory: String?, repeated: RepeatedWarning) {
        self.index = index
        self.explicitDirectory = explicitDirectory
        self.repeated = repeated
    }

    /// The app's entry, read at most ``freshness`` ago.
    /// - Parameter fresh: read the manifest now, whatever is kept (after spotlightd said the
    ///   app is not installed).
    func app(for bundle: String, fresh: Bool = false) async -> AppEntry {
        let now = ContinuousClock.now
        if !fresh, let kept = entries.withLock({ $0[bundle] }), now - kept.read < Self.freshness { return kept.entry }
        let entry = read(bundle, registry: AppRegistry(directory: await registryDirectory()))
        entries.withLock { $0[bundle] = (entry, now) }
        return entry
    }

    private func read(_ bundle: String, registry: AppRegistry) -> AppEntry {
        let fallbackName = AppManifest(bundleIdentifier: bundle, executable: "").displayName
        do {
            let manifest = try registry.manifest(for: bundle)
            let installed = FileManager.default.isExecutableFile(atPath: manifest.executable)
            if !installed {
                log.debug("\(bundle): its manifest names \(manifest.executable), which is not an executable; shown as not installed")
            }
            return AppEntry(bundle: bundle, name: manifest.displayName, icon: manifest.icon.flatMap { $0.isEmpty ? nil : $0 },
                            isInstalled: installed)
        } catch let error as SpotlightError where error.code == .notFound {
            return AppEntry(bundle: bundle, name: fallbackName, icon: nil, isInstalled: false)
        } catch {
            repeated.warning("cannot read the manifest of \(bundle) (\(error)); its results are shown as not installed")
            return AppEntry(bundle: bundle, name: fallbackName, icon: nil, isInstalled: false)
        }
    }

    /// `--apps-dir`/`SPOTLIGHT_APPS_DIR` when given; else spotlightd's (asked once); else the default.
    private func registryDirectory() async -> URL {
        if let explicitDirectory { return URL(fileURLWithPath: explicitDirectory, isDirectory: true) }
        if let known = directory.withLock({ $0 }) { return known }
        if let status = try? await index.status(), let apps = status.appsDirectory {
            let url = URL(fileURLWithPath: apps, isDirectory: true)
            directory.withLock { $0 = url }
            return url
        }
        return AppRegistry.defaultDirectory()
    }
}
