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
    /// lists a refused manifest, `query` was answered without some shards of a front.
    case problems = 5
    /// Interrupted (Ctrl-C); the message says what was left in which state.
    case interrupted = 130

    /// The `code` of `--json`'s error object when the failure has no protocol error code.
    var errorName: String {
        switch self {
        case .usage: "usage"
        case .daemonNotRunning: SpotlightError.Code.unavailable.rawValue
        case .refused: SpotlightError.Code.permissionDenied.rawValue
        case .interrupted: "interrupted"
        case .ok, .failure, .problems: "failure"
        }
    }

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
           records that do not decode, apps lists a refused manifest, or query was answered
           without some shards that did not answer (a partial answer, printed in full)
      130  interrupted (Ctrl-C); the error says what state things are in: a rebuild from the
           store leaves the old index in place (one from the apps goes on in spotlightd), an
           import keeps the batches it donated and says how far it got (running it again is
           safe), an export --output FILE leaves FILE as it was, check and compact stop
           waiting while spotlightd goes on; a second Ctrl-C stops waiting for a cancel

    ERRORS AND WARNINGS:
      Without --json, the error that ends a command is text on standard error:
      "spotlightctl: error: MESSAGE". With --json it is one JSON object on one line there
      instead, the exit status the same:
        {"error":{"code":CODE,"exitStatus":N,"message":MESSAGE}}
      CODE is the error code of docs/protocol.md when the failure has one (unavailable:
      spotlightd not running; busy, timeout, notFound, invalidInput, conflict,
      permissionDenied, ...), else usage (exit 2), interrupted (exit 130) or failure.
      A warning (the command goes on) is "spotlightctl: warning: MESSAGE" on standard
      error, and with --json one line there: {"warning":{"message":MESSAGE}}.
    """
}

/// A failure to report: a message that says what to do next, and the exit code.
struct CLIError: Error {
    var code: ExitCode
    var message: String
    /// The protocol's error code (`notFound`, `unavailable`, ...) when the failure came with one.
    var errorCode: SpotlightError.Code?

    init(_ code: ExitCode, _ message: String, errorCode: SpotlightError.Code? = nil) {
        self.code = code
        self.message = message
        self.errorCode = errorCode
    }

    /// What `--json` prints on standard error instead of the text:
    /// `{"error":{"code":"usage","exitStatus":2,"message":"..."}}`, keys sorted, one line.
    var json: String {
        let name = errorCode?.rawValue ?? code.errorName
        let error: [String: JSONValue] = ["code": .string(name), "exitStatus": .int(Int64(code.rawValue)),
                                          "message": .string(message)]
        return String(decoding: JSONValue.object(["error": .object(error)]).serializedWithSortedKeys(), as: UTF8.self)
    }

    /// Writes the error to standard error: ``json`` with `--json`, else
    /// `spotlightctl: error: MESSAGE`.
    func report(json: Bool) {
        Terminal.error(json ? self.json : "spotlightctl: error: \(message)")
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
                """, errorCode: error.code)
        case let error as SpotlightError where error.code == .busy:
            // Running, but at its connection limit: "not running" and "start it" would mislead.
            self.init(.failure, """
                spotlightd is running at \(socket) but is busy and refused the connection: \(error.message)
                Retry when some of its clients are done, or restart spotlightd with a higher \
                --max-connections (all clients) or --max-connections-per-peer (one process).
                """, errorCode: error.code)
        case let error as SpotlightError where error.code == .permissionDenied:
            self.init(.refused, "spotlightd refused: \(error.message)", errorCode: error.code)
        case let error as SpotlightError:
            self.init(.failure, error.description, errorCode: error.code)
        default:
            self.init(.failure, "\(error)")
        }
    }
}
