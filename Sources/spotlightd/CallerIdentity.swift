import Foundation
import Synchronization
import SpotlightModel
import SpotlightWire

/// Who is calling, as the daemon decided it from the peer's credentials (never from the
/// payload).
struct Caller: Sendable {
    var pid: Int32
    /// The app's bundle when the peer is a registered app or a Flatpak app.
    var bundle: String?
    /// The bundles this caller may write.
    var writable: Set<String>
    /// How the daemon identified the caller, for logs.
    var via: String
}

/// Maps a peer process to a ``Caller``:
/// 1. a Flatpak app: its app id from `/proc/PID/root/.flatpak-info`;
/// 2. a registered app: `/proc/PID/exe` equals its manifest's executable;
/// 3. anything else (the CLI, a test): read-only, plus the bundles granted by `--grant`.
final class CallerResolver: Sendable {
    let registry: AppRegistry
    let grants: Set<String>
    private let cache = Mutex<(modified: Date?, byExecutable: [String: String])>((nil, [:]))

    init(registry: AppRegistry, grants: Set<String>) {
        self.registry = registry
        self.grants = grants
    }

    func resolve(pid: Int32) -> Caller {
        if let app = flatpakAppID(pid: pid) {
            return Caller(pid: pid, bundle: app, writable: [app], via: "flatpak")
        }
        if let exe = executable(of: pid), let bundle = registeredExecutables()[exe] {
            return Caller(pid: pid, bundle: bundle, writable: [bundle], via: "registered executable \(exe)")
        }
        return Caller(pid: pid, bundle: nil, writable: grants, via: "unregistered")
    }

    /// The real path of a process's executable.
    func executable(of pid: Int32) -> String? {
        guard var path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe") else {
            return nil
        }
        if path.hasSuffix(" (deleted)") { path.removeLast(" (deleted)".count) }
        return path
    }

    func flatpakAppID(pid: Int32) -> String? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/root/.flatpak-info", encoding: .utf8) else {
            return nil
        }
        var inApplication = false
        for line in text.split(separator: "\n") {
            let l = line.trimmingCharacters(in: .whitespaces)
            if l.hasPrefix("[") { inApplication = l == "[Application]"; continue }
            if inApplication, l.hasPrefix("name=") { return String(l.dropFirst(5)) }
        }
        return nil
    }

    /// Manifests by resolved executable path, re-read when the registry directory changes
    /// (manifests are written by an atomic rename, which updates the directory's mtime).
    func registeredExecutables() -> [String: String] {
        let modified = (try? FileManager.default.attributesOfItem(atPath: registry.directory.path))?[.modificationDate] as? Date
        return cache.withLock { cache in
            if let modified, cache.modified == modified { return cache.byExecutable }
            var map: [String: String] = [:]
            for manifest in (try? registry.manifests()) ?? [] {
                let real = URL(fileURLWithPath: manifest.executable).resolvingSymlinksInPath().path
                map[real] = manifest.bundleIdentifier
            }
            cache = (modified, map)
            return map
        }
    }
}
