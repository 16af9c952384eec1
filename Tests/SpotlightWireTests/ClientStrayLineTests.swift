import Foundation
import SpotlightModel
import Testing
@testable import SpotlightWire

// A server that answers with lines that are no answer (an app's service writing garbage, a
// program of another protocol on the socket) left the caller waiting out its deadline, then
// told "the server may be overloaded or stuck": the wrong thing to look for.

/// Listens at `path`, answers the first line of the first connection with `reply`, then keeps
/// the connection open until `done` is signalled.
private func serveOneReply(at path: String, _ reply: [UInt8], done: DispatchSemaphore) throws {
    let listener = try UnixSocket.makeSocket()
    try UnixSocket.bind(fd: listener, to: try UnixSocket.address(for: path))
    #expect(listen(listener, 1) == 0)
    Thread.detachNewThread {
        let connection = accept(listener, nil, nil)
        var byte: UInt8 = 0
        while read(connection, &byte, 1) == 1 && byte != UInt8(ascii: "\n") {}
        _ = reply.withUnsafeBytes { write(connection, $0.baseAddress!, $0.count) }
        done.wait()
        close(connection)
        close(listener)
    }
}

@Test func aCallAnsweredOnlyByALineThatIsNoResponseSaysSoAtItsDeadline() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let done = DispatchSemaphore(value: 0)
    defer { done.signal() }
    try serveOneReply(at: directory.socket(), Array("\u{FF} garbage\n".utf8), done: done)
    let client = RPCClient(socketPath: directory.socket())
    await #expect {
        _ = try await client.call("describe", nil, timeout: .milliseconds(300))
    } throws: { error in
        let error = error as? SpotlightError
        return error?.code == .timeout && error?.message.contains("the server sent a line that is not a JSON-RPC response") == true
    }
}
