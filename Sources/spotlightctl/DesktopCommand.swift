import Foundation
import SpotlightModel

/// `spotlightctl desktop install | uninstall | status`: the files GNOME Shell, KRunner and the
/// D-Bus session bus read to use spotlight-search-provider (``DesktopFile``).
enum DesktopCommand: Command {
    static let name = "desktop"
    static let summary = "desktop install|uninstall|status: GNOME Shell and KRunner search"
    static let options = OptionSpec(values: ["--data-dir", "--provider"], flags: ["--system", "--json"])
    static let help = """
    spotlightctl desktop — make spotlightd's records show in the desktop's search (GNOME Shell's
    search and KRunner) and open in their apps when picked.

    USAGE: spotlightctl desktop install [--provider PATH] [--data-dir DIR | --system] [--json]
           spotlightctl desktop uninstall [--data-dir DIR | --system] [--json]
           spotlightctl desktop status [--data-dir DIR | --system] [--json]

    install writes, under DIR:
      applications/org.spotlightlinux.SearchProvider.desktop            the app GNOME shows results under
      dbus-1/services/org.spotlightlinux.SearchProvider.service         D-Bus activation of the provider
      gnome-shell/search-providers/org.spotlightlinux.SearchProvider.ini  GNOME Shell's provider file
      krunner/dbusplugins/org.spotlightlinux.SearchProvider.desktop     KRunner's plugin file
    uninstall removes them; status says which are there.

    GNOME Shell reads search-provider files only from system data directories (XDG_DATA_DIRS,
    e.g. /usr/local/share), so for GNOME also run `sudo "$(command -v spotlightctl)" desktop install
    --system` (sudo does not keep PATH).
    KRunner and D-Bus activation read the per-user directory.

    OPTIONS:
      --provider PATH  the spotlight-search-provider executable the files start (default: the one
                       beside spotlightctl, else the one on PATH)
      --data-dir DIR   the data directory (default $XDG_DATA_HOME, else ~/.local/share)
      --system         the system data directory /usr/local/share (needs root)
      --json           print the files as [{"path","installed","readBy"}] (after install or
                       uninstall: as they are then)

    EXAMPLE:
      spotlightctl desktop install
      sudo "$(command -v spotlightctl)" desktop install --system
    """

    static let systemDataDirectory = "/usr/local/share"

    static func run(_ args: Arguments, _ context: Context) async throws -> ExitCode {
        try args.exclusive(["--data-dir", "--system"])
        guard args.positionals.count == 1, let action = args.positionals.first else {
            throw CLIError.usage("desktop takes one of install, uninstall, status", command: name)
        }
        // The files name the provider only when written: status and uninstall take them as they are.
        if action != "install", args.value("--provider") != nil {
            throw CLIError.usage("--provider goes with desktop install only; desktop \(action) reads the files "
                                 + "wherever they point", command: name)
        }
        let directory = try dataDirectory(args)
        switch action {
        // With --json, install and uninstall print the files' status afterwards, as status does.
        case "install":
            // A directory named with --data-dir is the caller's choice (a staging tree): no hint.
            return try install(into: directory, provider: try provider(args), json: args.has("--json"),
                               hintSystem: args.value("--data-dir") == nil)
        case "uninstall": return try uninstall(from: directory, json: args.has("--json"))
        case "status": return try status(of: directory, json: args.has("--json"))
        default:
            throw CLIError.usage("unknown desktop subcommand \"\(action)\"; use install, uninstall or status", command: name)
        }
    }

    /// `--data-dir`, `--system`, else `$XDG_DATA_HOME` (when absolute), else `~/.local/share`.
    static func dataDirectory(_ args: Arguments) throws -> URL {
        if let dir = args.value("--data-dir") {
            guard !dir.isEmpty else { throw CLIError.usage("--data-dir needs a directory", command: name) }
            return URL(fileURLWithPath: dir, isDirectory: true).standardizedFileURL
        }
        if args.has("--system") { return URL(fileURLWithPath: systemDataDirectory, isDirectory: true) }
        let environment = ProcessInfo.processInfo.environment
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return URL(fileURLWithPath: xdg, isDirectory: true) }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".local/share", isDirectory: true)
    }

    /// The provider executable: `--provider` (which may not exist yet: packagers write files for
    /// where it will be), else the one beside spotlightctl, else the first on PATH.
    static func provider(_ args: Arguments) throws -> String {
        let executable = "spotlight-search-provider"
        if let given = args.value("--provider") {
            let path = URL(fileURLWithPath: given, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
                .standardizedFileURL.path
            if let bad = path.first(where: DesktopFile.unquotableCharacters.contains) {
                throw CLIError(.failure, "the provider path \(path) holds \"\(bad)\", which desktop and D-Bus files "
                    + "cannot quote the same way; install it at a plainer path")
            }
            if !FileManager.default.isExecutableFile(atPath: path) {
                Terminal.warning("\(path) is not an executable file (yet); the files refer to it", json: args.has("--json"))
            }
            return path
        }
        var candidates: [String] = []
        if let own = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append((own as NSString).deletingLastPathComponent + "/" + executable)
        }
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") where dir.hasPrefix("/") {
            candidates.append("\(dir)/\(executable)")
        }
        guard let found = candidates.first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw CLIError(.failure, "no \(executable) beside spotlightctl nor on PATH; build it "
                + "(`swift build --product \(executable)`) and install it next to spotlightctl, or pass --provider PATH")
        }
        if let bad = found.first(where: DesktopFile.unquotableCharacters.contains) {
            throw CLIError(.failure, "the provider path \(found) holds \"\(bad)\", which desktop and D-Bus files "
                + "cannot quote the same way; pass --provider with a plainer path")
        }
        return found
    }

    static func install(into directory: URL, provider: String, json: Bool, hintSystem: Bool) throws -> ExitCode {
        for file in DesktopFile.all {
            let url = directory.appendingPathComponent(file.path)
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.contents(provider: provider).utf8).write(to: url, options: .atomic)
            } catch {
                throw CLIError(.failure, "cannot write \(url.path): \(error.localizedDescription); check that "
                    + "\(directory.path) is writable (or pass --data-dir DIR)")
            }
        }
        if json { return try status(of: directory, json: true) }
        print("installed the desktop search provider (\(provider)) in \(directory.path):")
        for file in DesktopFile.all { print("  \(file.path)  read by \(file.readBy)") }
        print("KRunner loads it after a restart (`kquitapp6 krunner`, or `kquitapp5 krunner`).")
        if hintSystem, !systemDataDirectories().contains(directory.standardizedFileURL.path) {
            print("GNOME Shell reads search providers only from system data directories "
                + "(\(systemDataDirectories().joined(separator: ":"))): for GNOME also run "
                + "`sudo \(ownPath()) desktop install --system`, then log out and back in.")
        }
        return .ok
    }

    /// This spotlightctl's full path, for a command run with `sudo`, which does not keep PATH.
    static func ownPath() -> String {
        let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? "spotlightctl"
        return path.contains(" ") ? "\"\(path)\"" : path
    }

    static func uninstall(from directory: URL, json: Bool) throws -> ExitCode {
        var removed: [String] = []
        for file in DesktopFile.all {
            let url = directory.appendingPathComponent(file.path)
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            do {
                try FileManager.default.removeItem(at: url)
            } catch {
                throw CLIError(.failure, "cannot remove \(url.path): \(error.localizedDescription)")
            }
            removed.append(file.path)
        }
        if json { return try status(of: directory, json: true) }
        if removed.isEmpty {
            print("nothing to remove: no desktop search provider files in \(directory.path)")
        } else {
            print("removed from \(directory.path):")
            for path in removed { print("  \(path)") }
        }
        return .ok
    }

    struct FileStatus: Codable {
        var path: String
        var installed: Bool
        var readBy: String
    }

    static func status(of directory: URL, json: Bool) throws -> ExitCode {
        let statuses = DesktopFile.all.map { file in
            let url = directory.appendingPathComponent(file.path)
            return FileStatus(path: url.path, installed: FileManager.default.fileExists(atPath: url.path), readBy: file.readBy)
        }
        if json {
            try Terminal.printJSON(statuses)
        } else {
            print(Terminal.table(["INSTALLED", "READ BY", "FILE"],
                                 statuses.map { [$0.installed ? "yes" : "no", $0.readBy, $0.path] }, maxWidth: 80))
        }
        return .ok
    }

    /// `$XDG_DATA_DIRS` (default `/usr/local/share:/usr/share`), the directories GNOME Shell reads.
    static func systemDataDirectories() -> [String] {
        let value = ProcessInfo.processInfo.environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 }
            ?? "/usr/local/share:/usr/share"
        return value.split(separator: ":").filter { $0.hasPrefix("/") }
            .map { URL(fileURLWithPath: String($0), isDirectory: true).standardizedFileURL.path }
    }
}
