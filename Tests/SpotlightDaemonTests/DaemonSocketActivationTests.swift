import Foundation
import SpotlightTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif
import SpotlightKit
import SpotlightModel

@Suite struct DaemonSocketActivationTests {
    static let activator = "/usr/bin/systemd-socket-activate"

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: activator)))
    func aSocketPassedBySystemdIsServed() async throws {
        let root = "/tmp/sa-" + String(UUID().uuidString.prefix(8))
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let socket = root + "/spotlightd.sock"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Self.activator)
        p.arguments = ["-l", socket, builtProductsDirectory() + "/spotlightd",
                       "--data-dir", root + "/data", "--grant", "com.example.test"]
        let log = root + "/log"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        p.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        try p.run()
        defer {
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
            // The daemon the activator started is its child; it exits with its parent.
            _ = try? Process.run(URL(fileURLWithPath: "/usr/bin/pkill"), arguments: ["-f", root + "/data"])
        }
        for _ in 0..<200 where !FileManager.default.fileExists(atPath: socket) { usleep(20_000) }
        let index = SearchableIndex(socketPath: socket, reconnectWindow: .seconds(10))
        try await index.indexRecords([note("1", "activated by systemd")])
        #expect(try await index.query(SearchQuery(text: "activated")).hits.count == 1)
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(text.contains("serving the socket passed by systemd"))
    }
}
