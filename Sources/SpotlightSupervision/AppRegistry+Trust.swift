import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SpotlightModel
import SpotlightWire

/// One manifest file of the registry and what was decided about it.
///
/// ```swift
/// for entry in try registry.entries() where entry.refusal != nil {
///     print("\(entry.file): \(entry.refusal!)")
/// }
/// ```
public struct RegistryEntry: Hashable, Sendable {
    /// The file name in the registry directory.
    public var file: String
    /// The manifest, when the file is one.
    public var manifest: AppManifest?
    /// Why the manifest is not trusted; nil when it is accepted.
    public var refusal: String?

    public init(file: String, manifest: AppManifest?, refusal: String?) {
        self.file = file
        self.manifest = manifest
        self.refusal = refusal
    }
}

extension AppRegistry {
    /// Every `*.json` file of the registry, sorted by name, each accepted or refused with the
    /// reason. A manifest is accepted only when
    /// - the registry directory is owned by `owner` or root and not writable by group or others;
    /// - its file is a regular file (not a link) owned by `owner` or root and not writable by
    ///   group or others, and parses as a manifest;
    /// - its file name is its bundle identifier plus `.json`;
    /// - its executable is an absolute path to a regular file that is, like every directory
    ///   above it, owned by `owner` or root and not writable by group or others (a sticky
    ///   directory such as /tmp excepted), as ssh checks `~/.ssh`;
    /// - no other manifest names the same bundle, and no other names the same executable
    ///   (one executable identifies one app).
    ///
    /// - Parameter owner: the user whose registry this is (default: this process's).
    /// - Throws: `io` when the directory exists but cannot be listed.
    public func entries(owner: uid_t = getuid()) throws -> [RegistryEntry] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            if !FileManager.default.fileExists(atPath: directory.path) { return [] }
            // Foundation's error prints as a dump of its user info; its POSIX cause says it.
            let cause = POSIXCause.code(of: error).map { String(cString: strerror($0)) }
            throw SpotlightError(.io, "cannot list the app registry \(directory.path)"
                + (cause.map { ": \($0); the app registry must be a directory (--apps-dir, SPOTLIGHT_APPS_DIR)" } ?? ""),
                underlying: cause == nil ? "\(error)" : nil)
        }
        // Anyone who may write the directory may drop a manifest into it.
        let directoryProblem = Self.untrusted(directory.path, owner: owner, kind: "the app registry", expectFile: false)
        var entries = names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted().map { name in
            let (manifest, refusal) = Self.read(directory.appendingPathComponent(name).path, named: name, owner: owner)
            return RegistryEntry(file: name, manifest: manifest, refusal: directoryProblem ?? refusal)
        }
        // Claims on one bundle or one executable by more than one manifest: none of them is trusted.
        func refuseShared(_ key: (AppManifest) -> String, _ reason: (String, [String]) -> String) {
            var claims: [String: [Int]] = [:]
            for (n, entry) in entries.enumerated() {
                if let manifest = entry.manifest { claims[key(manifest), default: []].append(n) }
            }
            for (value, indices) in claims where indices.count > 1 {
                let files = indices.map { entries[$0].file }
                for n in indices where entries[n].refusal == nil { entries[n].refusal = reason(value, files) }
            }
        }
        refuseShared(\.bundleIdentifier) { bundle, files in
            "\(files.count) manifests name the bundle \(bundle) (\(files.joined(separator: ", "))); "
                + "remove the ones that are not the app's"
        }
        refuseShared({ Self.realPath($0.executable) }) { executable, files in
            "\(files.count) manifests name the executable \(executable) (\(files.joined(separator: ", "))); "
                + "one executable identifies one app"
        }
        return entries
    }

    /// The manifest in a file and why it is refused, if it is.
    private static func read(_ path: String, named name: String, owner: uid_t) -> (AppManifest?, String?) {
        if let problem = untrusted(path, owner: owner, kind: "the manifest", expectFile: true) { return (nil, problem) }
        guard let data = FileManager.default.contents(atPath: path) else { return (nil, "it cannot be read") }
        let manifest: AppManifest
        do {
            manifest = try JSONValue.parse(data).decode(AppManifest.self)
        } catch {
            return (nil, "it is not an app manifest (\(error))")
        }
        guard name == manifest.bundleIdentifier + ".json" else {
            return (manifest, "its file name is not its bundle identifier: it names \(manifest.bundleIdentifier), "
                + "so it must be \(manifest.bundleIdentifier).json")
        }
        guard manifest.executable.hasPrefix("/") else {
            return (manifest, "its executable \"\(manifest.executable)\" is not an absolute path")
        }
        let real = realPath(manifest.executable)
        if let problem = untrusted(real, owner: owner, kind: "its executable", expectFile: true) { return (manifest, problem) }
        var directory = (real as NSString).deletingLastPathComponent
        while true {
            if let problem = untrusted(directory, owner: owner, kind: "the directory of its executable", expectFile: false) {
                return (manifest, problem)
            }
            if directory == "/" || directory.isEmpty { break }
            directory = (directory as NSString).deletingLastPathComponent
        }
        return (manifest, nil)
    }

    /// Why `path` cannot be trusted to be the user's: missing, of the wrong type, owned by
    /// someone else, or writable by group or others (a sticky directory may be).
    private static func untrusted(_ path: String, owner: uid_t, kind: String, expectFile: Bool) -> String? {
        var status = stat()
        do {
            _ = try systemCall("lstat") { lstat(path, &status) }
        } catch {
            return "\(kind) \(path) cannot be examined (\(error.reason))"
        }
        let type = status.st_mode & S_IFMT
        if expectFile, type == S_IFLNK { return "\(kind) \(path) is a symbolic link; install a file" }
        if expectFile, type != S_IFREG { return "\(kind) \(path) is not a regular file" }
        if !expectFile, type != S_IFDIR { return "\(kind) \(path) is not a directory" }
        if status.st_uid != owner, status.st_uid != 0 {
            return "\(kind) \(path) is owned by uid \(status.st_uid), not by uid \(owner) or root"
        }
        let sticky = !expectFile && status.st_mode & S_ISVTX != 0
        if status.st_mode & 0o022 != 0, !sticky {
            return "\(kind) \(path) is writable by group or others (mode \(String(status.st_mode & 0o7777, radix: 8))); "
                + "`chmod go-w \(path)`"
        }
        return nil
    }

    /// `path` with every symbolic link resolved (as /proc/PID/exe names a running executable).
    public static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
