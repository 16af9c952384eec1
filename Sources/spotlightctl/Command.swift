import Foundation
import SpotlightKit
import SpotlightModel

/// One spotlightctl command: its name, help (with an example) and what it does.
protocol Command: Sendable {
    static var name: String { get }
    static var summary: String { get }
    /// Full help: usage, options, an example.
    static var help: String { get }
    static var options: OptionSpec { get }
    static func run(_ args: Arguments, _ context: Context) async throws -> ExitCode
}

/// What every command gets: where the daemon is, the connection, the apps directory asked for.
struct Context {
    let socket: String
    let daemon: DaemonClient
    /// `--apps-dir` or `SPOTLIGHT_APPS_DIR`; nil: ask the daemon, else the default.
    let explicitAppsDirectory: String?
}

/// The commands, in the order the overview lists them.
let commands: [any Command.Type] = [
    QueryCommand.self, StatusCommand.self, RebuildCommand.self, ImportCommand.self, ExportCommand.self,
    DeleteCommand.self, SynonymsCommand.self, AppsCommand.self, OpenCommand.self, DesktopCommand.self,
    CheckCommand.self, CompactCommand.self,
]

enum Help {
    static var overview: String {
        let list = commands.map { "  \($0.name.padding(toLength: 9, withPad: " ", startingAt: 0)) \($0.summary)" }
        return """
        spotlightctl — query, inspect and maintain the Spotlight for Linux index. Every index command \
        talks to spotlightd; nothing opens the database behind its back.

        USAGE: spotlightctl COMMAND [OPTIONS]

        COMMANDS:
        \(list.joined(separator: "\n"))

        \(globalOptions)

        EXAMPLE:
          spotlightctl status
          spotlightctl query "supernova party" --limit 5

        \(ExitCode.documentation)
        """
    }

    static let globalOptions = """
    GLOBAL OPTIONS:
      --socket PATH   spotlightd's socket (env SPOTLIGHT_SOCKET; default
                      $XDG_RUNTIME_DIR/spotlight/spotlightd.sock or /tmp/spotlight-UID/spotlightd.sock)
      --apps-dir DIR  the app registry (env SPOTLIGHT_APPS_DIR; default: the one spotlightd reads)
      --help, -h      this help; `spotlightctl COMMAND --help` for one command
      --version       print the version
    """

    static func forCommand(_ command: any Command.Type) -> String {
        "\(command.help)\n\n\(globalOptions)\n\n\(ExitCode.documentation)"
    }
}

/// Parses the command line, runs the command, maps every failure to a message and exit code.
enum CLI {
    static func run(_ arguments: [String]) async -> ExitCode {
        let loose = try? Arguments.parse(arguments, spec: allOptions, command: nil, lenient: true)
        let socket = SpotlightPaths.socket(loose?.value("--socket"))
        do {
            let code = try await dispatch(arguments, socket: socket)
            try Terminal.flushStandardOutput()
            return code
        } catch {
            let failure = CLIError(from: error, socket: socket)
            // A script that asked for JSON gets the error as JSON too (`ERRORS:` in the help).
            failure.report(json: loose?.has("--json") == true)
            return failure.code
        }
    }

    /// Every option of every command: used only to find the command word and --socket.
    static var allOptions: OptionSpec {
        commands.reduce(OptionSpec.global) { $0.merged(with: $1.options) }
    }

    static func dispatch(_ arguments: [String], socket: String) async throws -> ExitCode {
        let loose = try Arguments.parse(arguments, spec: allOptions, command: nil, lenient: true)
        if loose.has("--version") {
            print("spotlightctl \(spotlightctlVersion)")
            return .ok
        }
        var words = loose.positionals
        if words.first == "help" { words.removeFirst() }
        guard let name = words.first else {
            if loose.has("--help") || loose.has("-h") || arguments.first == "help" {
                print(Help.overview)
                return .ok
            }
            // `spotlightctl --socket` ends where its value should be: that, not the command, is missing.
            if let last = arguments.last, OptionSpec.global.values.contains(last) {
                throw CLIError.usage("\(last) needs a value (then a command)", command: nil)
            }
            throw CLIError.usage("no command given; commands: \(commands.map { $0.name }.joined(separator: ", "))", command: nil)
        }
        guard let command = commands.first(where: { $0.name == name }) else {
            throw CLIError.usage("unknown command \"\(name)\"; commands: \(commands.map { $0.name }.joined(separator: ", "))",
                                 command: nil)
        }
        if loose.has("--help") || loose.has("-h") || arguments.first == "help" {
            print(Help.forCommand(command))
            return .ok
        }
        var args = try Arguments.parse(arguments, spec: OptionSpec.global.merged(with: command.options), command: name)
        args.positionals.removeFirst()  // the command word
        // An empty path (a script's unset variable) would fall back to the default daemon or
        // registry: a delete meant for a test daemon would reach the user's own.
        for option in ["--socket", "--apps-dir"] where args.value(option)?.isEmpty == true {
            throw CLIError.usage("\(option) needs a path, not an empty one; leave it out to use "
                + "\(option == "--socket" ? "SPOTLIGHT_SOCKET" : "SPOTLIGHT_APPS_DIR") or the default", command: name)
        }
        let explicitApps = args.value("--apps-dir") ?? ProcessInfo.processInfo.environment["SPOTLIGHT_APPS_DIR"]
            .flatMap { $0.isEmpty ? nil : $0 }
        let context = Context(socket: socket, daemon: .spotlightctl(socket: socket),
                              explicitAppsDirectory: explicitApps)
        let code: ExitCode
        do {
            code = try await command.run(args, context)
        } catch {
            context.daemon.close()
            throw error
        }
        context.daemon.close()
        return code
    }
}
