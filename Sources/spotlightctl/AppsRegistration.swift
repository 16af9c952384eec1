import Foundation
import SpotlightModel
import SpotlightProtocol
import SpotlightSupervision

/// `spotlightctl apps register EXECUTABLE` and `apps unregister BUNDLE`: a manifest written to
/// the app registry or removed from it, said in a sentence or, with `--json`, as a ``Registration``.
extension AppsCommand {
    /// What `apps register --json` and `apps unregister --json` print: the manifest file written
    /// or removed, and what it launches.
    ///
    /// ```json
    /// {"action":"registered","arguments":["--serve"],"bundleIdentifier":"com.example.App",
    ///  "executable":"/usr/local/bin/app","manifest":"/home/me/.local/share/spotlight/apps/com.example.App.json"}
    /// ```
    struct Registration: Encodable {
        /// `registered` or `unregistered`.
        var action: String
        var bundleIdentifier: String
        /// The manifest's path.
        var manifest: String
        /// Nil for an unregistered manifest that did not decode.
        var executable: String?
        var arguments: [String]?
    }

    static func register(_ path: String, json: Bool, _ context: Context) async throws -> ExitCode {
        let absolute = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            .standardizedFileURL.resolvingSymlinksInPath().path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory), isDirectory.boolValue {
            throw CLIError(.failure, "\(absolute) is a directory; give the path of an app's executable, built with IntentKit")
        }
        guard FileManager.default.isExecutableFile(atPath: absolute) else {
            throw CLIError(.failure, "no executable file at \(absolute); give the path of an app built with IntentKit "
                + "(it answers --describe)")
        }
        let schema = try describe(absolute)
        let registry = try await registry(context).registry
        let manifest = AppManifest(bundleIdentifier: schema.bundleIdentifier, executable: absolute, arguments: ["--serve"])
        try registry.install(manifest)
        if json {
            try Terminal.printJSON(Registration(action: "registered", bundleIdentifier: manifest.bundleIdentifier,
                                                manifest: try registry.manifestURL(for: manifest.bundleIdentifier).path,
                                                executable: manifest.executable, arguments: manifest.arguments))
        } else {
            print("registered \(schema.bundleIdentifier) (\(absolute)) in \(registry.directory.path)")
        }
        return .ok
    }

    static func unregister(_ bundle: String, json: Bool, _ context: Context) async throws -> ExitCode {
        let registry = try await registry(context).registry
        let url = try registry.manifestURL(for: bundle)
        guard FileManager.default.fileExists(atPath: url.path) else {
            _ = try registry.manifest(for: bundle)   // the "not registered" error
            return .failure
        }
        // What it launched, for --json; a manifest that does not decode is removed all the same.
        let manifest = try? registry.manifest(for: bundle)
        try registry.remove(bundleIdentifier: bundle)
        if json {
            try Terminal.printJSON(Registration(action: "unregistered", bundleIdentifier: bundle, manifest: url.path,
                                                executable: manifest?.executable, arguments: manifest?.arguments))
        } else {
            print("unregistered \(bundle) from \(registry.directory.path); its records stay "
                + "(`spotlightctl delete --bundle \(bundle) --all` removes them)")
        }
        return .ok
    }

    /// How long `--describe` may take: an app built with IntentKit prints its schema and exits at
    /// once; a program that is not one (a GUI app opening a window) may never exit.
    static let describeTimeout: Duration = .seconds(10)

    /// Runs `executable --describe` (at most ``describeTimeout``) and reads its schema.
    static func describe(_ executable: String) throws -> AppSchema {
        // Its output goes to files, not pipes: a program that never exits (or leaves a child
        // holding a pipe) cannot keep this waiting on a read.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("spotlightctl-describe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("out"), errURL = scratch.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--describe"]
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw CLIError(.failure, "cannot run \(executable): \(error); check that it is an executable for this machine")
        }
        guard let exit = process.waitForExit(within: describeTimeout) else {
            kill(process.processIdentifier, SIGKILL)
            _ = process.waitForExit(within: .seconds(5))
            throw CLIError(.failure, "`\(executable) --describe` did not finish within \(describeTimeout.components.seconds) s "
                + "(it was stopped); register an app built with IntentKit, which prints its schema and exits")
        }
        let output = (try? Data(contentsOf: outURL)) ?? Data()
        let errors = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
        guard exit == .exited(status: 0), let schema = try? JSONValue.parse(output).decode(AppSchema.self) else {
            let tail = errors.split(separator: "\n").suffix(3).joined(separator: " / ")
            throw CLIError(.failure, "`\(executable) --describe` did not print an app schema (\(exit)"
                + (tail.isEmpty ? "" : ": \(tail)") + "); register an app built with IntentKit")
        }
        return schema
    }

}
