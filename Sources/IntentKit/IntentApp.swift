import Foundation
import SpotlightKit
import SpotlightModel
import SpotlightProtocol
import SpotlightSupervision

/// An app's entry point: its bundle identifier and its intent, entity and enum types, listed
/// once. ``run(arguments:)`` reads the command line:
///
/// - `--describe [--include-hidden]`: prints the schema as JSON;
/// - `--install`: writes the app's manifest to the ``AppRegistry`` (`<bundle>.json`);
/// - `--serve`: serves the app service (``serve(dispatcher:)``);
/// - anything else goes to the app's `commandLine` handler (the arguments after the program name);
///   without one, `--help`, `-h`, `help` or no arguments print ``usage(program:)``.
///
/// ```swift
/// // main.swift
/// await IntentApp(bundleIdentifier: "com.example.CometCal",
///                 intents: [CreateEventIntent.self], entities: [EventEntity.self],
///                 enums: [CalendarColor.self]).main()
/// ```
public struct IntentApp: Sendable {
    public typealias CommandLineHandler = @Sendable ([String]) async throws -> Void

    public let bundleIdentifier: String
    /// The app's name (its `applicationName`) and icon (an icon-theme name or an absolute
    /// path) for its manifest: desktop search shows them beside the app's results.
    public let name: String?
    public let icon: String?
    public let dispatcher: AppServiceDispatcher
    public let commandLine: CommandLineHandler?

    /// - Parameters:
    ///   - applicationName: the app's name for people (`\(.applicationName)` in shortcut
    ///     phrases, and beside its results in desktop search); default: the bundle
    ///     identifier's last part (`com.example.TaskDeck` → `TaskDeck`).
    ///   - shortcuts: the app's ``AppShortcutsProvider``, if it declares App Shortcuts.
    ///   - icon: an icon-theme name or an absolute path, for its manifest (desktop search).
    ///   - onOpenSearchableItem: shows one of the app's `CSSearchableItem`s, given its
    ///     `uniqueIdentifier`, when someone opens it from Spotlight (Apple hands the app a user
    ///     activity of type `CSSearchableItemActionType` instead). An app entity is opened by its
    ///     ``OpenIntent``.
    public init(bundleIdentifier: String, applicationName: String? = nil, intents: [any AppIntent.Type],
                entities: [any AppEntity.Type] = [], enums: [any AppEnum.Type] = [],
                shortcuts: (any AppShortcutsProvider.Type)? = nil, screen: AppScreen = .shared,
                reindexing: Reindexing = .spotlight, icon: String? = nil, commandLine: CommandLineHandler? = nil,
                onOpenSearchableItem: (@Sendable (_ uniqueIdentifier: String) async throws -> Void)? = nil) {
        self.bundleIdentifier = bundleIdentifier
        // Its writes that name no bundle are refused unless spotlightd knows it as this app.
        SearchableIndex.declaredApp.withLock { $0 = bundleIdentifier }
        self.name = applicationName
        self.icon = icon
        self.dispatcher = AppServiceDispatcher(bundleIdentifier: bundleIdentifier, applicationName: applicationName,
                                               intents: intents, entities: entities, enums: enums,
                                               shortcuts: shortcuts, screen: screen, reindexing: reindexing,
                                               onOpenSearchableItem: onOpenSearchableItem)
        self.commandLine = commandLine
    }

    /// Does what the command line asks.
    /// - Parameter arguments: the full argument vector, program name first.
    /// - Throws: `SpotlightError` from the chosen action; `invalidInput` for arguments no one handles.
    public func run(arguments: [String] = CommandLine.arguments) async throws {
        let args = Array(arguments.dropFirst())
        switch args.first {
        case "--describe":
            let schema = await dispatcher.describe(DescribeParams(includeHidden: args.contains("--include-hidden")))
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(schema), as: UTF8.self))
        case "--install":
            let registry = AppRegistry()
            let manifest = AppManifest(bundleIdentifier: bundleIdentifier, executable: try Self.executablePath(),
                                       arguments: ["--serve"], name: name, icon: icon)
            try registry.install(manifest)
            print("installed \(bundleIdentifier) in \(registry.directory.path)")
        case "--serve":
            try await serve(dispatcher: dispatcher)
        default:
            let program = URL(fileURLWithPath: arguments.first ?? bundleIdentifier).lastPathComponent
            guard let commandLine else {
                if [nil, "--help", "-h", "help"].contains(args.first) && args.count <= 1 {
                    print(usage(program: program))
                    return
                }
                throw SpotlightError(.invalidInput, "unknown arguments \(args); use --describe, --install or --serve "
                    + "(`\(program) --help` says more)")
            }
            try await commandLine(args)
        }
    }

    /// Runs ``run(arguments:)`` and exits: 0 on success, 1 after printing the error to stderr.
    /// Output that could not be written (a full disk, a closed pipe) is such an error: `print`
    /// leaves it buffered, and `--describe > schema.json` would otherwise exit 0 with nothing.
    public func main() async -> Never {
        do {
            try await run()
            if fflush(nil) != 0 {
                throw SpotlightError(.io, "cannot write the output: \(String(cString: strerror(errno)))")
            }
            exit(0)
        } catch {
            StandardError.write("\(bundleIdentifier): \(IntentInvocation.describe(error))\n")
            exit(1)
        }
    }

    /// The absolute path of the running executable, from /proc/self/exe.
    static func executablePath() throws -> String {
        do {
            return try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        } catch {
            throw SpotlightError(.io, "cannot read /proc/self/exe to find this executable's path", underlying: "\(error)")
        }
    }
}
