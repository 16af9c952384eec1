import Foundation
import SpotlightModel
import SpotlightProtocol
import SpotlightWire

/// spotlightctl's connection to spotlightd: typed calls over ``RPCClient``; no retrying, so a
/// daemon that is not running is reported at once (exit 3).
///
/// ```swift
/// let daemon = DaemonConnection(socket: SpotlightPaths.socket())
/// let status: DaemonStatus = try await daemon.call(.status, [String: String]())
/// ```
final class DaemonConnection: Sendable {
    let socket: String
    let client: RPCClient

    init(socket: String) {
        self.socket = socket
        self.client = RPCClient(socketPath: socket)
    }

    /// Calls `method` and decodes its result.
    /// - Throws: the daemon's `SpotlightError`; `.unavailable` when it is not running.
    func call<P: Encodable, R: Decodable>(_ method: DaemonProtocol.Method, _ params: P,
                                          timeout: Duration = .seconds(120)) async throws -> R {
        let value = try await client.call(method.rawValue, try JSONValue(encoding: params), timeout: timeout)
        do {
            return try value.decode(R.self)
        } catch {
            throw SpotlightError(.internal, "spotlightd's reply to \(method.rawValue) is not what spotlightctl "
                + "\(spotlightctlVersion) expects; are spotlightd and spotlightctl the same version?",
                underlying: "\(error)")
        }
    }

    func status() async throws -> DaemonStatus { try await call(.status, [String: String]()) }

    /// Fails with exit 4 unless the daemon lets this process write `bundle`.
    func requireWritable(_ bundle: String) async throws {
        let hello: HelloResult = try await call(.hello, HelloParams(client: "spotlightctl"))
        guard hello.writableBundles.contains(bundle) else {
            let may = hello.writableBundles.isEmpty ? "none" : hello.writableBundles.joined(separator: ", ")
            throw CLIError(.refused, """
                spotlightd does not let spotlightctl write \(bundle) (it may write: \(may)). spotlightctl is not a \
                registered app; restart spotlightd with `--grant \(bundle)` to let it write that bundle.
                """)
        }
    }

    func close() { client.close() }
}

let spotlightctlVersion = "0.1.0"
