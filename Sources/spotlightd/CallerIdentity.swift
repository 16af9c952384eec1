import Foundation
import Synchronization
import SpotlightModel
import SpotlightSupervision
import SpotlightWire

/// Who is calling, as the daemon decided it from the peer's credentials (never from the
/// payload).
struct Caller: Sendable {
    var pid: Int32
    /// The app's bundle when the peer is a registered app or a Flatpak app.
    var bundle: String?
    /// The bundles this caller may write.
    var writable: Set<String>
    /// The bundles whose records this caller may read; nil: every bundle.
    var readable: Set<String>?
    /// How the daemon identified the caller, for logs.
    var via: String

    /// A caller confined to some bundles' records (a sandboxed app).
    var isConfined: Bool { readable != nil }
}

/// Maps a peer process to a ``Caller``:
/// 1. a Flatpak app: its app id from `/proc/PID/root/.flatpak-info`; it writes its own bundle
///    and reads only its own bundle's records, plus those `--grant-read APP=BUNDLE` gives it;
/// 2. a registered app: `/proc/PID/exe` equals an accepted manifest's executable (see
///    `AppRegistry.entries`); it writes its own bundle and reads everything;
/// 3. anything else (the CLI, a test): reads everything, writes the bundles of `--grant`.
final class CallerResolver: Sendable {
    let registry: AppRegistry
    let grants: Set<String>
    /// Flatpak app id -> bundles it may read besides its own (`*`: all).
    let readGrants: [String: Set<String>]
    let log: SpotlightLog
    /// How long a registry scan is trusted when the directory did not change: a manifest's
    /// executable may change mode without the directory noticing.
    static let registryMaxAge: TimeInterval = 10

    private struct RegistryCache {
        var modified: Date?
        var scanned: Date = .distantPast
        var byExecutable: [String: String] = [:]
        var refusals: [String: String] = [:]
    }
    private let cache = Mutex(RegistryCache())
    /// Connection -> the Flatpak app id of its peer (nil: not sandboxed), read once per connection.
    private let sandboxes = Mutex<[Int: String?]>([:])

    init(registry: AppRegistry, grants: Set<String>, readGrants: [String: Set<String>] = [:],
         log: SpotlightLog = .silent) {
        self.registry = registry
        self.grants = grants
        self.readGrants = readGrants
        self.log = log
    }

    func resolve(_ peer: PeerCredentials) -> Caller {
        if let app = sandboxApp(peer) {
            return Caller(pid: peer.pid, bundle: app, writable: [app], readable: readable(byApp: app), via: "flatpak")
        }
        if let exe = executable(of: peer.pid), let bundle = registeredExecutables()[exe] {
            return Caller(pid: peer.pid, bundle: bundle, writable: [bundle], via: "registered executable \(exe)")
        }
        return Caller(pid: peer.pid, bundle: nil, writable: grants, via: "unregistered")
    }

    /// What the peer may read (nil: everything): cheap after a connection's first request,
    /// for the query path.
    func readScope(_ peer: PeerCredentials) -> Set<String>? {
        sandboxApp(peer).flatMap(readable(byApp:))
    }

    /// Drops what was kept for a closed connection.
    func forget(connection: Int) {
        _ = sandboxes.withLock { $0.removeValue(forKey: connection) }
    }

    private func readable(byApp app: String) -> Set<String>? {
        let granted = readGrants[app] ?? []
        return granted.contains("*") ? nil : granted.union([app])
    }

    /// The Flatpak app id of the peer, read once per connection (a process cannot leave its sandbox).
    private func sandboxApp(_ peer: PeerCredentials) -> String? {
        guard peer.connection != 0 else { return flatpakAppID(pid: peer.pid) }
        if let known = sandboxes.withLock({ $0[peer.connection] }) { return known }
        let app = flatpakAppID(pid: peer.pid)
        sandboxes.withLock { $0[peer.connection] = .some(app) }
        return app
    }

    /// The real path of a process's executable: one readlink(2) per call (FileManager's took
    /// 1.7% of the daemon's time under single donations), read on every call since a process
    /// that exec'd another program keeps its connection.
    func executable(of pid: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/\(pid)/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        var path = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if path.hasSuffix(" (deleted)") { path.removeLast(" (deleted)".count) }
        return path
    }

    /// The app id in `[Application] name=` of the process's `/.flatpak-info`, the file Flatpak
    /// puts at the root of every sandbox.
    func flatpakAppID(pid: Int32) -> String? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/root/.flatpak-info", encoding: .utf8) else {
            return nil
        }
        var inApplication = false
        for line in text.split(separator: "\n") {
            let l = line.trimmingCharacters(in: .whitespaces)
            if l.hasPrefix("[") { inApplication = l == "[Application]"; continue }
            if inApplication, l.hasPrefix("name=") {
                let name = String(l.dropFirst(5)).trimmingCharacters(in: .whitespaces)
                return name.isEmpty ? nil : name
            }
        }
        return nil
    }

    /// Accepted manifests by resolved executable path, scanned again when the registry
    /// directory changes (manifests are written by an atomic rename, which updates the
    /// directory's mtime) or the scan is older than ``registryMaxAge``. Each newly refused
    /// manifest is logged with the reason.
    func registeredExecutables() -> [String: String] {
        // stat(2), not FileManager's attributes (3% of the daemon's time under single donations).
        var info = stat()
        let modified: Date? = stat(registry.directory.path, &info) == 0
            ? Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9) : nil
        return cache.withLock { cache in
            if let modified, cache.modified == modified, Date().timeIntervalSince(cache.scanned) < Self.registryMaxAge {
                return cache.byExecutable
            }
            var map: [String: String] = [:]
            var refusals: [String: String] = [:]
            let entries: [RegistryEntry]
            do {
                entries = try registry.entries()
            } catch {
                log(.warning, "cannot read the app registry: \(error); no caller is identified as a registered app")
                entries = []
            }
            for entry in entries {
                if let refusal = entry.refusal {
                    refusals[entry.file] = refusal
                } else if let manifest = entry.manifest {
                    map[AppRegistry.realPath(manifest.executable)] = manifest.bundleIdentifier
                }
            }
            for (file, reason) in refusals.sorted(by: { $0.key < $1.key }) where cache.refusals[file] != reason {
                log(.warning, "app registry: refused \(registry.directory.path)/\(file): \(reason)")
            }
            cache = RegistryCache(modified: modified, scanned: Date(), byExecutable: map, refusals: refusals)
            return map
        }
    }
}
