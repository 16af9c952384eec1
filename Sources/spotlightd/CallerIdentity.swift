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

    /// The bundle a call that names none is about: the app's own, or the one bundle a tool
    /// was granted (`--grant`); nil when neither decides it.
    var defaultBundle: String? { bundle ?? (writable.count == 1 ? writable.first : nil) }
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
    /// The registry directory's path, read from its URL once (`URL.path` took an eighth of a
    /// single donation's handling).
    private let registryPath: String
    /// Connection -> what was learnt of its peer process at its first request.
    private let peers = Mutex<[Int: PeerProcess]>([:])

    init(registry: AppRegistry, grants: Set<String>, readGrants: [String: Set<String>] = [:],
         log: SpotlightLog = .silent) {
        self.registry = registry
        self.registryPath = registry.directory.path
        self.grants = grants
        self.readGrants = readGrants
        self.log = log
    }

    func resolve(_ peer: PeerCredentials) -> Caller {
        let process = peerProcess(peer)
        if let app = process.sandboxApp {
            return Caller(pid: peer.pid, bundle: app, writable: [app], readable: readable(byApp: app), via: "flatpak")
        }
        if let exe = process.executable(), let bundle = registeredExecutables()[exe] {
            return Caller(pid: peer.pid, bundle: bundle, writable: [bundle], via: "registered executable \(exe)")
        }
        return Caller(pid: peer.pid, bundle: nil, writable: grants, via: "unregistered")
    }

    /// What the peer may read (nil: everything): cheap after a connection's first request,
    /// for the query path.
    func readScope(_ peer: PeerCredentials) -> Set<String>? {
        peerProcess(peer).sandboxApp.flatMap(readable(byApp:))
    }

    /// Drops what was kept for a closed connection (its `/proc` directory closes once no
    /// request still resolving holds it).
    func forget(connection: Int) {
        _ = peers.withLock { $0.removeValue(forKey: connection) }
    }

    private func readable(byApp app: String) -> Set<String>? {
        let granted = readGrants[app] ?? []
        return granted.contains("*") ? nil : granted.union([app])
    }

    /// The peer's process as learnt at its connection's first request; learnt afresh for a
    /// request without a connection.
    private func peerProcess(_ peer: PeerCredentials) -> PeerProcess {
        guard peer.connection != 0 else { return PeerProcess(pid: peer.pid, sandboxApp: flatpakAppID(pid: peer.pid)) }
        if let known = peers.withLock({ $0[peer.connection] }) { return known }
        let process = PeerProcess(pid: peer.pid, sandboxApp: flatpakAppID(pid: peer.pid))
        return peers.withLock { known in
            if let first = known[peer.connection] { return first }
            known[peer.connection] = process
            return process
        }
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
        let modified: Date? = stat(registryPath, &info) == 0
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

/// What the daemon keeps of a connection's peer process: its Flatpak app id (a process
/// cannot leave its sandbox) and its `/proc/PID` directory, opened once, from which the
/// executable is read at every request.
final class PeerProcess: Sendable {
    /// The Flatpak app id; nil: not sandboxed.
    let sandboxApp: String?
    /// `/proc/PID` opened `O_PATH`, or -1 (the process was gone already: it has no
    /// executable). It names this process for as long as it is open: once the process is
    /// gone, reads through it fail rather than find a process that was given the same pid.
    private let directory: Int32

    init(pid: Int32, sandboxApp: String?) {
        self.sandboxApp = sandboxApp
        directory = open("/proc/\(pid)", Self.pathOnly | O_DIRECTORY | O_CLOEXEC)
    }

    /// Linux's `O_PATH` (glibc declares it only with `_GNU_SOURCE`, which Swift's Glibc lacks).
    private static let pathOnly: Int32 = 0o10000000

    deinit {
        if directory >= 0 { close(directory) }
    }

    /// The real path of the process's executable, read on every call (one readlinkat(2)
    /// relative to the open directory, no path walk), since a process that exec'd another
    /// program keeps its connection.
    func executable() -> String? {
        guard directory >= 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBytes { raw in
            readlinkat(directory, "exe", raw.baseAddress!.assumingMemoryBound(to: CChar.self), raw.count - 1)
        }
        guard count > 0 else { return nil }
        var path = String(decoding: buffer[..<count], as: UTF8.self)
        if path.hasSuffix(" (deleted)") { path.removeLast(" (deleted)".count) }
        return path
    }
}
