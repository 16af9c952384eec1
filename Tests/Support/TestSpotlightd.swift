import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SpotlightModel
import SpotlightSupervision

/// The one way tests run a real spotlightd: the built executable (``builtProductsDirectory()``)
/// with its data, apps directory and socket in a fresh directory under /tmp, watched as a
/// ``ChildProcess`` (its exit is waited on, not polled). ``start(extraArguments:)`` returns once
/// it serves on ``socket``; ``stop(grace:)`` sends SIGTERM and SIGKILL after the grace;
/// ``restart()`` runs it again on the same data. The directory is removed when this goes away.
///
/// ```swift
/// let daemon = try TestSpotlightd(.init(grants: ["com.example.test"], arguments: ["--language", "de"]))
/// let index = SearchableIndex(socketPath: daemon.socket)
/// #expect(daemon.stop() == .exited(status: 0))
/// #expect(daemon.stderr.contains("stopped cleanly"))
/// ```
public final class TestSpotlightd: @unchecked Sendable {
    /// How a ``TestSpotlightd`` runs; every start gets all of it.
    public struct Options: Sendable {
        /// Bundles callers without a manifest may donate to (`--grant`).
        public var grants: [String]
        /// More arguments (`--records-in-index`, `--shards-config FILE`, `--batch-timeout 0.3`, ...).
        public var arguments: [String]
        /// Set in the environment the daemon inherits from the test process (which it gets
        /// without `SPOTLIGHT_SOCKET`, `SPOTLIGHT_APPS_DIR` and `SPOTLIGHT_APP_SOCKET`).
        public var environment: [String: String]
        /// Started by systemd-socket-activate, which creates the socket and passes it to
        /// spotlightd on the first connection (spotlightd gets no `--socket`).
        public var socketActivation: Bool
        /// How long a start may take before it is a failure (the daemon is then killed).
        public var startupTimeout: Duration

        /// - Parameters:
        ///   - grants: bundles granted with `--grant`.
        ///   - arguments: more spotlightd arguments, after the directories and grants.
        ///   - environment: variables set for the daemon on top of this process's environment.
        ///   - socketActivation: start it through `/usr/bin/systemd-socket-activate`.
        ///   - startupTimeout: how long it may take to serve.
        public init(grants: [String] = [], arguments: [String] = [], environment: [String: String] = [:],
                    socketActivation: Bool = false, startupTimeout: Duration = .seconds(20)) {
            self.grants = grants
            self.arguments = arguments
            self.environment = environment
            self.socketActivation = socketActivation
            self.startupTimeout = startupTimeout
        }
    }

    /// Variables of this process that the daemon does not get (``Options/environment`` may set them).
    static let notInherited: Set<String> = ["SPOTLIGHT_SOCKET", "SPOTLIGHT_APPS_DIR", "SPOTLIGHT_APP_SOCKET"]

    /// systemd's tool for starting a socket-activated service by hand.
    public static let socketActivator = "/usr/bin/systemd-socket-activate"

    /// How it runs; a change applies from the next start.
    public var options: Options
    /// The fresh directory that holds everything (short: socket paths must fit `sun_path`).
    public let root: String
    /// `--data-dir`.
    public var dataDirectory: String { root + "/data" }
    /// `--apps-dir` (created empty).
    public var appsDirectory: String { root + "/apps" }
    /// `--socket`, in a directory spotlightd creates.
    public var socket: String { root + "/run/spotlightd.sock" }

    /// The running daemon (for socket activation: the activator), nil once stopped.
    public private(set) var process: ChildProcess?
    /// What the daemons of earlier starts wrote to stderr.
    private var earlierStderr = ""

    /// Makes the directory and, unless `start` is false, starts spotlightd.
    /// - Throws: what ``start(extraArguments:)`` throws.
    public init(_ options: Options = Options(), start: Bool = true) throws {
        self.options = options
        var template = Array("/tmp/tsd-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw SpotlightError(.io, "cannot make a temp directory: \(String(cString: strerror(errno)))")
        }
        root = String(cString: made)
        try FileManager.default.createDirectory(atPath: root + "/apps", withIntermediateDirectories: true)
        if start { try self.start() }
    }

    /// The daemon's process id while it runs.
    public var pid: Int32? { process?.exit == nil ? process?.pid : nil }

    /// Everything this directory's daemons wrote to stderr, earlier starts first (so far, for
    /// the running one: see ``waitForStderr(containing:within:)``).
    public var stderr: String { earlierStderr + (process?.stderrTail ?? "") }

    /// Starts spotlightd (it must not be running) and waits until it serves on ``socket``
    /// (with socket activation: until the activator listens there; a request then waits
    /// in the socket's backlog until spotlightd takes it).
    /// - Parameter extraArguments: arguments for this start only, after ``Options/arguments``.
    /// - Throws: `.unavailable` if it exits first, `.timeout` if it does not serve within
    ///   ``Options/startupTimeout``; both say what it wrote to stderr.
    public func start(extraArguments: [String] = []) throws {
        precondition(pid == nil, "spotlightd of \(root) is already running")
        retire()
        let child = try launch(extraArguments: extraArguments)
        process = child
        try child.waitUntilServing(on: socket, within: options.startupTimeout, name: "spotlightd of \(root)")
    }

    /// Starts another spotlightd with this one's directories and options without waiting
    /// for it to serve, and without making it ``process``: for starts that should fail.
    ///
    /// ```swift
    /// let second = try daemon.launch(extraArguments: ["--socket", daemon.root + "/other.sock"])
    /// #expect(second.waitForExitBlocking(within: .seconds(20)) == .exited(status: 3))
    /// ```
    public func launch(extraArguments: [String] = []) throws -> ChildProcess {
        try launch(extraArguments: extraArguments, activationAddress: socket)
    }

    /// Starts spotlightd through systemd-socket-activate listening on `address`, `@name` for an
    /// abstract socket (``Options/socketActivation`` must be set), as ``process``, without
    /// waiting: it is started at the first connection there, which the caller makes.
    ///
    /// ```swift
    /// let daemon = try TestSpotlightd(.init(socketActivation: true), start: false)
    /// try daemon.startActivated(on: "@spotlightd-test")
    /// ```
    public func startActivated(on address: String) throws {
        precondition(pid == nil && options.socketActivation, "spotlightd of \(root) is running, or not socket-activated")
        retire()
        process = try launch(extraArguments: [], activationAddress: address)
    }

    private func launch(extraArguments: [String], activationAddress: String) throws -> ChildProcess {
        var arguments = ["--data-dir", dataDirectory, "--apps-dir", appsDirectory]
            + options.grants.flatMap { ["--grant", $0] } + options.arguments + extraArguments
        let spotlightd = builtProductsDirectory() + "/spotlightd"
        var executable = spotlightd
        if options.socketActivation {
            executable = Self.socketActivator
            try FileManager.default.createDirectory(atPath: root + "/run", withIntermediateDirectories: true)
            arguments = ["-l", activationAddress, spotlightd] + arguments
        } else {
            arguments = ["--socket", socket] + arguments
        }
        // A developer's own settings never point the daemon elsewhere.
        let inherited = ProcessInfo.processInfo.environment.filter { !Self.notInherited.contains($0.key) }
        let base = inherited.merging(options.environment) { $1 }
        return try ChildProcess(executable: executable, arguments: arguments,
                                environment: SpotlightdProcess.environment(base: base), stderrTailBytes: 1 << 20)
    }

    /// Waits until ``stderr`` contains `text`, or the daemon has ended, or `limit` passes
    /// (stderr reaches this process through a pipe, a moment after the daemon writes it).
    /// - Returns: whether it does.
    public func waitForStderr(containing text: String, within limit: Duration = .seconds(10)) -> Bool {
        let deadline = ContinuousClock.now + limit
        while !stderr.contains(text) {
            guard let process, process.exit == nil, ContinuousClock.now < deadline else { return stderr.contains(text) }
            _ = process.waitForExitBlocking(within: .milliseconds(20))
        }
        return true
    }

    /// Stops the daemon: SIGTERM, SIGKILL if it has not ended within `grace`.
    /// - Returns: how it ended (nil if it was not running or even SIGKILL did not end it).
    @discardableResult
    public func stop(grace: Duration = .seconds(10)) -> ProcessExit? {
        end(SIGTERM, grace: grace)
    }

    /// Ends the daemon with SIGKILL (a crash: nothing of it runs on).
    @discardableResult
    public func kill() -> ProcessExit? {
        end(SIGKILL, grace: .seconds(10))
    }

    /// Stops the daemon and starts it again on the same data, with ``Options/arguments`` and
    /// `extraArguments` (those of an earlier start are not kept).
    public func restart(extraArguments: [String] = []) throws {
        stop()
        try start(extraArguments: extraArguments)
    }

    /// Sends `signal`, then SIGKILL after `grace`; with socket activation the daemon the
    /// activator started gets them first.
    private func end(_ signal: Int32, grace: Duration) -> ProcessExit? {
        guard let process, process.exit == nil else { return nil }
        if options.socketActivation { endActivated(under: process.pid, signal) }
        process.signal(signal)
        if let exit = process.waitForExitBlocking(within: grace) { return exit }
        process.signal(SIGKILL)
        return process.waitForExitBlocking(within: .seconds(5))
    }

    /// Signals the children of the activator and waits (a deadline, not a fixed time) until
    /// they are gone, so that none outlives the directory.
    private func endActivated(under activator: Int32, _ signal: Int32) {
        let listing = (try? String(contentsOfFile: "/proc/\(activator)/task/\(activator)/children", encoding: .utf8)) ?? ""
        let children = listing.split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        children.forEach { _ = Glibc.kill($0, signal) }
        let deadline = ContinuousClock.now + .seconds(10)
        while children.contains(where: { Glibc.kill($0, 0) == 0 && !isZombie($0) }), ContinuousClock.now < deadline {
            _ = self.process?.waitForExitBlocking(within: .milliseconds(20))
        }
    }

    private func isZombie(_ pid: Int32) -> Bool {
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        return stat.split(separator: ")").last?.trimmingCharacters(in: .whitespaces).hasPrefix("Z") ?? true
    }

    /// Keeps what an ended daemon wrote, before the next start replaces it.
    private func retire() {
        if let process { earlierStderr += process.stderrTail }
        process = nil
    }

    deinit {
        kill()
        try? FileManager.default.removeItem(atPath: root)
    }
}
