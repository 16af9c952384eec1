import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SpotlightKit
import SpotlightProtocol
import Synchronization
import Testing

/// SpotlightKit sends a call again after its connection dropped only when the repeat answers as
/// the first would have. A batch's end or a client-state swap that spotlightd stored before it
/// died was sent again and answered "no batch ... nothing of it was stored" or `conflict`,
/// both false. Below SpotlightKit stands a server that drops the first connection unanswered.
@Suite struct DroppedCallRetryTests {
    @Test func aBatchsEndCutOffBeforeItsAnswerIsNotSentAgainAndSaysItMayHaveBeenStored() async throws {
        let server = try DroppingServer()
        defer { server.stop() }
        let daemon = DaemonClient(socketPath: server.path, reconnectWindow: .seconds(5))
        let error = await #expect(throws: SpotlightError.self) {
            _ = try await daemon.callValue(.endBatch, ["batch": "b1"])
        }
        #expect(error?.message.contains("dropped after endBatch was sent and before its answer") == true, "\(String(describing: error))")
        #expect(error?.message.contains("(get)") == true, "\(String(describing: error))")
        #expect(server.methods.withLock { $0 } == ["endBatch"])
    }

    @Test func aDonationWithAClientStateCutOffBeforeItsAnswerIsNotSentAgain() async throws {
        let server = try DroppingServer()
        defer { server.stop() }
        let daemon = DaemonClient(socketPath: server.path, reconnectWindow: .seconds(5))
        let params: [String: [String: String]] = ["clientState": ["expected": "a", "new": "b"]]
        let error = await #expect(throws: SpotlightError.self) { _ = try await daemon.callValue(.donate, params) }
        #expect(error?.message.contains("clientState") == true, "\(String(describing: error))")
        #expect(server.methods.withLock { $0 } == ["donate"])
    }

    @Test func aPlainDonationCutOffBeforeItsAnswerIsSentAgain() async throws {
        let server = try DroppingServer()
        defer { server.stop() }
        let daemon = DaemonClient(socketPath: server.path, reconnectWindow: .seconds(5))
        _ = try await daemon.callValue(.donate, ["records": [String]()])
        #expect(server.methods.withLock { $0 } == ["donate", "donate"])
    }
}

/// Accepts connections on a thread; drops the first after reading its request, answers the
/// rest with an empty result; the methods it read, in order.
private final class DroppingServer: Sendable {
    let path: String
    let methods = Mutex<[String]>([])
    private let listener: Int32

    init() throws {
        let path = "/tmp/dcr-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).sock"
        self.path = path
        let fd = unixListener(at: path, backlog: 8)
        try #require(fd >= 0, "cannot listen on \(path)")
        listener = fd
        Thread.detachNewThread { [self] in
            var served = 0
            while true {
                let connection = accept(fd, nil, nil)
                if connection < 0 { return }
                serve(connection, drop: served == 0)
                served += 1
            }
        }
    }

    private func serve(_ connection: Int32, drop: Bool) {
        defer { close(connection) }
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while read(connection, &byte, 1) == 1 {
            guard byte == UInt8(ascii: "\n") else { line.append(byte); continue }
            guard let request = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else { return }
            line = []
            methods.withLock { $0.append(request["method"] as? String ?? "?") }
            if drop { return }
            let id = request["id"] as? Int ?? 0
            let reply = Array(#"{"jsonrpc":"2.0","id":\#(id),"result":{"count":0,"sequence":0}}"#.utf8) + [10]
            _ = reply.withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
        }
    }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        unlink(path)
    }
}
