import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// Every request waited for the same worker threads, so three large `get`s (decoding one is
/// seconds of CPU) held a `hello` or a `status` from another client for as long as they ran.
/// Cheap control requests now have a path of their own and are answered while those still run.
/// The stop signal was suspected of the same wait (its task runs on Swift's shared pool); it
/// is not held up, since requests run on the server's workers, and a test keeps it that way.
@Suite(.serialized) struct ControlRequestFairnessTests {
    @Test(arguments: [#"{"jsonrpc":"2.0","id":1,"method":"hello","params":{}}"#,
                      #"{"jsonrpc":"2.0","id":1,"method":"status"}"#])
    func aControlRequestIsAnsweredBeforeHeavyRequestsOfOtherClientsFinish(request: String) throws {
        let daemon = try DaemonProcess()
        let heavy = try HeavyRequests(daemon.socket)
        let control = try RawConnection(path: daemon.socket)
        control.send(request)
        let answer = control.readJSON()
        #expect(answer?["result"] != nil, "\(String(describing: answer))")
        #expect(heavy.answered == 0, "the heavy requests were answered first")
        #expect(heavy.waitForAllAnswers())
    }

    @Test func aStopSignalIsLoggedBeforeHeavyRequestsFinish() throws {
        let daemon = try DaemonProcess()
        let heavy = try HeavyRequests(daemon.socket)
        #expect(kill(try #require(daemon.daemon.pid), SIGTERM) == 0)
        #expect(daemon.logged("received SIGTERM; draining"))
        #expect(heavy.answered == 0, "the heavy requests were answered first")
        #expect(daemon.daemon.process?.waitForExitBlocking(within: .seconds(30)) == .exited(status: 0))
    }
}

/// Five connections, each with a `get` of 60,000 keys in flight (3.6 MB; refused only once
/// decoded, over the 10,000-key limit): more CPU-bound requests than this machine's worker
/// threads, each about half a second of decoding. The suite runs its tests one at a time, so
/// that this load, needed here, does not pile up on the suites running beside it.
private struct HeavyRequests {
    let connections: [RawConnection]

    init(_ socket: String) throws {
        let keys = (0..<60_000).map { #"{"bundle":"com.example.test","type":"Note","id":"note-\#($0)"}"# }
        let line = Array((#"{"jsonrpc":"2.0","id":7,"method":"get","params":{"keys":["# + keys.joined(separator: ",") + "]}}\n").utf8)
        let connections = try (0..<5).map { _ in try RawConnection(path: socket) }
        // Sent side by side, so the daemon reads them together and none is answered before
        // the last is read; each send returns once the daemon has read nearly all of its frame.
        let sent = DispatchSemaphore(value: 0)
        for connection in connections {
            Thread { connection.send(line); sent.signal() }.start()
        }
        for _ in connections { sent.wait() }
        self.connections = connections
        // Until the daemon has read every byte (nothing left in the sockets' queues), so each
        // frame is handed to the workers before the test's next request is sent.
        let deadline = ContinuousClock.now + .seconds(60)
        while connections.contains(where: { $0.unreadBytes > 0 }), ContinuousClock.now < deadline { usleep(5_000) }
    }

    /// How many of them have an answer waiting, without reading it.
    var answered: Int {
        connections.filter { connection in
            var byte: UInt8 = 0
            return recv(connection.fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) > 0
        }.count
    }

    /// Whether each gets its answer (the refusal of a `get` over the key limit).
    func waitForAllAnswers() -> Bool {
        connections.allSatisfy { $0.readJSON()?["error"] != nil }
    }
}
