import Foundation
import SpotlightKit

/// spotlight-search-provider's command line.
struct ProviderOptions {
    var socket: String?
    var appsDirectory: String?
    var limit = 20
    var queryTimeout: Duration = .milliseconds(2000)
    /// How long an open may take in all (spotlightd waits 10 s for an app to start, 30 s for its answer).
    var openTimeout: Duration = .seconds(60)
    /// How long an open holds the desktop's call: GNOME Shell waits 25 s (GDBus's default) for
    /// ActivateResult's answer; KRunner sends Run without waiting.
    var answerWithin: Duration = .milliseconds(20_000)
    /// nil: never.
    var idleExit: Duration? = .seconds(120)
    var replace = false
    var verbose = false
    var interactive = false

    static let busName = "org.spotlightlinux.SearchProvider"
    static let objectPath = "/org/spotlightlinux/SearchProvider"
    static let version = "0.1.0"

    static let help = """
    spotlight-search-provider — the desktop's search over what apps donated to spotlightd: GNOME
    Shell's org.gnome.Shell.SearchProvider2 and KRunner's org.kde.krunner1 on the session bus, as
    \(busName) at \(objectPath). Picking a result opens it in its app (spotlightd's `open`).
    The session bus starts it on demand (D-Bus activation; `spotlightctl desktop install`
    writes the files for that) and it exits when idle.

    USAGE: spotlight-search-provider [OPTIONS]
           spotlight-search-provider --interactive     search and open from a terminal

    OPTIONS:
      --socket PATH          spotlightd's socket (env SPOTLIGHT_SOCKET; default
                             $XDG_RUNTIME_DIR/spotlight/spotlightd.sock, or
                             /tmp/spotlight-UID/spotlightd.sock without XDG_RUNTIME_DIR)
      --apps-dir DIR         the app registry for names and icons (env SPOTLIGHT_APPS_DIR;
                             default: the one spotlightd reads)
      --limit N              results per search, 1 to \(UserQuery.maxResultLimit) (default 20)
      --query-timeout-ms N   how long a search waits for spotlightd before answering nothing
                             (default 2000)
      --answer-within-ms N   how long opening a result waits for its app before it answers
                             the desktop, the open going on; under GNOME Shell's 25 s
                             (default 20000)
      --idle-exit SECONDS    exit after this long without a call; 0 never (default 120)
      --replace              take the bus name from a running provider, which then exits
      --verbose              log every search
      --version, --help

    EXIT STATUS: 0 idle, replaced (--replace) or the bus went away, 1 failure (the message
                 says why), 2 usage.

    EXAMPLE:
      gdbus call --session --dest \(busName) --object-path \(objectPath) \\
        --method org.gnome.Shell.SearchProvider2.GetInitialResultSet "['supernova']"
    """

    struct UsageError: Error { let message: String }

    /// - Returns: nil when `--help` or `--version` was printed.
    static func parse(_ arguments: [String]) throws -> ProviderOptions? {
        var options = ProviderOptions()
        var it = arguments.makeIterator()
        func value(_ flag: String) throws -> String {
            guard let v = it.next(), !v.hasPrefix("--") else { throw UsageError(message: "\(flag) needs a value") }
            return v
        }
        func number(_ flag: String, atLeast minimum: Int, atMost maximum: Int? = nil) throws -> Int {
            let v = try value(flag)
            guard let n = Int(v), n >= minimum, n <= maximum ?? n else {
                let range = maximum.map { "from \(minimum) to \($0)" } ?? "≥ \(minimum)"
                throw UsageError(message: "\(flag) needs a whole number \(range), got \(v)")
            }
            return n
        }
        while let arg = it.next() {
            switch arg {
            case "--socket": options.socket = try value(arg)
            case "--apps-dir": options.appsDirectory = try value(arg)
            // More than spotlightd answers in one query would make it refuse every search.
            case "--limit": options.limit = try number(arg, atLeast: 1, atMost: UserQuery.maxResultLimit)
            case "--query-timeout-ms": options.queryTimeout = .milliseconds(try number(arg, atLeast: 1))
            case "--answer-within-ms": options.answerWithin = .milliseconds(try number(arg, atLeast: 1))
            case "--idle-exit":
                let seconds = try number(arg, atLeast: 0)
                options.idleExit = seconds == 0 ? nil : .seconds(seconds)
            case "--replace": options.replace = true
            case "--verbose": options.verbose = true
            case "--interactive": options.interactive = true
            case "--help", "-h":
                print(help)
                return nil
            case "--version":
                print("spotlight-search-provider \(version)")
                return nil
            default:
                throw UsageError(message: "unknown argument \(arg)")
            }
        }
        return options
    }
}
