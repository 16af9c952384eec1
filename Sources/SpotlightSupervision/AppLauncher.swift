import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SpotlightModel
import SpotlightWire
import Synchronization

/// Starts an app service from its ``AppManifest`` and keeps it reachable: launches the
/// executable with the socket and daemon it should use, waits (bounded) until its socket
/// answers, keeps the last few KB of its stderr, notices when it exits (status or signal),
/// relaunches it on the next call after a crash, and stops it. The process is a
/// ``ChildProcess``: its exit is noticed when it happens, not by polling.
///
/// Used by the test harness (IntentKitTesting) and by spotlightd (`rebuild --from-apps`).
///
/// ```swift
/// let launcher = AppLauncher(manifest: manifest, socketPath: "/tmp/t/apps/com.example.App.sock",
///                            environment: AppLauncher.environment(daemonSocket: "/tmp/t/d.sock",
///                                                                 appSocket: "/tmp/t/apps/com.example.App.sock"))
/// let schema: AppSchema = try await launcher.call("describe", DescribeParams())
/// await launcher.terminate()
/// ```
public final class AppLauncher: Sendable {
    /// How long to wait for what.
    public struct Options: Sendable {
        /// From launch until the app's socket answers.
        public var startupTimeout: Duration = .seconds(10)
        /// A call's default wait for its reply.
        public var callTimeout: Duration = .seconds(30)
        /// After a dropped connection, how long to wait for the process to exit before
        /// reporting a plain "unavailable" instead of a crash.
        public var exitWait: Duration = .seconds(3)
        /// Use a server already answering on the socket instead of launching one.
        public var reuseRunningServer = true
        /// How much of the end of the app's stderr to keep.
        public var stderrTailBytes = 4096
        /// A descriptor that also gets everything the app writes (stdout and stderr) as it writes
        /// it (`STDERR_FILENO`); nil: its stdout is discarded and its stderr kept as a tail only.
        public var echoOutput: Int32?
        /// When a caller's task is cancelled, tell the app to cancel the call (its `perform()`
        /// sees `Task.isCancelled`); an app that does not know how ignores it.
        public var cancelsAbandonedCalls = false
        public init() {}
    }

    public let manifest: AppManifest
    public let socketPath: String
    /// The whole environment of the launched process.
    public let environment: [String: String]
    public let options: Options

    /// The live connection and the process behind it (nil when an already running server was reused).
    private let current = Mutex<(client: RPCClient, app: ChildProcess?)?>(nil)
    /// The process launched last, for its pid, stderr and exit after it is gone.
    private let latest = Mutex<ChildProcess?>(nil)
    /// Held while launching, so concurrent callers launch once.
    private let launching = Mutex(())
    /// Set by ``close(grace:)``: no start begins after.
    private let closed = Atomic(false)

    /// - Parameters:
    ///   - manifest: what to run.
    ///   - socketPath: where the app serves; must match `SPOTLIGHT_APP_SOCKET` in `environment`.
    ///   - environment: the process's whole environment (see ``environment(daemonSocket:appSocket:base:)``).
    public init(manifest: AppManifest, socketPath: String, environment: [String: String], options: Options = .init()) {
        self.manifest = manifest
        self.socketPath = socketPath
        self.environment = environment
        self.options = options
    }

    /// `base` plus what a launched app needs: `SPOTLIGHT_SOCKET` (the daemon it donates to),
    /// `SPOTLIGHT_APP_SOCKET` (where it serves) and `SPOTLIGHT_EXIT_WITH_PARENT=1` (it exits
    /// when the launching process goes away). Unless `base` sets `SWIFT_BACKTRACE`, it is
    /// `enable=no`: a crash then ends stderr with its `Fatal error: ...` line instead of a
    /// backtrace many KB long, so the kept tail says why.
    public static func environment(daemonSocket: String, appSocket: String,
                                   base: [String: String] = ProcessInfo.processInfo.environment) -> [String: String] {
        var env = base
        env["SPOTLIGHT_SOCKET"] = daemonSocket
        env["SPOTLIGHT_APP_SOCKET"] = appSocket
        env["SPOTLIGHT_EXIT_WITH_PARENT"] = "1"
        if env["SWIFT_BACKTRACE"] == nil { env["SWIFT_BACKTRACE"] = "enable=no" }
        return env
    }

    /// Variables added to ``environment`` at every later launch (XCUIApplication's
    /// `launchEnvironment`); a running app keeps the environment it started with.
    public var launchEnvironment: [String: String] {
        get { extraEnvironment.withLock { $0 } }
        set { extraEnvironment.withLock { $0 = newValue } }
    }
    private let extraEnvironment = Mutex<[String: String]>([:])

    /// Arguments added after the manifest's at every later launch (XCUIApplication's
    /// `launchArguments`); a running app keeps the arguments it started with.
    public var launchArguments: [String] {
        get { extraArguments.withLock { $0 } }
        set { extraArguments.withLock { $0 = newValue } }
    }
    private let extraArguments = Mutex<[String]>([])

    /// The process id of the app this launcher started, while it runs.
    public var pid: Int32? {
        latest.withLock { app in app.flatMap { $0.exit == nil ? $0.pid : nil } }
    }

    /// Whether the app answers through this launcher now (without launching it).
    public var isRunning: Bool { live() != nil }

    /// The end of the stderr of the app launched last (at most `options.stderrTailBytes`).
    public var stderrTail: String { latest.withLock { $0?.stderrTail ?? "" } }

    /// How the app launched last ended; nil while it runs or if none was launched.
    public var lastExit: ProcessExit? { latest.withLock { $0?.exit } }

    /// Calls a method of the app service, launching the app first if it does not run.
    /// - Throws: `SpotlightError`: the app's own error; `.unavailable` if it cannot be
    ///   launched or it exited during the call (the message has its exit status and the end
    ///   of its stderr; the next call relaunches it); `.timeout`.
    public func call(_ method: String, _ params: JSONValue?, timeout: Duration? = nil) async throws -> JSONValue {
        if live() == nil { try await start() }
        guard let (client, app) = live() else {
            throw SpotlightError(.unavailable, "\(manifest.bundleIdentifier) stopped right after it was launched."
                + (latest.withLock { $0 }?.stderrParagraph ?? " It wrote nothing to stderr."))
        }
        do {
            return try await client.call(method, params, timeout: timeout ?? options.callTimeout)
        } catch let error as SpotlightError where error.isReplyTooLarge {
            // The app did answer, with more than a message may hold; it has not failed.
            let limit = RPCClient.Configuration().maxFrameBytes   // launch() keeps the default
            throw SpotlightError(.internal, "\(manifest.bundleIdentifier)'s reply to \(method) is over the limit of "
                + "\(limit >> 20) MiB (\(limit) bytes) per message, so it was dropped; "
                + "\(manifest.bundleIdentifier) must answer with less: report it to the app's developer")
        } catch let error as SpotlightError where error.code == .unavailable {
            // The app's own answer coded unavailable leaves the connection open: no exit to wait for.
            guard !client.isConnected, let app, let exit = await app.waitForExit(within: options.exitWait) else {
                throw error
            }
            forget(app)
            throw SpotlightError(.unavailable, "\(manifest.bundleIdentifier) \(exit) during \(method); "
                + "the next call relaunches it." + app.stderrParagraph, underlying: error.message)
        }
    }

    /// Calls a method with params encoded from `params` and decodes the result.
    public func call<Params: Encodable & Sendable, Result: Decodable>(
        _ method: String, _ params: Params, as type: Result.Type = Result.self, timeout: Duration? = nil
    ) async throws -> Result {
        let encoded = try encodedParams(params, of: method)
        let value = try await call(method, encoded, timeout: timeout)
        do {
            return try value.decode(Result.self)
        } catch {
            let detail = (error as? DecodingError).map {
                ParamsDecoding.describe($0, in: value).replacingOccurrences(of: "params", with: "result")
            } ?? "\(error)"
            let app = manifest.bundleIdentifier
            throw SpotlightError(.internal, "\(app)'s reply to \(method) is not the \(Result.self) expected (\(detail)); "
                + "\(app) may be built with another version of IntentKit than spotlightd, spotlightctl or the tests: "
                + "rebuild \(app) against this one")
        }
    }

    /// Launches the app unless it runs (or, with `reuseRunningServer`, something answers on
    /// its socket), and waits until its socket answers; waits on a thread of its own.
    /// - Throws: `.unavailable` if it cannot be started or exits first; `.timeout` if its
    ///   socket does not answer within `startupTimeout` (the app is then stopped).
    public func start() async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let thread = Thread { [self] in continuation.resume(with: Result { try startBlocking() }) }
            thread.name = "app-launcher-start"
            thread.start()
        }
    }

    /// ``start()`` for synchronous callers: blocks the calling thread until the app serves.
    public func startBlocking() throws {
        try launching.withLock { _ in
            if live() != nil { return }
            if closed.load(ordering: .acquiring) {
                throw SpotlightError(.unavailable, "\(manifest.bundleIdentifier) was not launched: its launcher was "
                    + "closed, as the process that launches it is exiting")
            }
            let fresh = try launch()
            current.withLock { $0 = fresh }
        }
    }

    /// Stops the app: SIGTERM, then SIGKILL after `grace`. Does nothing if none runs.
    public func terminate(grace: Duration = .seconds(3)) async {
        await detach()?.stop(grace: grace)
    }

    /// Stops the app without awaiting (for `atexit` and synchronous callers): SIGTERM, up to
    /// `grace`, then SIGKILL, and waits up to a second for it to end.
    public func terminateNow(grace: Duration = .milliseconds(500)) {
        detach()?.stopBlocking(grace: grace)
    }

    /// Stops the app as ``terminateNow(grace:)`` does and refuses every later start, the one
    /// queued behind a start in progress too: for a process that is exiting (a test
    /// environment's shutdown), where a start waiting its turn would otherwise launch the app
    /// again after it was stopped and leave it behind.
    ///
    /// ```swift
    /// launcher.close()
    /// try await launcher.call("describe", nil)   // throws .unavailable: "... its launcher was closed ..."
    /// ```
    public func close(grace: Duration = .milliseconds(500)) {
        closed.store(true, ordering: .releasing)
        detach()?.stopBlocking(grace: grace)
        // A start past its check of `closed` ends once its app (stopped above, if it had
        // spawned) serves or fails; whatever it left running is stopped then.
        launching.withLock { _ in }
        detach()?.stopBlocking(grace: grace)
    }

    // MARK: - Launching

    /// Closes the connection; returns the launched process if it still runs.
    private func detach() -> ChildProcess? {
        let connection = current.withLock { slot in
            defer { slot = nil }
            return slot
        }
        connection?.client.close()
        guard let app = connection?.app ?? latest.withLock({ $0 }), app.exit == nil else { return nil }
        return app
    }

    /// The connection, if its process (when it has one) still runs.
    private func live() -> (client: RPCClient, app: ChildProcess?)? {
        current.withLock { slot in
            guard let connection = slot, connection.app?.exit == nil else { return nil }
            return connection
        }
    }

    private func forget(_ app: ChildProcess) {
        let dropped: RPCClient? = current.withLock { slot in
            guard let connection = slot, connection.app === app else { return nil }
            slot = nil
            return connection.client
        }
        dropped?.close()
    }

    private func launch() throws -> (client: RPCClient, app: ChildProcess?) {
        var clientOptions = RPCClient.Configuration()
        clientOptions.callTimeout = options.callTimeout
        clientOptions.sendsCancelRequests = options.cancelsAbandonedCalls
        if options.reuseRunningServer, serverAnswers(at: socketPath) {
            return (RPCClient(socketPath: socketPath, configuration: clientOptions), nil)
        }
        guard FileManager.default.isExecutableFile(atPath: manifest.executable) else {
            throw SpotlightError(.unavailable, "cannot launch \(manifest.bundleIdentifier): \(manifest.executable) "
                + "is not an executable file; rebuild the app and run it with --install to update its manifest")
        }
        let app: ChildProcess
        do {
            app = try ChildProcess(executable: manifest.executable, arguments: manifest.arguments + launchArguments,
                                   environment: environment.merging(launchEnvironment) { $1 },
                                   stderrTailBytes: options.stderrTailBytes, echoOutput: options.echoOutput)
        } catch {
            throw SpotlightError(.unavailable, "cannot launch \(manifest.bundleIdentifier) from \(manifest.executable)",
                                 underlying: error.underlying ?? error.message)
        }
        latest.withLock { $0 = app }
        try app.waitUntilServing(on: socketPath, within: options.startupTimeout,
                                 name: "\(manifest.bundleIdentifier) (\(manifest.executable))")
        return (RPCClient(socketPath: socketPath, configuration: clientOptions), app)
    }
}
