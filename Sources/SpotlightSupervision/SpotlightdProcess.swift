import Foundation
import SpotlightModel
import SpotlightWire

/// A spotlightd this process started and talks to: the daemon runs as a ``ChildProcess``
/// serving on `socketPath`, and calls go to it over one connection. A call that fails
/// because the daemon ended says how it ended and what it last wrote to stderr.
///
/// Used by the test harness (IntentKitTesting) and the package's own tests.
///
/// ```swift
/// let daemon = try SpotlightdProcess(executable: "/usr/bin/spotlightd", socketPath: "/tmp/t/d.sock",
///                                    arguments: ["--data-dir", "/tmp/t/data"])
/// let status: JSONValue = try await daemon.call("status")
/// daemon.stopBlocking()
/// ```
public final class SpotlightdProcess: Sendable {
    /// The daemon's process.
    public let process: ChildProcess
    /// Where it serves.
    public let socketPath: String
    private let client: RPCClient
    private let exitWait: Duration

    /// Starts spotlightd with `--socket socketPath` and `arguments`, and waits until it serves.
    /// - Parameters:
    ///   - environment: its whole environment (see ``environment(base:)``).
    ///   - startupTimeout: how long it may take to serve (it is killed after that).
    ///   - callTimeout: a call's default wait for its reply.
    ///   - exitWait: after a dropped connection, how long to wait for the daemon to exit
    ///     before reporting a plain "unavailable" instead of how it ended.
    /// - Throws: `.unavailable` if it cannot start or exits first; `.timeout` if it does not
    ///   serve within `startupTimeout`. Messages end with the end of its stderr.
    public init(executable: String, socketPath: String, arguments: [String] = [],
                environment: [String: String] = SpotlightdProcess.environment(),
                startupTimeout: Duration = .seconds(10), callTimeout: Duration = .seconds(30),
                exitWait: Duration = .seconds(3)) throws(SpotlightError) {
        self.socketPath = socketPath
        self.exitWait = exitWait
        process = try ChildProcess(executable: executable, arguments: ["--socket", socketPath] + arguments,
                                   environment: environment)
        try process.waitUntilServing(on: socketPath, within: startupTimeout, name: "spotlightd (\(executable))")
        var configuration = RPCClient.Configuration()
        configuration.callTimeout = callTimeout
        client = RPCClient(socketPath: socketPath, configuration: configuration)
    }

    /// `base` plus `SPOTLIGHT_EXIT_WITH_PARENT=1` (the daemon exits when this process goes away)
    /// and, unless `base` sets it, `SWIFT_BACKTRACE=enable=no` (a crash ends stderr with its
    /// `Fatal error` line, not a long backtrace).
    public static func environment(base: [String: String] = ProcessInfo.processInfo.environment) -> [String: String] {
        var environment = base
        environment["SPOTLIGHT_EXIT_WITH_PARENT"] = "1"
        if environment["SWIFT_BACKTRACE"] == nil { environment["SWIFT_BACKTRACE"] = "enable=no" }
        return environment
    }

    /// The daemon's process id while it runs.
    public var pid: Int32? { process.exit == nil ? process.pid : nil }

    /// Calls a daemon method with params encoded from `params` and decodes the result.
    /// - Throws: `SpotlightError`: the daemon's own error; `.unavailable` (with how the daemon
    ///   ended, if it did); `.timeout`.
    public func call<Params: Encodable & Sendable, Result: Decodable>(
        _ method: String, _ params: Params, as type: Result.Type = Result.self
    ) async throws -> Result {
        try await sayingHowItEnded(method) { try await client.call(method, params, as: Result.self) }
    }

    /// Calls a daemon method without params and returns the result as JSON.
    public func call(_ method: String) async throws -> JSONValue {
        try await sayingHowItEnded(method) { try await client.call(method) }
    }

    /// Runs a call; if the connection dropped because the daemon ended, says how it ended.
    private func sayingHowItEnded<T>(_ method: String, _ call: () async throws -> T) async throws -> T {
        do {
            return try await call()
        } catch let error as SpotlightError {
            throw await explainingExit(error, during: method)
        }
    }

    /// `error` of a call of `method` to this daemon, told as how the daemon ended when it is
    /// `.unavailable` because the daemon ended (waiting up to `exitWait` for the exit); else
    /// `error` itself. For a client of the daemon's socket other than ``call(_:_:as:)``.
    ///
    /// ```swift
    /// do { _ = try await client.query(query) } catch let error as SpotlightError {
    ///     throw await daemon.explainingExit(error, during: "query")   // "spotlightd crashed with signal 9 ... during query."
    /// }
    /// ```
    public func explainingExit(_ error: SpotlightError, during method: String) async -> SpotlightError {
        guard error.code == .unavailable, let exit = await process.waitForExit(within: exitWait) else { return error }
        return SpotlightError(.unavailable, "spotlightd \(exit) during \(method)." + process.stderrParagraph,
                              underlying: error.message)
    }

    /// Closes the connection and stops the daemon: SIGTERM, SIGKILL after `grace`.
    public func stopBlocking(grace: Duration = .seconds(2)) {
        client.close()
        process.stopBlocking(grace: grace)
    }
}
