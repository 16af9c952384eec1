import Foundation
import SpotlightKit
import SpotlightModel
import SpotlightTestSupport
import SpotlightProtocol
import SpotlightWire
#if canImport(Glibc)
import Glibc
#endif

/// Everything a desktop search test runs against, in a temp directory: a real spotlightd (or
/// none, or one stopped with SIGSTOP so it accepts connections and never answers), CometCal
/// registered with it, the desktop files installed by `spotlightctl desktop install` into
/// the directory's `$XDG_DATA_HOME`, and a private session bus that activates the provider
/// from them, as GNOME Shell's or KRunner's session bus would.
final class DesktopFixture {
    static let cometCal = "com.example.apple-samplecode.CometCal"
    static let busName = "org.spotlightlinux.SearchProvider"
    static let objectPath = "/org/spotlightlinux/SearchProvider"

    enum DaemonState: String, CustomStringConvertible, CaseIterable {
        case running
        /// Nothing listens on the socket.
        case notRunning
        /// spotlightd stopped with SIGSTOP: the socket accepts, nothing answers.
        case notAnswering
        var description: String { rawValue }
    }

    let root: URL
    /// spotlightd's own directory (data, apps, socket); started unless the state is `.notRunning`.
    private let daemon: TestSpotlightd
    private(set) var bus: PrivateSessionBus!

    var socket: String { daemon.socket }
    var appsDirectory: String { daemon.appsDirectory }
    var dataHome: String { root.appendingPathComponent("xdg").path }
    /// Where spotlightd launches CometCal's service: `apps/<bundle>.sock` beside its socket.
    var cometCalSocket: String { (socket as NSString).deletingLastPathComponent + "/apps/\(Self.cometCal).sock" }

    /// What every process here runs with: this fixture's daemon socket and CometCal data.
    var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["SPOTLIGHT_SOCKET"] = socket
        env["COMETCAL_DATA_DIR"] = root.appendingPathComponent("cometcal").path
        env["XDG_DATA_HOME"] = dataHome
        env["XDG_DATA_DIRS"] = root.appendingPathComponent("xdg-system").path
        env["SWIFT_BACKTRACE"] = "enable=no"
        env.removeValue(forKey: "SPOTLIGHT_APPS_DIR")
        env.removeValue(forKey: "SPOTLIGHT_APP_SOCKET")
        env.removeValue(forKey: "SPOTLIGHT_EXIT_WITH_PARENT")
        return env
    }

    /// - Parameters:
    ///   - grants: bundles spotlightctl may donate to (records of apps with no manifest).
    ///   - daemonArguments: more spotlightd arguments (`--shard ...` for a front).
    init(daemon state: DaemonState = .running, grants: [String] = [], daemonArguments: [String] = []) async throws {
        // /tmp, not $TMPDIR: socket paths must stay short.
        root = URL(fileURLWithPath: "/tmp/desktop-test-\(UUID().uuidString.prefix(8))", isDirectory: true)
        for dir in ["xdg", "xdg-system"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(dir), withIntermediateDirectories: true)
        }
        // CometCal, when spotlightd launches it, inherits these.
        let appEnvironment = ["COMETCAL_DATA_DIR": root.appendingPathComponent("cometcal").path,
                              "XDG_DATA_HOME": root.appendingPathComponent("xdg").path,
                              "XDG_DATA_DIRS": root.appendingPathComponent("xdg-system").path]
        daemon = try TestSpotlightd(.init(grants: grants, arguments: daemonArguments, environment: appEnvironment),
                                    start: state != .notRunning)
        if state == .running {
            let installed = try cometcal("--install")
            guard installed.status == 0 else { throw SessionBusError(message: "cometcal --install: \(installed)") }
        }
        // The defaults a person gets: $XDG_DATA_HOME and the provider beside spotlightctl.
        let desktop = ctl("desktop", "install")
        guard desktop.status == 0 else { throw SessionBusError(message: "spotlightctl desktop install: \(desktop)") }
        if state == .notAnswering { daemon.process?.signal(SIGSTOP) }
        bus = try PrivateSessionBus(environment: environment, directory: root)
    }

    deinit {
        bus?.stop()
        daemon.process?.signal(SIGCONT)
        daemon.stop()
        try? FileManager.default.removeItem(at: root)
    }

    // MARK: - Programs

    func cometcal(_ arguments: String...) throws -> ProgramRun {
        var env = environment
        env["SPOTLIGHT_APPS_DIR"] = appsDirectory
        return try runProgram(productsDirectory.appendingPathComponent("cometcal").path, arguments, environment: env)
    }

    func ctl(_ arguments: String...) -> ProgramRun {
        ctl(arguments)
    }

    func ctl(_ arguments: [String], environment extra: [String: String] = [:]) -> ProgramRun {
        do {
            return try runProgram(productsDirectory.appendingPathComponent("spotlightctl").path, arguments,
                                  environment: environment.merging(extra) { $1 })
        } catch {
            return ProgramRun(status: -1, stdout: "", stderr: "could not run spotlightctl: \(error)", timedOut: false)
        }
    }

    /// `gdbus call` of a SearchProvider2 method, as GNOME Shell calls it.
    func gdbus(_ method: String, _ arguments: String...) throws -> ProgramRun {
        try runProgram("gdbus", ["call", "--session", "--timeout", "\(Int(testTimeout))", "--dest", Self.busName,
                                 "--object-path", Self.objectPath, "--method", "org.gnome.Shell.SearchProvider2.\(method)"]
                           + arguments, environment: busEnvironment)
    }

    /// `dbus-send` of a krunner1 method, as KRunner calls it.
    func dbusSend(_ member: String, _ arguments: String...) throws -> ProgramRun {
        try runProgram("dbus-send", ["--session", "--print-reply", "--reply-timeout=\(Int(testTimeout * 1000))",
                                     "--dest=\(Self.busName)", Self.objectPath, "org.kde.krunner1.\(member)"] + arguments,
                       environment: busEnvironment)
    }

    /// The provider started by hand on the fixture's bus (before a call activates one), its
    /// stderr in a file.
    func startProvider(_ arguments: [String]) throws -> (Process, URL) {
        let log = root.appendingPathComponent("provider-\(UUID().uuidString.prefix(4)).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let process = Process()
        process.executableURL = productsDirectory.appendingPathComponent("spotlight-search-provider")
        process.arguments = arguments
        process.environment = busEnvironment
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        return (process, log)
    }

    private var busEnvironment: [String: String] {
        var env = environment
        env["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        return env
    }

    // MARK: - Records and CometCal's screen

    /// Seeds CometCal and adds "Supernova Viewing Party" through its command line (which
    /// donates it); the event's record key as spotlightd has it.
    func donateSupernovaEvent() async throws -> RecordKey {
        for run in [try cometcal("seed"),
                    try cometcal("add", "Supernova Viewing Party", "--calendar", "Deep Space", "--start", "2026-12-05T20:00:00Z")]
        where run.status != 0 {
            throw SessionBusError(message: "cometcal: \(run)")
        }
        let index = SearchableIndex(socketPath: socket, reconnectWindow: .zero)
        defer { index.close() }
        let hits = try await index.query(SearchQuery(text: "\"Supernova Viewing Party\"", bundles: [Self.cometCal])).hits
        guard hits.count == 1 else { throw SessionBusError(message: "spotlightd has \(hits.count) Supernova events") }
        return hits[0].record.key
    }

    /// The result identifier the provider gives a record: `bundle/type/id`.
    static func resultID(_ key: RecordKey) -> String { "\(key.bundle)/\(key.type)/\(key.id)" }

    /// The lines CometCal shows now, if it runs (spotlightd launched it on its socket).
    func cometCalScreen() async -> [String] {
        guard let value = try? await cometCalCall("screen"), let screen = try? value.decode(ScreenResult.self) else { return [] }
        return screen.lines
    }

    /// The entities CometCal's screen shows now, if it runs.
    func cometCalAnnotations() async -> [ViewAnnotation] {
        guard let value = try? await cometCalCall("viewAnnotations"),
              let result = try? value.decode(ViewAnnotationsResult.self) else { return [] }
        return result.annotations
    }

    private func cometCalCall(_ method: String) async throws -> JSONValue {
        let client = RPCClient(socketPath: cometCalSocket)
        defer { client.close() }
        return try await client.call(method, .object([:]), timeout: .seconds(5))
    }

    /// Waits until CometCal shows the event's detail screen with the event selected.
    func waitForCometCalShowing(_ key: RecordKey, title: String) async -> Bool {
        await waitUntil {
            guard await cometCalScreen().first == title else { return false }
            return await cometCalAnnotations().contains { $0.entity.id == key.id && $0.isSelected }
        }
    }
}
