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
           spotlightctl apps register EXECUTABLE [--json]
           spotlightctl apps unregister BUNDLE [--json]

    register runs `EXECUTABLE --describe` to learn its bundle identifier and writes the
    manifest (an app built with IntentKit answers at once; a program still running after
    10 s is stopped and refused); unregister removes the manifest (the app's records stay:
    `spotlightctl delete --bundle BUNDLE --all` removes them).

    OPTIONS:
      --json   print [{"file","bundleIdentifier","executable","arguments","running","pids","records",
               "refused"}]; "records" counts the app's records by type ({"EventEntity": 8}) and
               is absent when spotlightd is not running, "refused" is the reason a manifest is
               not trusted (absent when it is). register and unregister print
               {"action":"registered"|"unregistered","bundleIdentifier","manifest","executable",
               "arguments"}: the manifest file written or removed and what it launches
               (unregister leaves out executable and arguments of a manifest that does not decode)

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
        case "register":
            guard args.positionals.count == 2 else { throw CLIError.usage("apps register takes one EXECUTABLE", command: name) }
            return try await register(args.positionals[1], json: args.has("--json"), context)
        case "unregister":
            guard args.positionals.count == 2 else { throw CLIError.usage("apps unregister takes one BUNDLE", command: name) }
            return try await unregister(args.positionals[1], json: args.has("--json"), context)
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
