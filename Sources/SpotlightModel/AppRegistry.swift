import Foundation

/// How a bundle identifier becomes a running app: its executable and arguments.
///
/// Stored as `<bundle>.json` in the registry directory (``SpotlightPaths/appsDirectory(_:)``):
/// ```json
/// {"bundleIdentifier":"com.example.apple-samplecode.CometCal",
///  "executable":"/usr/local/bin/cometcal","arguments":["--serve"]}
/// ```
public struct AppManifest: Codable, Hashable, Sendable {
    public var bundleIdentifier: String
    /// Absolute path of the app's executable; spotlightd matches callers against it.
    public var executable: String
    /// Arguments that start the app service.
    public var arguments: [String]

    public init(bundleIdentifier: String, executable: String, arguments: [String] = ["--serve"]) {
        self.bundleIdentifier = bundleIdentifier
        self.executable = executable
        self.arguments = arguments
    }
}

/// The app registry: a directory of manifests.
///
/// ```swift
/// let registry = AppRegistry()                       // honours SPOTLIGHT_APPS_DIR
/// try registry.install(AppManifest(bundleIdentifier: "com.example.App", executable: "/usr/bin/app"))
/// let app = try registry.manifest(for: "com.example.App")
/// ```
public struct AppRegistry: Sendable {
    public let directory: String

    public init(directory: String? = nil) {
        self.directory = SpotlightPaths.appsDirectory(directory)
    }

    func path(for bundle: String) -> String { directory + "/" + bundle + ".json" }

    /// Writes (or replaces) a manifest atomically.
    public func install(_ manifest: AppManifest) throws {
        try Self.validate(bundle: manifest.bundleIdentifier)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(manifest).write(to: URL(fileURLWithPath: path(for: manifest.bundleIdentifier)),
                                           options: .atomic)
    }

    /// Removes a manifest. - Throws: `.notFound` when the bundle is not registered.
    public func uninstall(_ bundle: String) throws {
        _ = try manifest(for: bundle)
        try FileManager.default.removeItem(atPath: path(for: bundle))
    }

    /// The manifest of a bundle.
    /// - Throws: `.notFound` naming the registry directory and how to register.
    public func manifest(for bundle: String) throws -> AppManifest {
        try Self.validate(bundle: bundle)
        guard let data = FileManager.default.contents(atPath: path(for: bundle)) else {
            throw SpotlightError(.notFound,
                "no app with bundle identifier \(bundle) is registered in \(directory); register it with `<app> --install` or `spotlightctl apps register EXECUTABLE`")
        }
        do {
            return try JSONDecoder().decode(AppManifest.self, from: data)
        } catch {
            throw SpotlightError(.corrupt, "the manifest \(path(for: bundle)) is not valid JSON of a manifest; reinstall the app",
                                 underlying: "\(error)")
        }
    }

    /// Every valid manifest in the directory, sorted by bundle identifier.
    public func all() -> [AppManifest] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().compactMap { name in
            FileManager.default.contents(atPath: directory + "/" + name)
                .flatMap { try? JSONDecoder().decode(AppManifest.self, from: $0) }
        }
    }

    static func validate(bundle: String) throws {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: ".-_"))
        guard !bundle.isEmpty, bundle.unicodeScalars.allSatisfy(allowed.contains), !bundle.hasPrefix(".") else {
            throw SpotlightError(.invalidInput,
                "\"\(bundle)\" is not a bundle identifier: use letters, digits, '.', '-' and '_' (like com.example.App)")
        }
    }
}
