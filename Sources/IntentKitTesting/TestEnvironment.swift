import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SpotlightKit
import SpotlightModel
import SpotlightSupervision
import Synchronization

/// What one test process runs its apps against, started on first use and stopped when the
/// process exits: a temporary directory holding a spotlightd's data, its socket and an app
/// registry with the manifests of the apps under test, the spotlightd, and the apps.
///
/// Everything is started with `SPOTLIGHT_EXIT_WITH_PARENT=1`, so even a killed test process
/// leaves nothing behind; a normal exit stops it all at once (`atexit`) and removes the
/// directory. Directories of test processes that are gone are removed on the next start.
package final class TestEnvironment: Sendable {
    /// The environment of this test process.
    package static var shared: TestEnvironment { sharedEnvironment }

    /// Bundles unregistered callers (the test process) may donate to, for tests of the harness.
    package let grants: [String]
    /// Start-up and call timeout: `INTENTKIT_TEST_TIMEOUT` seconds, default 30.
    package let timeout: Duration
    let variables: [String: String]

    private struct Started {
        var directory: URL
        var daemon: SpotlightdProcess
        /// The harness's own client of the daemon (queries), on its socket.
        var client: DaemonClient
        var sessions: [String: AppSession] = [:]
    }
    /// Guards starting things; held while the daemon or an app's manifest is set up.
    private let started = Mutex<Started?>(nil)
    private let stopped = Mutex(false)

    package init(grants: [String] = [], environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.grants = grants
        self.variables = environment
        self.timeout = Self.timeout(from: environment)
        registerForExit(self)
    }

    static func timeout(from environment: [String: String]) -> Duration {
        guard let text = environment["INTENTKIT_TEST_TIMEOUT"], let seconds = Double(text), seconds > 0 else {
            return .seconds(30)
        }
        return .milliseconds(Int(seconds * 1000))
    }

    /// The temporary directory, once started.
    package var directory: URL? { started.withLock { $0?.directory } }

    /// The harness's spotlightd, once started.
    package var daemon: SpotlightdProcess? { started.withLock { $0?.daemon } }

    /// A client of the harness's spotlightd, once started: no retrying (a daemon that ended
    /// stays gone), and `.unavailable` as the connection says it, for ``SpotlightdProcess/explainingExit(_:during:)``.
    var daemonClient: DaemonClient? { started.withLock { $0?.client } }

    /// The session of an app: its manifest copied into this environment's registry, the
    /// daemon started. Blocks while doing so (the first time: finding the app, starting spotlightd).
    package func session(for bundle: String) throws -> AppSession {
        try started.withLock { state in
            if stopped.withLock({ $0 }) {
                throw SpotlightError(.unavailable, "the test environment was stopped (the test process is exiting)")
            }
            if let session = state?.sessions[bundle] { return session }
            let manifest = try AppLocator.manifest(for: bundle, environment: variables)
            var current = try state ?? startDaemon(installing: manifest)
            let alreadyRunning = state != nil
            if alreadyRunning {
                // spotlightd re-reads its registry when the directory changes.
                try AppRegistry(directory: current.directory.appendingPathComponent("apps")).install(manifest)
            }
            let number = current.sessions.count + 1
            let socket = current.directory.appendingPathComponent("s/a\(number).sock").path
            var variables = AppLauncher.environment(daemonSocket: current.daemon.socketPath, appSocket: socket,
                                                    base: variables)
            variables["SPOTLIGHT_APPS_DIR"] = current.directory.appendingPathComponent("apps").path
            variables["SPOTLIGHT_DATA_DIR"] = current.directory.appendingPathComponent("data").path
            // The app's own HOME and XDG directories: it never writes to the tester's real data.
            let home = try AppHome.make(at: current.directory.appendingPathComponent("home/a\(number)"))
            variables.merge(home.environment) { $1 }
            let launcher = AppLauncher(manifest: manifest, socketPath: socket, environment: variables,
                                       options: launcherOptions())
            let session = AppSession(bundle: bundle, launcher: launcher, environment: self)
            current.sessions[bundle] = session
            state = current
            return session
        }
    }

    /// ``session(for:)`` without blocking the caller's thread; a cancelled caller stops waiting
    /// (`CancellationError`) while the start goes on.
    package func session(for bundle: String) async throws -> AppSession {
        try await untilCancelled { try await onOwnThread { try self.session(for: bundle) } }
    }

    /// Stops every app and the daemon, and removes the directory. Later use throws.
    package func shutdown() {
        stopped.withLock { $0 = true }
        guard let state = started.withLock({ $0 }) else { return }
        for session in state.sessions.values { session.launcher.close() }
        state.client.close()
        state.daemon.stopBlocking(grace: .seconds(2))
        try? FileManager.default.removeItem(at: state.directory)
    }

    /// How apps are launched: with the harness's timeout, never reusing a server, and with
    /// `INTENTKIT_TEST_APP_OUTPUT=1` everything the app writes copied to the test's stderr.
    func launcherOptions() -> AppLauncher.Options {
        var options = AppLauncher.Options()
        options.startupTimeout = timeout
        options.callTimeout = timeout
        options.reuseRunningServer = false
        options.cancelsAbandonedCalls = true
        if variables["INTENTKIT_TEST_APP_OUTPUT"] == "1" { options.echoOutput = STDERR_FILENO }
        return options
    }

    private func startDaemon(installing manifest: AppManifest) throws -> Started {
        let directory = try makeDirectory()
        try AppRegistry(directory: directory.appendingPathComponent("apps")).install(manifest)
        guard let executable = ProductsDirectory.executable(named: "spotlightd", environment: variables) else {
            throw SpotlightError(.notFound, "spotlightd is not in "
                + ProductsDirectory.candidates(environment: variables).map(\.path).joined(separator: ", ")
                + " nor on PATH; add spotlightd to the test target's dependencies and run swift build --build-tests, "
                + "or set SPOTLIGHT_TEST_BIN_DIR to the directory that has it")
        }
        let socket = directory.appendingPathComponent("s/d.sock").path
        let arguments = ["--data-dir", directory.appendingPathComponent("data").path,
                         "--apps-dir", directory.appendingPathComponent("apps").path] + grants.flatMap { ["--grant", $0] }
        let daemon: SpotlightdProcess
        do {
            daemon = try SpotlightdProcess(executable: executable.path, socketPath: socket, arguments: arguments,
                                           environment: SpotlightdProcess.environment(base: variables),
                                           startupTimeout: timeout, callTimeout: timeout)
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        let client = DaemonClient(socketPath: socket, reconnectWindow: .zero, callTimeout: timeout,
                                  clientName: "IntentKitTesting", explainsUnavailable: false)
        return Started(directory: directory, daemon: daemon, client: client)
    }

    /// `<tmp>/intentkit-test-<pid>-<random>` (0700) with `s/` for sockets (0700); removes those of
    /// test processes that are gone. Falls back to /tmp when `TMPDIR` is too long for socket paths.
    private func makeDirectory() throws -> URL {
        var base = FileManager.default.temporaryDirectory
        if base.path.count > 60 { base = URL(fileURLWithPath: "/tmp", isDirectory: true) }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: base.path)) ?? []
        where name.hasPrefix("intentkit-test-") {
            let pid = name.dropFirst("intentkit-test-".count).split(separator: "-").first.flatMap { Int32($0) }
            if let pid, kill(pid, 0) != 0, errno == ESRCH {
                try? FileManager.default.removeItem(at: base.appendingPathComponent(name))
            }
        }
        let directory = base.appendingPathComponent("intentkit-test-\(getpid())-\(UUID().uuidString.prefix(6))")
        do {
            // 0700 like spotlightd's own: the directory holds the test daemon's records and sockets.
            try PrivateFiles.createDirectory(directory.appendingPathComponent("s").path)
        } catch {
            throw SpotlightError(.io, "cannot create the test environment's directory \(directory.path)",
                                 underlying: "\(error)")
        }
        return directory
    }
}

/// Runs blocking work on a thread of its own, so the cooperative pool keeps running.
func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try body() }) }
        thread.name = "intentkit-testing"
        thread.start()
    }
}

private let sharedEnvironment = TestEnvironment()

/// Every environment of this process, stopped at exit.
private let environments = Mutex<[TestEnvironment]>([])
private let exitHook: Void = { atexit { for environment in environments.withLock({ $0 }) { environment.shutdown() } } }()

private func registerForExit(_ environment: TestEnvironment) {
    _ = exitHook
    environments.withLock { $0.append(environment) }
}
