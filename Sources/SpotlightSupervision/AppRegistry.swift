import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SpotlightModel
import SpotlightWire

/// How a bundle identifier becomes a running app: the executable and its arguments.
///
/// Stored as `<bundleIdentifier>.json` in the ``AppRegistry`` directory:
/// `{"bundleIdentifier":"com.example.CometCal","executable":"/abs/cometcal","arguments":["--serve"],
/// "name":"CometCal","icon":"x-office-calendar"}` (`name` and `icon` may be left out).
public struct AppManifest: Codable, Hashable, Sendable {
    public var bundleIdentifier: String
    /// Absolute path of the executable.
    public var executable: String
    /// Arguments that make the executable serve its app service.
    public var arguments: [String]
    /// The app's name as people see it beside its search results ("CometCal").
    public var name: String?
    /// The app's icon: an icon-theme name (`x-office-calendar`) or an absolute image path.
    public var icon: String?

    public init(bundleIdentifier: String, executable: String, arguments: [String] = ["--serve"],
                name: String? = nil, icon: String? = nil) {
        self.bundleIdentifier = bundleIdentifier
        self.executable = executable
        self.arguments = arguments
        self.name = name
        self.icon = icon
    }

    /// ``name``, else the last part of the bundle identifier (`com.example.CometCal` → `CometCal`).
    public var displayName: String {
        if let name, !name.isEmpty { return name }
        return bundleIdentifier.split(separator: ".").last.map(String.init) ?? bundleIdentifier
    }
}

/// The directory of app manifests, one file per bundle.
///
/// The registry decides which process is which app (spotlightd attributes a caller whose
/// executable is a manifest's to that bundle), so a manifest is trusted only when nobody but
/// the user could have written it or its executable; see ``entries(owner:)``.
///
/// The directory is `$SPOTLIGHT_APPS_DIR`, else `$SPOTLIGHT_DATA_DIR/apps`, else
/// `$XDG_DATA_HOME/spotlight/apps`, else `~/.local/share/spotlight/apps`.
///
/// ```swift
/// let registry = AppRegistry()
/// try registry.install(AppManifest(bundleIdentifier: "com.example.CometCal", executable: "/usr/bin/cometcal"))
/// let manifest = try registry.manifest(for: "com.example.CometCal")
/// ```
public struct AppRegistry: Hashable, Sendable {
    public var directory: URL

    public init(directory: URL) { self.directory = directory }

    /// The registry at ``defaultDirectory(environment:)``.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.directory = Self.defaultDirectory(environment: environment)
    }

    /// `$SPOTLIGHT_APPS_DIR`, else `$SPOTLIGHT_DATA_DIR/apps`, else `$XDG_DATA_HOME/spotlight/apps`,
    /// else `~/.local/share/spotlight/apps` (the same order as `SpotlightPaths.appsDirectory`).
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let dir = environment["SPOTLIGHT_APPS_DIR"], !dir.isEmpty {
            return URL(fileURLWithPath: dir, isDirectory: true)
        }
        if let data = environment["SPOTLIGHT_DATA_DIR"], !data.isEmpty {
            return URL(fileURLWithPath: data, isDirectory: true).appendingPathComponent("apps", isDirectory: true)
        }
        if let data = environment["XDG_DATA_HOME"], !data.isEmpty {
            return URL(fileURLWithPath: data, isDirectory: true).appendingPathComponent("spotlight/apps", isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(".local/share/spotlight/apps", isDirectory: true)
    }

    /// The manifest file of a bundle.
    /// - Throws: `invalidInput` if the bundle identifier cannot be a file name.
    public func manifestURL(for bundleIdentifier: String) throws -> URL {
        guard !bundleIdentifier.isEmpty, !bundleIdentifier.hasPrefix("."),
              !bundleIdentifier.contains("/"), !bundleIdentifier.contains("\0") else {
            throw SpotlightError(.invalidInput,
                "bundle identifier \"\(bundleIdentifier)\" cannot name a manifest file; use reverse-DNS like com.example.App")
        }
        return directory.appendingPathComponent("\(bundleIdentifier).json")
    }

    /// Writes (or replaces) a manifest, creating the directory (0700); the file is 0600.
    /// - Throws: `invalidInput` for a relative executable path, `io` if the file cannot be written.
    public func install(_ manifest: AppManifest) throws {
        guard manifest.executable.hasPrefix("/") else {
            throw SpotlightError(.invalidInput,
                "executable \"\(manifest.executable)\" of \(manifest.bundleIdentifier) is not an absolute path")
        }
        let url = try manifestURL(for: manifest.bundleIdentifier)
        do {
            try PrivateFiles.createDirectory(directory.path)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let staging = directory.appendingPathComponent(".\(manifest.bundleIdentifier).json.\(getpid())")
            guard FileManager.default.createFile(atPath: staging.path, contents: try encoder.encode(manifest),
                                                 attributes: [.posixPermissions: PrivateFiles.fileMode]) else {
                throw SpotlightError(.io, "cannot create \(staging.path)")
            }
            // A rename, so a reader never sees half a manifest (and the directory's mtime changes).
            _ = try systemCall("rename") { rename(staging.path, url.path) }
        } catch {
            throw SpotlightError(.io, "cannot write the manifest of \(manifest.bundleIdentifier) to \(url.path); "
                + "check that the app registry \(directory.path) is writable", underlying: "\(error)")
        }
    }

    /// The accepted manifest of a bundle (see ``entries(owner:)`` for what is accepted).
    /// - Throws: `notFound` naming the registry directory if the bundle is not registered;
    ///   `permissionDenied` with the reason if its manifest is refused.
    public func manifest(for bundleIdentifier: String) throws -> AppManifest {
        let url = try manifestURL(for: bundleIdentifier)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw SpotlightError(.notFound, "no app with bundle identifier \(bundleIdentifier) is registered in "
                + "\(directory.path) (no \(url.lastPathComponent)); run the app with --install, "
                + "or set SPOTLIGHT_APPS_DIR to the registry that has it")
        }
        let entry = try entries().first { $0.file == url.lastPathComponent }
        guard let entry, let manifest = entry.manifest, entry.refusal == nil else {
            throw SpotlightError(.permissionDenied, "the manifest \(url.path) is refused: "
                + (entry?.refusal ?? "it could not be read") + "; reinstall the app with --install")
        }
        return manifest
    }

    /// Every accepted manifest, sorted by bundle identifier; empty if the directory does not exist.
    public func manifests() throws -> [AppManifest] {
        try entries().compactMap { $0.refusal == nil ? $0.manifest : nil }
    }

    /// Removes a bundle's manifest; does nothing if it is not registered.
    public func remove(bundleIdentifier: String) throws {
        let url = try manifestURL(for: bundleIdentifier)
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            throw SpotlightError(.io, "cannot remove \(url.path) from the app registry", underlying: "\(error)")
        }
    }
}
