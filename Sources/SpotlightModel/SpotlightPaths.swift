import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where every program of the project looks for the daemon's data, socket and app registry.
///
/// Order: an explicit flag, then the environment (`SPOTLIGHT_DATA_DIR`, `SPOTLIGHT_SOCKET`,
/// `SPOTLIGHT_APPS_DIR`), then the XDG defaults:
/// - data: `$XDG_DATA_HOME/spotlight`, else `~/.local/share/spotlight`
/// - socket: `$XDG_RUNTIME_DIR/spotlight/spotlightd.sock`, else `/tmp/spotlight-<uid>/spotlightd.sock`
/// - apps: `$SPOTLIGHT_DATA_DIR/apps` when set, else `<data>/apps`
///
/// ```swift
/// let socket = SpotlightPaths.socket()   // honours SPOTLIGHT_SOCKET
/// ```
public enum SpotlightPaths {
    static var environment: [String: String] { ProcessInfo.processInfo.environment }

    public static func dataDirectory(_ explicit: String? = nil) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let env = environment["SPOTLIGHT_DATA_DIR"], !env.isEmpty { return env }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/spotlight" }
        return home() + "/.local/share/spotlight"
    }

    public static func socket(_ explicit: String? = nil) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let env = environment["SPOTLIGHT_SOCKET"], !env.isEmpty { return env }
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            return runtime + "/spotlight/spotlightd.sock"
        }
        return "/tmp/spotlight-\(getuid())/spotlightd.sock"
    }

    public static func appsDirectory(_ explicit: String? = nil) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let env = environment["SPOTLIGHT_APPS_DIR"], !env.isEmpty { return env }
        return dataDirectory() + "/apps"
    }

    /// The socket an app service listens on: `SPOTLIGHT_APP_SOCKET` when set (a launcher sets
    /// it), else `apps/<bundle>.sock` beside the daemon's default socket.
    public static func appSocket(bundle: String) -> String {
        if let env = environment["SPOTLIGHT_APP_SOCKET"], !env.isEmpty { return env }
        let daemon = socket(nil)
        let dir = daemon.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return dir + "/apps/" + bundle + ".sock"
    }

    /// How a person starts the daemon, for error messages; the user socket unit
    /// (tools/systemd, `%t/spotlight/spotlightd.sock`) only for the path it listens on.
    public static func startHint(socket: String) -> String {
        let hint = "start it with `spotlightd --socket \(socket)`"
        guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/"),
              socket == runtime + "/spotlight/spotlightd.sock" else { return hint }
        return hint + " (or `systemctl --user start spotlightd.socket`)"
    }

    static func home() -> String {
        if let h = environment["HOME"], !h.isEmpty { return h }
        if let pw = getpwuid(getuid()), let dir = pw.pointee.pw_dir { return String(cString: dir) }
        return "/tmp"
    }
}
