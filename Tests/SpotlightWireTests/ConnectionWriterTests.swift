#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import SpotlightWire

// The sending side a server connection shares with the threads answering it, on a real
// socket pair.

/// A connected pair of non-blocking Unix sockets.
private func socketPair() throws -> (Int32, Int32) {
    var ends: [Int32] = [0, 0]
    #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
    for end in ends { try UnixSocket.setNonBlocking(end) }
    return (ends[0], ends[1])
}

/// What can be read from `fd` now.
private func readNow(_ fd: Int32) -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
    return count > 0 ? Array(buffer[..<count]) : []
}

@Test func aCompletedResponseIsSentAtOnceWithoutTheLoop() throws {
    let (server, client) = try socketPair()
    defer { close(server); close(client) }
    let writer = ConnectionWriter(fd: server, maxFrameBytes: 1 << 20)
    writer.withState { $0.inFlight = 1 }
    let loopMustLook = writer.complete(Array("answer\n".utf8))
    #expect(!loopMustLook)
    #expect(readNow(client) == Array("answer\n".utf8))
    #expect(writer.withState { $0.inFlight } == 0)
}

@Test func aResponseQueuedForTheLoopIsNotSentUntilItFlushes() throws {
    let (server, client) = try socketPair()
    defer { close(server); close(client) }
    let writer = ConnectionWriter(fd: server, maxFrameBytes: 1 << 20)
    writer.withState { $0.inFlight = 1 }
    #expect(writer.complete(Array("later\n".utf8), send: false))
    #expect(readNow(client).isEmpty)
    #expect(writer.flush() == nil)
    #expect(readNow(client) == Array("later\n".utf8))
}

@Test func theLastAnswerOfAnEndingConnectionWakesTheLoopToCloseIt() throws {
    let (server, client) = try socketPair()
    defer { close(server); close(client) }
    let writer = ConnectionWriter(fd: server, maxFrameBytes: 1 << 20)
    writer.withState { $0.inFlight = 2; $0.ending = true }
    #expect(!writer.complete(Array("one\n".utf8)))
    #expect(writer.complete(Array("two\n".utf8)))
}

@Test func aResponseAfterTheConnectionClosedIsDroppedNotSentOnAReusedDescriptor() throws {
    let (server, client) = try socketPair()
    let writer = ConnectionWriter(fd: server, maxFrameBytes: 1 << 20)
    writer.withState { state in
        state.inFlight = 1
        state.closed = true
        close(server)
    }
    close(client)
    // The kernel hands out the lowest free numbers: this pair most likely reuses `server`.
    let (other, otherPeer) = try socketPair()
    defer { close(other); close(otherPeer) }
    #expect(!writer.complete(Array("stale\n".utf8)))
    #expect(readNow(otherPeer).isEmpty)
    #expect(readNow(other).isEmpty)
    #expect(writer.flush() == nil)
}

@Test func aFailedSendIsKeptForTheLoopToDropTheConnection() throws {
    let (server, client) = try socketPair()
    defer { close(server) }
    close(client)
    let writer = ConnectionWriter(fd: server, maxFrameBytes: 1 << 20)
    writer.withState { $0.inFlight = 1 }
    #expect(writer.complete(Array("nobody listens\n".utf8)))
    #expect(writer.withState { $0.sendFailure } != nil)
    #expect(writer.flush() != nil)
}

/// A send that fails because the peer closed its socket (EPIPE) is that peer hanging up, as
/// POLLHUP would have said: the loop does not see POLLHUP on a connection it is not polling
/// (its reading paused at the in-flight limit), or sees the failure first, and the skipped
/// requests were logged as of a peer that "stopped reading".
@Test func aSendRefusedByAPeerThatClosedItsSocketIsReportedAsAHangUp() throws {
    let (server, client) = try socketPair()
    close(client)
    let writer = ConnectionWriter(fd: server, maxFrameBytes: 1 << 20)
    writer.withState { $0.inFlight = 2 }
    #expect(writer.complete(Array("nobody listens\n".utf8)))
    #expect(writer.isAbandoned)
    writer.noteSkipped()
    writer.withState { state in
        state.closed = true
        close(server)
    }
    #expect(!writer.complete(nil))
    let report = writer.takeSkippedReport()
    #expect(report?.count == 1)
    #expect(report?.reason == "its peer hung up", "\(String(describing: report))")
}
