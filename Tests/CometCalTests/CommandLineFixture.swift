import Foundation
import SpotlightTestSupport
#if canImport(Glibc)
import Glibc
#endif
import Testing
import SpotlightKit
import SpotlightModel

/// A temp spotlightd (a ``TestSpotlightd``) and a CometCal data directory beside it for
/// black-box tests of the `cometcal` command line: the built executables run as a person would run them.
final class CommandLineFixture {
    let daemon: TestSpotlightd
    var directory: URL { URL(fileURLWithPath: daemon.root) }
    var socket: String { daemon.socket }

    /// The directory of the built products (the test runner lives there).
    static var binDirectory: URL {
        if let dir = ProcessInfo.processInfo.environment["SPOTLIGHT_TEST_BIN_DIR"] {
            return URL(fileURLWithPath: dir, isDirectory: true)
        }
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var dir = URL(fileURLWithPath: exe).deletingLastPathComponent()
        while dir.path != "/", !FileManager.default.fileExists(atPath: dir.appendingPathComponent("cometcal").path) {
            dir = dir.deletingLastPathComponent()
        }
        return dir
    }

    var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["SPOTLIGHT_SOCKET"] = socket
        env["SPOTLIGHT_APPS_DIR"] = daemon.appsDirectory
        env["COMETCAL_DATA_DIR"] = directory.appendingPathComponent("cometcal").path
        env["SWIFT_BACKTRACE"] = "enable=no"
        return env
    }

    /// Starts spotlightd (granting `grants` to tools) and registers cometcal with it unless told not to.
    init(grants: [String] = [], install: Bool = true) throws {
        daemon = try TestSpotlightd(.init(grants: grants))
        guard install else { return }
        let installed = try cometcal("--install")
        #expect(installed.status == 0, "cometcal --install: \(installed.stderr)")
    }

    /// Runs `cometcal` with these arguments to completion.
    func cometcal(_ arguments: String..., extraEnvironment: [String: String] = [:]) throws
        -> (status: Int32, stdout: String, stderr: String) {
        try runToCompletion(Self.binDirectory.appendingPathComponent("cometcal"), arguments,
                            environment: environment.merging(extraEnvironment) { $1 })
    }

    /// The titles of CometCal's events that spotlightd finds for `text`.
    func spotlightEventTitles(_ text: String) async throws -> [String] {
        try await spotlightTitles(text, type: "EventEntity")
    }

    /// The titles of CometCal's records of `type` in Spotlight matching `text`, best first.
    func spotlightTitles(_ text: String, type: String) async throws -> [String] {
        let index = SearchableIndex(socketPath: socket, reconnectWindow: .seconds(1))
        defer { index.close() }
        let result = try await index.query(SearchQuery(text: text, bundles: ["com.example.apple-samplecode.CometCal"],
                                                       types: [type]))
        return result.hits.map(\.record.title)
    }
}
