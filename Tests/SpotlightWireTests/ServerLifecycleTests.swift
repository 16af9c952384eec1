#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SpotlightModel
import SpotlightTestSupport
import Testing
@testable import SpotlightWire

// Binding, refusing, timing out and stopping: the connection and server lifecycle.

@Test func anOversizedFrameGetsAnErrorThenTheConnectionClosesAndOthersAreServed() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let server = try startServer(directory) { $0.maxFrameBytes = 1024 }
    let raw = try RawClient(path: directory.socket())
    await raw.write(Array(repeating: UInt8(ascii: "x"), count: 4096))
    let error = await raw.readJSON()
    #expect(error?["error"]?["code"] == .int(-32600))
    #expect(error?["error"]?["message"]?.stringValue?.contains("1024 bytes") == true)
    #expect(await raw.readLine() == nil)
    let client = RPCClient(socketPath: directory.socket())
    #expect(try await client.call("echo", .array([.string("ok")])) == .array([.string("ok")]))
    await server.stop()
}

@Test func anAnswerOverTheFrameLimitIsAnErrorAndTheConnectionStaysUsable() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let server = try startServer(directory) { $0.maxFrameBytes = 1024 }
    let client = RPCClient(socketPath: directory.socket())
    await #expect {
        _ = try await client.call("big", .object(["bytes": .int(2000)]))
    } throws: { error in
        (error as? SpotlightError)?.message.contains("over the limit of 1024 bytes per message; ask for less") == true
    }
    #expect(try await client.call("echo", .array([.string("ok")])) == .array([.string("ok")]))
    await server.stop()
}

@Test func aClientThatTricklesAFrameIsDisconnectedAfterTheTimeout() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let server = try startServer(directory) { $0.frameTimeout = .milliseconds(200) }
    let raw = try RawClient(path: directory.socket())
    await raw.write("{\"jsonrpc\":")
    let error = await raw.readJSON()
    #expect(error?["error"]?["data"]?["code"] == .string("timeout"))
    #expect(await raw.readLine() == nil)
    await server.stop()
}

@Test func anIdleConnectionBetweenFramesIsKept() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let server = try startServer(directory) { $0.frameTimeout = .milliseconds(100) }
    let client = RPCClient(socketPath: directory.socket())
    _ = try await client.call("echo")
    // A connection that stops mid-frame is closed once the frame timeout has passed: by then
    // the client's connection has been idle longer than that.
    let partial = try RawClient(path: directory.socket())
    await partial.write("{\"jsonrpc\":")
    #expect(await partial.readJSON()?["error"]?["data"]?["code"] == .string("timeout"))
    #expect(await partial.readLine() == nil)
    #expect(await eventually { server.connectionCount == 1 })
    #expect(try await client.call("echo", .array([])) == .array([]))
    await server.stop()
}

@Test func aPeerRefusedByTheHookGetsTheReasonAndIsLogged() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let capture = LogCapture()
    let server = try startServer(directory) {
        $0.authorizePeer = UnixSocketServer.Configuration.onlyUser(getuid() + 1)
        $0.log = capture.log
    }
    let client = RPCClient(socketPath: directory.socket())
    await #expect { try await client.call("echo") } throws: { error in
        (error as? SpotlightError)?.code == .permissionDenied
    }
    #expect(capture.all.contains { $0.hasPrefix("warning: refused connection from pid \(getpid()) uid \(getuid())") })
    await server.stop()
}

@Test func theSocketIs0600InADirectoryCreated0700() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let path = directory.socket("run/spotlight/d.sock")
    let server = try UnixSocketServer(path: path, handler: TestService(), configuration: quiet())
    var info = stat()
    #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)
    #expect(stat(directory.socket("run/spotlight"), &info) == 0 && info.st_mode & 0o777 == 0o700)
    await server.stop()
    #expect(access(path, F_OK) != 0, "stop unlinks the socket it bound")
}

@Test func aStaleSocketIsReplaced() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let stale = try UnixSocket.makeSocket()
    try UnixSocket.bind(fd: stale, to: UnixSocket.address(for: directory.socket()))
    close(stale)
    let server = try startServer(directory)
    #expect(try await RPCClient(socketPath: directory.socket()).call("add", AddParams(a: 1, b: 2)) == 3)
    await server.stop()
}

@Test func aPathThatIsNotASocketIsRefusedAndLeftAlone() throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    try "keep me".write(toFile: directory.socket(), atomically: false, encoding: .utf8)
    #expect { try startServer(directory) } throws: { error in
        let message = (error as? SpotlightError)?.message ?? ""
        return message.contains(directory.socket()) && message.contains("not a socket")
    }
    #expect(try String(contentsOfFile: directory.socket(), encoding: .utf8) == "keep me")
}

@Test func aSocketWhereAServerListensIsNotTakenOver() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let first = try startServer(directory)
    #expect { try startServer(directory) } throws: { ($0 as? SpotlightError)?.code == .locked }
    await first.stop()
}

@Test func aPathTooLongForSunPathIsRefusedClearly() {
    let path = "/tmp/" + String(repeating: "d", count: 120) + "/s.sock"
    #expect { try UnixSocketServer(path: path, handler: TestService(), configuration: quiet()) } throws: { error in
        let message = (error as? SpotlightError)?.message ?? ""
        return message.contains("longer than the 107") && message.contains(path)
    }
}

@Test func gracefulStopFinishesAnInFlightRequest() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let server = try startServer(directory)
    let client = RPCClient(socketPath: directory.socket())
    let (marker, params) = SlowCalls.call(milliseconds: 300)
    let slow = taskOffThePool { try await client.call("slow", params) }
    #expect(await eventually { SlowCalls.hasStarted(marker) })
    await server.stop()
    #expect(try await slow.value == .string("done"))
    await #expect { try await RPCClient(socketPath: directory.socket()).call("echo") } throws: {
        ($0 as? SpotlightError)?.code == .unavailable
    }
}

@Test func connectingWithNoServerIsUnavailableNamingThePath() async {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let client = RPCClient(socketPath: directory.socket())
    await #expect { try await client.call("echo") } throws: { error in
        guard let error = error as? SpotlightError else { return false }
        return error.code == .unavailable && error.message.contains(directory.socket())
    }
}

@Test func aDroppedConnectionFailsPendingCallsAndTheNextCallReconnects() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    var server = try startServer(directory) { $0.maxPendingRequestsPerConnection = 1 }
    let client = RPCClient(socketPath: directory.socket())
    let (marker, params) = SlowCalls.call(milliseconds: 200)
    let slow = taskOffThePool { try await client.call("slow", params) }
    #expect(await eventually { SlowCalls.hasStarted(marker) })
    async let queued = client.call("echo")  // not read: the one pending slot is taken
    // Whether the client wrote the echo before the drop or tries it after, it fails with
    // .unavailable, and it is awaited before the server starts again: no need to wait here.
    await server.stop()
    #expect(try await slow.value == .string("done"))
    let queuedOutcome: Result<JSONValue, any Error>
    do { queuedOutcome = .success(try await queued) } catch { queuedOutcome = .failure(error) }
    #expect(throws: SpotlightError.self) { try queuedOutcome.get() }
    if case .failure(let error as SpotlightError) = queuedOutcome { #expect(error.code == .unavailable) }
    server = try startServer(directory)
    #expect(try await client.call("add", AddParams(a: 4, b: 5)) == 9)
    await server.stop()
}

@Test func tooManyConnectionsAreRefusedWithAReason() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let server = try startServer(directory) { $0.maxConnections = 1 }
    let first = RPCClient(socketPath: directory.socket())
    _ = try await first.call("echo")
    await #expect { try await RPCClient(socketPath: directory.socket()).call("echo") } throws: { error in
        (error as? SpotlightError)?.message.contains("limit") == true
    }
    await server.stop()
}

@Test func anAdoptedListeningSocketIsServed() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let fd = try UnixSocket.makeSocket()
    try UnixSocket.bind(fd: fd, to: UnixSocket.address(for: directory.socket()))
    listen(fd, 16)
    let server = try UnixSocketServer(adopting: fd, handler: TestService(), configuration: quiet())
    #expect(try await RPCClient(socketPath: directory.socket()).call("add", AddParams(a: 20, b: 22)) == 42)
    await server.stop()
    #expect(access(directory.socket(), F_OK) == 0, "an adopted socket's path belongs to systemd")
}

/// A socket unit with `ListenStream=127.0.0.1:PORT` (not a path) passed a TCP socket: it was
/// adopted, spotlightd logged that it served its default path, and refused every connection as
/// "peer uid 4294967295 is not the server's uid". Now it is refused at start, saying why.
@Test func anAdoptedSocketThatIsNotAUnixStreamSocketIsRefused() throws {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    try #require(fd >= 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    try #require(bound == 0 && listen(fd, 4) == 0)
    defer { close(fd) }
    #expect { _ = try UnixSocketServer(adopting: fd, handler: TestService(), configuration: quiet()) } throws: { error in
        (error as? SpotlightError)?.message == "file descriptor \(fd) is not a Unix stream socket; "
            + "the socket unit's ListenStream= must be a path"
    }
}

@Test func socketActivationIsDetectedOnlyForThisProcess() {
    #expect(SocketActivation.listeningFileDescriptors(environment: ["LISTEN_PID": "\(getpid())", "LISTEN_FDS": "2"]) == [3, 4])
    #expect(SocketActivation.listeningFileDescriptors(environment: ["LISTEN_PID": "1", "LISTEN_FDS": "1"]).isEmpty)
    #expect(SocketActivation.listeningFileDescriptors(environment: [:]).isEmpty)
}

private func quiet() -> UnixSocketServer.Configuration {
    var configuration = UnixSocketServer.Configuration()
    configuration.log = .silent
    return configuration
}
