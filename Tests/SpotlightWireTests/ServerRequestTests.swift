#if canImport(Glibc)
import Glibc
#endif
import SpotlightModel
import Testing
@testable import SpotlightWire

// Requests over a real socket: answers, pipelining, and every client fault that the
// connection survives.

@Test func aCallRoundTripsOverTheSocket() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let server = try startServer(directory)
    let client = RPCClient(socketPath: directory.socket())
    let sum: Int = try await client.call("add", AddParams(a: 2, b: 3))
    #expect(sum == 5)
    await server.stop()
}

@Test func tenThousandPipelinedRequestsOnOneConnectionAreAllAnswered() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let server = try startServer(directory)
    let client = RPCClient(socketPath: directory.socket())
    let total = try await withThrowingTaskGroup(of: Int.self) { group in
        for index in 0..<10_000 {
            group.addTask { try await client.call("add", AddParams(a: index, b: 1)) }
        }
        return try await group.reduce(0, +)
    }
    #expect(total == (1...10_000).reduce(0, +))
    #expect(server.connectionCount == 1)
    await server.stop()
}

@Test func malformedJSONIsAParseErrorAndTheNextRequestWorks() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let server = try startServer(directory)
    let raw = try RawClient(path: directory.socket())
    await raw.write("{\"jsonrpc\":\"2.0\",\"id\":1,\n")
    let error = await raw.readJSON()
    #expect(error?["error"]?["code"] == .int(-32700))
    #expect(error?["id"] == .null)
    await raw.write(#"{"jsonrpc":"2.0","id":2,"method":"echo","params":["still here"]}"# + "\n")
    #expect(await raw.readJSON()?["result"] == .array([.string("still here")]))
    await server.stop()
}

@Test func invalidUTF8IsAParseErrorAndTheConnectionGoesOn() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let server = try startServer(directory)
    let raw = try RawClient(path: directory.socket())
    await raw.write(Array(#"{"jsonrpc":"2.0","id":1,"method":"echo","params":[""#.utf8) + [0xC3, 0x28] + Array("\"]}\n".utf8))
    let error = await raw.readJSON()
    #expect(error?["error"]?["code"] == .int(-32700))
    #expect(error?["error"]?["message"]?.stringValue?.contains("UTF-8") == true)
    await raw.write(#"{"jsonrpc":"2.0","id":2,"method":"echo"}"# + "\n")
    #expect(await raw.readJSON()?["id"] == .int(2))
    await server.stop()
}

@Test func anUnknownMethodIsNamedWithTheAvailableOnes() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let server = try startServer(directory)
    let client = RPCClient(socketPath: directory.socket())
    await #expect(throws: SpotlightError(.notFound, "unknown method \"ad\"; available methods: add, big, echo, fail, slow, whoami; "
                                         + "see Tests/SpotlightWireTests/TestSupport.swift",
                                         underlying: "JSON-RPC error -32601")) {
        try await client.call("ad")
    }
    #expect(try await client.call("echo", .object([:])) == .object([:]))
    await server.stop()
}

@Test func wrongParamTypesAreAnErrorNamingTheField() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let server = try startServer(directory)
    let raw = try RawClient(path: directory.socket())
    await raw.write(#"{"jsonrpc":"2.0","id":"x","method":"add","params":{"a":1,"b":"two"}}"# + "\n")
    let reply = await raw.readJSON()
    #expect(reply?["id"] == .string("x"))
    #expect(reply?["error"]?["code"] == .int(-32602))
    #expect(reply?["error"]?["message"] == .string("invalid params of add: params.b: expected Int, found string \"two\"; "
        + "see Tests/SpotlightWireTests/TestSupport.swift"))
    await server.stop()
}

@Test func aSpotlightErrorFromTheHandlerReachesTheClientIntact() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let server = try startServer(directory)
    let client = RPCClient(socketPath: directory.socket())
    await #expect(throws: SpotlightError(.conflict, "the client state changed; fetch it and retry",
                                         underlying: "expected 3, found 4")) {
        try await client.call("fail")
    }
    await server.stop()
}

@Test func aNotificationGetsNoResponse() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let server = try startServer(directory)
    let raw = try RawClient(path: directory.socket())
    await raw.write(#"{"jsonrpc":"2.0","method":"echo","params":[1]}"# + "\n" + #"{"jsonrpc":"2.0","id":9,"method":"echo"}"# + "\n")
    #expect(await raw.readJSON()?["id"] == .int(9))
    await server.stop()
}

@Test func aLastFrameWithoutNewlineIsAnsweredBeforeClosing() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let server = try startServer(directory)
    let raw = try RawClient(path: directory.socket())
    await raw.write(#"{"jsonrpc":"2.0","id":4,"method":"slow","params":{"milliseconds":50}}"#)
    shutdown(raw.fd, Int32(SHUT_WR))
    #expect(await raw.readJSON()?["result"] == .string("done"))
    #expect(await raw.readLine() == nil)
    await server.stop()
}

@Test func peerCredentialsReportOurProcess() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let server = try startServer(directory)
    let client = RPCClient(socketPath: directory.socket())
    let peer: [String: Int] = try await client.call("whoami", [String: Int]())
    #expect(peer == ["pid": Int(getpid()), "uid": Int(getuid()), "gid": Int(getgid())])
    await server.stop()
}

@Test func aCallThatTakesTooLongTimesOut() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let server = try startServer(directory)
    let client = RPCClient(socketPath: directory.socket())
    await #expect {
        try await client.call("slow", .object(["milliseconds": .int(2000)]), timeout: .milliseconds(100))
    } throws: { ($0 as? SpotlightError)?.code == .timeout }
    #expect(try await client.call("add", .object(["a": .int(1), "b": .int(1)])) == .int(2))
    await server.stop()
}

@Test func twoHundredClientsAtOnceAreAllServed() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let server = try startServer(directory)
    let clients = (0..<200).map { _ in RPCClient(socketPath: directory.socket()) }
    let total = try await withThrowingTaskGroup(of: Int.self) { group in
        for (index, client) in clients.enumerated() {
            group.addTask {
                var sum = 0
                for call in 0..<20 { sum += try await client.call("add", AddParams(a: index, b: call)) }
                return sum
            }
        }
        return try await group.reduce(0, +)
    }
    #expect(total == (0..<200).reduce(0) { $0 + 20 * $1 + 190 })
    #expect(server.connectionCount == 200)
    for client in clients { client.close() }
    await server.stop()
}
