import Foundation
import SpotlightModel
import SpotlightSupervision
import SpotlightWire
import Synchronization

/// Finds the manifest of the app under test from its bundle identifier, in this order:
///
/// 1. `INTENTKIT_TEST_APP_<BUNDLE>=/path/to/executable` (the bundle identifier upper-cased,
///    every other character than A-Z and 0-9 as `_`);
/// 2. ``IntentDefinitions/register(bundleIdentifier:executable:arguments:)``;
/// 3. the built products beside the test bundle: an executable that links IntentKit and
///    whose `--describe` reports this bundle identifier (found once per test process);
/// 4. the user's app registry (where `<app> --install` writes).
enum AppLocator {
    static let registrations = Mutex<[String: AppManifest]>([:])
    /// What `--describe` said each scanned executable is (nil: not an app, or it failed).
    static let described = Mutex<[String: String?]>([:])

    static func environmentKey(for bundle: String) -> String {
        "INTENTKIT_TEST_APP_" + String(bundle.uppercased().unicodeScalars.map {
            ("A"..."Z").contains($0) || ("0"..."9").contains($0) ? Character($0) : "_"
        })
    }

    static func manifest(for bundle: String, environment: [String: String]) throws -> AppManifest {
        let key = environmentKey(for: bundle)
        if let path = environment[key], !path.isEmpty {
            let url = URL(fileURLWithPath: path).standardizedFileURL
            guard FileManager.default.isExecutableFile(atPath: url.path) else {
                throw SpotlightError(.notFound, "\(key) names \(url.path), which is not an executable file")
            }
            return AppManifest(bundleIdentifier: bundle, executable: url.path)
        }
        if let registered = registrations.withLock({ $0[bundle] }) { return registered }
        let directories = ProductsDirectory.candidates(environment: environment)
        for dir in directories {
            if let executable = try scan(dir, for: bundle) {
                return AppManifest(bundleIdentifier: bundle, executable: executable)
            }
        }
        let registry = AppRegistry(environment: environment)
        if let installed = try? registry.manifest(for: bundle) { return installed }
        throw SpotlightError(.notFound, """
            no app with bundle identifier \(bundle) was found: \(key) is not set, \
            IntentDefinitions.register(bundleIdentifier:executable:) was not called for it, no executable in \
            \(alternatives(directories.map(\.path))) describes it (build it with swift build --build-tests, \
            or set SPOTLIGHT_TEST_BIN_DIR; \(builtAppsText(environment: environment))), and it is not registered \
            in the app registry \(registry.directory.path) (run the app with --install)
            """)
    }

    /// `a`, `a or b`, `a, b or c`: places any one of which might have had the app.
    static func alternatives(_ items: [String]) -> String {
        guard let last = items.last, items.count > 1 else { return items.first ?? "(no directory)" }
        return items.dropLast().joined(separator: ", ") + " or " + last
    }

    /// The executable in `dir` that describes itself as `bundle`, if any.
    static func scan(_ dir: URL, for bundle: String) throws -> String? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        for name in names.sorted() where isCandidate(name) {
            let path = dir.appendingPathComponent(name).path
            if let known = described.withLock({ $0[path] }) {
                if known == bundle { return path }
                continue
            }
            guard FileManager.default.isExecutableFile(atPath: path), linksIntentKit(path, bundle: bundle) else { continue }
            if describedBundle(path) == bundle { return path }
        }
        return nil
    }

    /// An app among the built products: its executable and the bundle identifier it reports.
    struct BuiltApp: Hashable, Sendable {
        var executable: String
        var bundle: String
        var executableName: String { URL(fileURLWithPath: executable).lastPathComponent }
    }

    /// Every IntentKit app in the built-products directories (each asked once per process).
    static func builtApps(environment: [String: String]) -> [BuiltApp] {
        var apps: [BuiltApp] = []
        for dir in ProductsDirectory.candidates(environment: environment) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
            for name in names.sorted() where isCandidate(name) {
                let path = dir.appendingPathComponent(name).path
                guard FileManager.default.isExecutableFile(atPath: path), linksIntentKit(path, bundle: "") else { continue }
                // An app is listed once, by bundle, though several directories may hold it.
                if let bundle = describedBundle(path), !apps.contains(where: { $0.bundle == bundle }) {
                    apps.append(BuiltApp(executable: path, bundle: bundle))
                }
            }
        }
        return apps
    }

    /// The built apps, for a message about a bundle that is not among them: a bundle identifier
    /// mistyped (`com.example.notes` for `com.example.Notes`) shows beside the right one.
    static func builtAppsText(environment: [String: String]) -> String {
        let apps = builtApps(environment: environment)
        guard !apps.isEmpty else { return "no IntentKit app is built there" }
        return "the IntentKit apps built there are " + apps.map { "\($0.bundle) (\($0.executableName))" }
            .joined(separator: ", ")
    }

    /// What `<path> --describe` reports, asked once per process.
    static func describedBundle(_ path: String) -> String? {
        if let known = described.withLock({ $0[path] }) { return known }
        let reported = describe(path)
        described.withLock { $0[path] = reported }
        return reported
    }

    static func isCandidate(_ name: String) -> Bool {
        let skipped = [".xctest", ".so", ".o", ".a", ".json", ".swiftmodule", ".swiftdoc", ".build", ".product",
                       ".resources", ".txt", ".LinkFileList"]
        return !name.hasPrefix(".") && !["spotlightd", "spotlightctl"].contains(name)
            && !skipped.contains { name.hasSuffix($0) }
    }

    /// A cheap filter before running anything: the file is a regular file that mentions
    /// IntentKit and, for identifiers long enough to be stored whole, the bundle identifier.
    static func linksIntentKit(_ path: String, bundle: String) -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
              let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else { return false }
        guard data.range(of: Data("IntentKit".utf8)) != nil else { return false }
        // Swift keeps strings of up to 15 bytes inside instructions, not as bytes in the file.
        return bundle.utf8.count <= 15 || data.range(of: Data(bundle.utf8)) != nil
    }

    /// Runs `<path> --describe` (at most 10 s) and returns the bundle identifier it reports.
    static func describe(_ path: String) -> String? {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("ikt-describe-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        guard FileManager.default.createFile(atPath: output.path, contents: nil,
                                             attributes: [.posixPermissions: PrivateFiles.fileMode]),
              let handle = try? FileHandle(forWritingTo: output) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["--describe"]
        var environment = ProcessInfo.processInfo.environment
        environment["SPOTLIGHT_APPS_DIR"] = "/nonexistent/intentkit-testing"
        environment["SPOTLIGHT_SOCKET"] = "/nonexistent/intentkit-testing.sock"
        // An app may open its data at start-up, before it reads its arguments: give it a home
        // of its own so that asking what it is writes nothing into the tester's real data.
        let home = AppHome.temporary()
        defer { home?.remove() }
        if let home { environment.merge(home.environment) { $1 } }
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        try? handle.close()
        // Not `isRunning` alone: Foundation can miss an exit when tests start processes in
        // parallel (Process+Exit.swift), and the app would look absent after 10 s.
        guard let exit = process.waitForExit(within: .seconds(10)) else {
            process.terminate()
            return nil
        }
        struct Described: Decodable { var bundleIdentifier: String }
        guard exit == .exited(status: 0), let data = FileManager.default.contents(atPath: output.path) else {
            return nil
        }
        return try? JSONValue.parse(data).decode(Described.self).bundleIdentifier
    }
}
