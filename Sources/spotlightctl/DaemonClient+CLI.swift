import Foundation
import SpotlightKit
import SpotlightModel
import SpotlightProtocol

/// spotlightctl's client of spotlightd: no retrying, so a daemon that is not running is
/// reported at once (exit 3), in spotlightctl's own words (`CLIError(from:socket:)`).
///
/// ```swift
/// let daemon = DaemonClient.spotlightctl(socket: SpotlightPaths.socket())
/// let status = try await daemon.status()
/// ```
extension DaemonClient {
    static func spotlightctl(socket: String) -> DaemonClient {
        DaemonClient(socketPath: socket, reconnectWindow: .zero, callTimeout: .seconds(120),
                     clientName: "spotlightctl \(spotlightctlVersion)", explainsUnavailable: false)
    }

    /// Fails with exit 4 unless the daemon lets this process write `bundle`.
    func requireWritable(_ bundle: String) async throws {
        let hello = try await hello(client: "spotlightctl")
        guard hello.writableBundles.contains(bundle) else {
            let may = hello.writableBundles.isEmpty ? "none" : hello.writableBundles.joined(separator: ", ")
            throw CLIError(.refused, """
                spotlightd does not let spotlightctl write \(bundle) (it may write: \(may)). spotlightctl is not a \
                registered app; restart spotlightd with `--grant \(bundle)` to let it write that bundle.
                """)
        }
    }
}

let spotlightctlVersion = "0.1.0"
