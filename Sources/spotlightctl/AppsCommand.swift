import Foundation
import SpotlightModel
import SpotlightProtocol
import SpotlightSupervision

/// `spotlightctl apps`: the app registry, and registering or unregistering an app.
enum AppsCommand: Command {
    static let name = "apps"
    static let summary = "list registered apps; apps register EXECUTABLE; apps unregister BUNDLE"
    static let options = OptionSpec(flags: ["--json"])
    static let help = """
    spotlightctl apps — the registered apps (the manifests spotlightd launches apps from):
    whether each is running and how many records it has, and each manifest spotlightd refuses
    and why (a file name that is not its bundle identifier, an executable others could change,
    two manifests naming one bundle or one executable); exit status 5 when any is refused.

    USAGE: spotlightctl apps [--json]
           spotlightctl apps register EXECUTABLE
           spotlightctl apps unregister BUNDLE

    register runs `EXECUTABLE --describe` to learn its bundle identifier and writes the
    manifest (an app built with IntentKit answers at once; a program still running after
    10 s is stopped and refused); unregister removes the manifest (the app's records stay:
    `spotlightctl delete --bundle BUNDLE --all` removes them).

    OPTIONS:
      --json   print [{"file","bundleIdentifier","executable","arguments","running","pids","records",
               "refused"}]; "records" counts the app's records by type ({"EventEntity": 8}) and
               is absent when spotlightd is not running, "refused" is the reason a manifest is
               not trusted (absent when it is). The list only: register and unregister refuse it

    EXAMPLE:
      spotlightctl apps register /usr/local/bin/cometcal
      spotlightctl apps --json
    """

    struct AppInfo: Codable {
        /// The manifest's file in the registry.
        var file: String
        var bundleIdentifier: String
        var executable: String
        var arguments: [String]
        var running: Bool
        var pids: [Int32]
        /// Records per entity type; nil when the daemon is not running.
        var records: [String: Int]?
        /// Why spotlightd does not trust the manifest; nil when it does.
        var refused: String?
    }

    static func run(_ args: Arguments, _ context: Context) async throws -> ExitCode {
        switch args.positionals.first {
        case nil: return try await list(args, context)
        case let action? where args.has("--json") && (action == "register" || action == "unregister"):
            throw CLIError.usage("apps \(action) prints no JSON; run it without --json, then "
                + "`spotlightctl apps --json` lists the registered apps", command: name)
        case "register":
            guard args.positionals.count == 2 else { throw CLIError.usage("apps register takes one EXECUTABLE", command: name) }
            return try await register(args.positionals[1], context)
        case "unregister":
            guard args.positionals.count == 2 else { throw CLIError.usage("apps unregister takes one BUNDLE", command: name) }
            let registry = try await registry(context).registry
            guard FileManager.default.fileExists(atPath: try registry.manifestURL(for: args.positionals[1]).path) else {
                _ = try registry.manifest(for: args.positionals[1])   // the "not registered" error
                return .failure
            }
            try registry.remove(bundleIdentifier: args.positionals[1])
            print("unregistered \(args.positionals[1]) from \(registry.directory.path); its records stay "
                + "(`spotlightctl delete --bundle \(args.positionals[1]) --all` removes them)")
            return .ok
        case let other?:
            throw CLIError.usage("unknown apps subcommand \"\(other)\"; use register or unregister", command: name)
        }
    }

    /// The registry: --apps-dir / SPOTLIGHT_APPS_DIR, else the daemon's, else the default;
    /// the daemon's status when it answers, else why it did not (for the message).
    static func registry(_ context: Context) async throws
        -> (registry: AppRegistry, status: DaemonStatus?, unanswered: String) {
        var status: DaemonStatus?
        var unanswered = ""
        do {
            status = try await context.daemon.status()
        } catch let error as SpotlightError where error.code == .unavailable || error.code == .busy {
            status = nil
            unanswered = error.code == .busy ? "spotlightd at \(context.socket) is busy (at its connection limit)"
                : "spotlightd is not running at \(context.socket)"
        }
        let directory = context.explicitAppsDirectory ?? status?.appsDirectory ?? SpotlightPaths.appsDirectory()
        return (AppRegistry(directory: URL(fileURLWithPath: directory, isDirectory: true)), status, unanswered)
    }

    static func list(_ args: Arguments, _ context: Context) async throws -> ExitCode {
        let (registry, status, unanswered) = try await registry(context)
        let running = runningExecutables()
        let apps = try registry.entries().map { entry in
            let manifest = entry.manifest
                ?? AppManifest(bundleIdentifier: String(entry.file.dropLast(".json".count)), executable: "", arguments: [])
            let pids = manifest.executable.isEmpty ? [] : running[AppRegistry.realPath(manifest.executable)] ?? []
            return AppInfo(file: entry.file, bundleIdentifier: manifest.bundleIdentifier, executable: manifest.executable,
                           arguments: manifest.arguments, running: !pids.isEmpty, pids: pids,
                           records: status.map { s in s.index.counts.first { $0.bundle == manifest.bundleIdentifier }?.types ?? [:] },
                           refused: entry.refusal)
        }
        if status == nil {
            Terminal.warning("record counts unknown: \(unanswered)", json: args.has("--json"))
        }
        // A refused manifest is a registration that does not work: exit 5, done with problems.
        let outcome: ExitCode = apps.contains { $0.refused != nil } ? .problems : .ok
        if args.has("--json") {
            try Terminal.printJSON(apps)
            return outcome
        }
        guard !apps.isEmpty else {
            print("no apps registered in \(registry.directory.path); register one with `spotlightctl apps register EXECUTABLE`")
            return .ok
        }
        let rows = apps.map { app in
            [app.bundleIdentifier, app.refused != nil ? "REFUSED" : "accepted",
             app.running ? "yes (pid \(app.pids.map(String.init).joined(separator: ", ")))" : "no",
             app.records.map { String($0.values.reduce(0, +)) } ?? "?", app.executable]
        }
        print(Terminal.table(["BUNDLE", "MANIFEST", "RUNNING", "RECORDS", "EXECUTABLE"], rows, maxWidth: 60))
        for app in apps {
            if let reason = app.refused { print("refused \(registry.directory.path)/\(app.file): \(reason)") }
        }
        return outcome
    }

    static func register(_ path: String, _ context: Context) async throws -> ExitCode {
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
        try registry.install(AppManifest(bundleIdentifier: schema.bundleIdentifier, executable: absolute, arguments: ["--serve"]))
        print("registered \(schema.bundleIdentifier) (\(absolute)) in \(registry.directory.path)")
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
        guard exit == .exited(status: 0), let schema = try? JSONDecoder().decode(AppSchema.self, from: output) else {
            let tail = errors.split(separator: "\n").suffix(3).joined(separator: " / ")
            throw CLIError(.failure, "`\(executable) --describe` did not print an app schema (\(exit)"
                + (tail.isEmpty ? "" : ": \(tail)") + "); register an app built with IntentKit")
        }
        return schema
    }

    /// Running processes by the real path of their executable (from /proc/PID/exe).
    static func runningExecutables() -> [String: [Int32]] {
        var map: [String: [Int32]] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int32(name),
                  var exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(name)/exe") else { continue }
            if exe.hasSuffix(" (deleted)") { exe.removeLast(" (deleted)".count) }
            map[exe, default: []].append(pid)
        }
        return map.mapValues { $0.sorted() }
    }
}
