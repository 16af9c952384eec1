import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SpotlightModel
import SpotlightSupervision
import Testing

/// An app service's bad reply, as `spotlightctl open` and IntentKitTesting saw it: one of the
/// wrong shape said "is not a OpenEntityResult (DecodingError…)" with no next step, and one
/// over the 16 MiB frame limit showed only as the connection (or the app) gone.
@Suite struct AppReplyTests {
    private struct Answer: Decodable { var title: String }

    /// Serves the app's socket at `path` (its launcher reuses a server that answers there):
    /// each request line gets `reply(id)` and a newline; a connection without one (the
    /// launcher's probe) is closed. Runs until the test process ends.
    private func serve(at path: String, reply: @escaping @Sendable (String) -> [UInt8]) throws {
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path.utf8) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0 && listen(listener, 8) == 0)
        Thread.detachNewThread {
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { return }
                var line: [UInt8] = []
                var byte: UInt8 = 0
                while read(connection, &byte, 1) == 1 && byte != UInt8(ascii: "\n") { line.append(byte) }
                let request = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any]
                if let id = request?["id"] {
                    let bytes = reply("\(id)") + [UInt8(ascii: "\n")]
                    var sent = 0
                    while sent < bytes.count {
                        let n = bytes.withUnsafeBytes { send(connection, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
                        if n <= 0 { break }
                        sent += n
                    }
                    usleep(500_000)
                }
                close(connection)
            }
        }
    }

    private func launcher(_ bundle: String, socket: String) -> AppLauncher {
        AppLauncher(manifest: AppManifest(bundleIdentifier: bundle, executable: "/nonexistent/\(bundle)"),
                    socketPath: socket, environment: [:])
    }

    private func socketPath() -> String { "/tmp/arp-\(UUID().uuidString.prefix(8)).sock" }

    @Test func aReplyOfTheWrongShapeNamesTheAppAndSaysToRebuildIt() async throws {
        let path = socketPath()
        defer { unlink(path) }
        try serve(at: path) { id in Array(#"{"jsonrpc":"2.0","id":\#(id),"result":{"title":5}}"#.utf8) }
        let app = launcher("com.example.Mismatch", socket: path)
        let error = await #expect(throws: SpotlightError.self) {
            _ = try await app.call("openEntity", ["id": "1"], as: Answer.self)
        }
        #expect(error?.message.contains("com.example.Mismatch's reply to openEntity is not the Answer expected (") == true,
                "\(String(describing: error))")
        #expect(error?.message.hasSuffix("com.example.Mismatch may be built with another version of IntentKit than "
            + "spotlightd, spotlightctl or the tests: rebuild com.example.Mismatch against this one") == true,
                "\(String(describing: error))")
    }

    @Test func aReplyOverTheFrameLimitSaysSoAndWhatTheLimitIs() async throws {
        let path = socketPath()
        defer { unlink(path) }
        let title = String(repeating: "x", count: 16 << 20)
        try serve(at: path) { id in Array(#"{"jsonrpc":"2.0","id":\#(id),"result":{"title":"\#(title)"}}"#.utf8) }
        let app = launcher("com.example.Verbose", socket: path)
        let error = await #expect(throws: SpotlightError.self) {
            _ = try await app.call("openEntity", ["id": "1"], as: Answer.self)
        }
        #expect(error?.message == "com.example.Verbose's reply to openEntity is over the limit of 16 MiB (16777216 bytes) "
            + "per message, so it was dropped; com.example.Verbose must answer with less: report it to the app's developer",
                "\(String(describing: error))")
    }
}
