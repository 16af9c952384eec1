import Foundation
import SpotlightModel

/// spotlightctl's exit codes, documented in `spotlightctl --help`.
enum ExitCode: Int32 {
    case ok = 0
    /// The command failed; the message says why and what to do.
    case failure = 1
    /// The command line is wrong.
    case usage = 2
    /// spotlightd is not running (or not answering) at the socket.
    case daemonNotRunning = 3
    /// spotlightd refused: spotlightctl may not write that bundle (see `spotlightd --grant`).
    case refused = 4
    /// Done, but problems were found: `check` found damage, `import` skipped bad lines, `apps`
    /// lists a refused manifest.
    case problems = 5
    /// Interrupted (Ctrl-C); nothing was left half done.
    case interrupted = 130

    static let documentation = """
    EXIT STATUS:
      0    ok
      1    failure (the message says what to do next), including spotlightd busy: running
           but at its connection limit (retry later)
      2    usage: a wrong command line
      3    spotlightd is not running at the socket
      4    refused by spotlightd: spotlightctl may not write that bundle (start spotlightd with
           --grant BUNDLE), or open an app whose manifest it does not trust (see `apps`)
      5    done with problems: check found damage, import skipped bad lines, export skipped
           records that do not decode, or apps lists a refused manifest
      130  interrupted (Ctrl-C); a rebuild leaves the old index in place, an import keeps the
           batches it donated and says how far it got (running it again is safe)
    """
}

/// A failure to report: a message that says what to do next, and the exit code.
struct CLIError: Error {
    var code: ExitCode
    var message: String

    init(_ code: ExitCode, _ message: String) {
        self.code = code
        self.message = message
    }

    static func usage(_ message: String, command: String?) -> CLIError {
        let help = command.map { "spotlightctl \($0) --help" } ?? "spotlightctl --help"
        return CLIError(.usage, "\(message)\nTry '\(help)'.")
    }

    private static func isOtherThanSocket(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT != S_IFSOCK
    }

    /// The exit code and message for any error a command throws.
    init(from error: any Error, socket: String) {
        switch error {
        case let error as CLIError:
            self = error
        case let error as SpotlightError where error.code == .unavailable:
            let cause = error.underlying.map { " (\($0))" } ?? ""
            // A file or directory at the path: spotlightd would refuse to start there too.
            let start = Self.isOtherThanSocket(socket) ? "that path is not a socket; point spotlightctl at spotlightd's socket"
                : "\(SpotlightPaths.startHint(socket: socket)), or point spotlightctl at a running one"
            self.init(.daemonNotRunning, """
                spotlightd is not running at \(socket)\(cause): \(error.message)
                \(start) with --socket PATH or SPOTLIGHT_SOCKET.
                """)
        case let error as SpotlightError where error.code == .busy:
            // Running, but at its connection limit: "not running" and "start it" would mislead.
            self.init(.failure, """
                spotlightd is running at \(socket) but is busy and refused the connection: \(error.message)
                Retry when some of its clients are done, or restart spotlightd with a higher \
                --max-connections (all clients) or --max-connections-per-peer (one process).
                """)
        case let error as SpotlightError where error.code == .permissionDenied:
            self.init(.refused, "spotlightd refused: \(error.message)")
        case let error as SpotlightError:
            self.init(.failure, error.description)
        default:
            self.init(.failure, "\(error)")
        }
    }
}
