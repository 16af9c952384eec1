import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SpotlightKit
import SpotlightModel

/// A spotlightd started from the directory of this executable, with its own data
/// directory and socket, granted the bundles the benchmark writes.
final class DaemonLauncher {
    let dataDirectory: String
    let socket: String
    let process = Process()
    private let socketDirectory: String?

    /// Starts the daemon and waits until it answers `status`; `recordsInIndex`: with
    /// `--records-in-index`.
    init(root: String, grants: [String], recordsInIndex: Bool = false) async throws {
        dataDirectory = root + "/data"
        // sun_path holds 107 bytes; fall back to a short directory under /tmp.
        if (root + "/spotlightd.sock").utf8.count < 100 {
            socket = root + "/spotlightd.sock"
            socketDirectory = nil
        } else {
            let dir = "/tmp/sb-" + UUID().uuidString.prefix(8)
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            socket = dir + "/spotlightd.sock"
            socketDirectory = dir
        }
        let executable = Self.builtProductsDirectory() + "/spotlightd"
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw SpotlightError(.unavailable, "\(executable) is missing; build it with swift build -c release --product spotlightd")
        }
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--data-dir", dataDirectory, "--socket", socket] + grants.flatMap { ["--grant", $0] }
            + (recordsInIndex ? ["--records-in-index"] : [])
        var environment = ProcessInfo.processInfo.environment
        environment["SPOTLIGHT_EXIT_WITH_PARENT"] = "1"
        process.environment = environment
        process.standardOutput = FileHandle.standardError
        try process.run()
        let probe = SearchableIndex(socketPath: socket, reconnectWindow: .seconds(30))
        defer { probe.close() }
        _ = try await probe.status()
    }

    var pid: Int32 { process.processIdentifier }

    /// A new connection to the daemon.
    func connect() -> SearchableIndex { SearchableIndex(socketPath: socket, reconnectWindow: .seconds(5)) }

    /// SIGTERM, wait for the exit, remove a socket directory of our own.
    func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
        }
        if let socketDirectory { try? FileManager.default.removeItem(atPath: socketDirectory) }
    }

    deinit { stop() }

    /// The directory of the running executable, where SwiftPM puts every built product.
    static func builtProductsDirectory() -> String {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return (exe as NSString).deletingLastPathComponent
    }
}
