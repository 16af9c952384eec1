import Dispatch
import Glibc
import SpotlightModel
import Synchronization
import Testing
@testable import SpotlightWire

// A handler that answers some requests at once (RPCImmediateHandler): the server sends
// those answers without a task, and passes everything else to the async method.

/// Answers "square" at once, "cube" at once as JSON text; declines "later" so the async method
/// answers it; throws for "bad".
struct SquareHandler: RPCImmediateHandler {
    func handleImmediately(method: String, params: JSONValue?, peer: PeerCredentials) throws -> RPCImmediateResult? {
        switch method {
        case "square":
            guard let n = params?["n"]?.int64Value else { throw RPCError.invalidParams("params.n: expected an integer") }
            return .value(.int(n * n))
        case "cube":
            guard let n = params?["n"]?.int64Value else { throw RPCError.invalidParams("params.n: expected an integer") }
            return .text(Array(#"{"cube":\#(n * n * n),"text":"as written"}"#.utf8))
        case "big":
            // More than a socket buffer takes at once: the worker sends what fits, the loop the rest.
            guard let n = params?["n"]?.int64Value else { throw RPCError.invalidParams("params.n: expected an integer") }
            if let tag = params?["tag"]?.stringValue { BigAnswers.count(tag) }
            return .value(.string(String(repeating: "x", count: Int(n))))
        case "note":
            // Changes state (a count), as a donation does: run even for a peer that reads no answer.
            if let tag = params?["tag"]?.stringValue { BigAnswers.count(tag) }
            return .value(.null)
        case "bad": throw SpotlightError(.invalidInput, "bad is refused at once")
        case "slow", "slowbad":
            // Answered later from another thread, as spotlightd answers a donation from its store writer.
            let n = params?["n"]?.int64Value ?? 0
            return .later { reply in
                DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(Int(n % 7))) {
                    reply(method == "slow" ? .success(.int(n + 1)) : .failure(SpotlightError(.conflict, "slowbad fails later")))
                }
            }
        default: return nil
        }
    }

    func isReadOnly(method: String) -> Bool { ["square", "cube", "big"].contains(method) }

    func handle(method: String, params: JSONValue?, peer: PeerCredentials) async throws -> JSONValue {
        guard method == "later" else { throw RPCError.methodNotFound(method, available: ["square", "later", "bad"]) }
        return .string("from the task")
    }
}

/// How many "big" answers were made per tag (a test's own), across the server's workers.
enum BigAnswers {
    private static let counts = Mutex<[String: Int]>([:])
    static func count(_ tag: String) { counts.withLock { $0[tag, default: 0] += 1 } }
    static func made(_ tag: String) -> Int { counts.withLock { $0[tag] ?? 0 } }
}

private func startSquareServer(_ directory: TemporaryDirectory,
                               configure: (inout UnixSocketServer.Configuration) -> Void = { _ in }) throws -> UnixSocketServer {
    var configuration = UnixSocketServer.Configuration()
    configuration.log = .silent
    configure(&configuration)
    return try UnixSocketServer(path: directory.socket(), handler: SquareHandler(), configuration: configuration)
}

/// Sends `count` requests for 100 KB answers on a new connection, all in one write (so the
/// server reads them all before any answer is made), and reads none of the answers.
private func requestUnreadAnswers(_ directory: TemporaryDirectory, count: Int, tag: String) async throws -> RawClient {
    let raw = try RawClient(path: directory.socket())
    let lines = (0..<count).map { id in
        #"{"jsonrpc":"2.0","id":\#(id),"method":"big","params":{"n":100000,"tag":"\#(tag)"}}"# + "\n"
    }
    await raw.write(lines.joined())
    return raw
}

@Test func aPeerThatReadsNoAnswersIsDisconnectedOnceTheyPileUp() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let server = try startSquareServer(directory) { $0.maxUnsentBytesPerConnection = 1 << 20 }
    let raw = try await requestUnreadAnswers(directory, count: 200, tag: "pile")
    #expect(await eventually { BigAnswers.made("pile") > 0 })
    #expect(await eventually { server.connectionCount == 0 })
    withExtendedLifetime(raw) {}
    let client = RPCClient(socketPath: directory.socket())
    #expect(try await client.call("square", .object(["n": .int(3)])) == .int(9))
    await server.stop()
}

@Test func theRequestsOfAPeerThatStoppedReadingAreNotRun() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let server = try startSquareServer(directory) { $0.maxUnsentBytesPerConnection = 1 << 20 }
    let raw = try await requestUnreadAnswers(directory, count: 200, tag: "skip")
    #expect(await eventually { BigAnswers.made("skip") > 0 })
    #expect(await eventually { server.connectionCount == 0 })
    withExtendedLifetime(raw) {}
    #expect(BigAnswers.made("skip") < 100, "\(BigAnswers.made("skip")) of 200 answers made")
    await server.stop()
}

@Test func theWritesOfAPeerThatStoppedReadingStillRun() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let server = try startSquareServer(directory) { $0.maxUnsentBytesPerConnection = 1 << 20 }
    let raw = try RawClient(path: directory.socket())
    let unread = (0..<200).map { id in #"{"jsonrpc":"2.0","id":\#(id),"method":"big","params":{"n":100000,"tag":"unread"}}"# + "\n" }
    let notes = (0..<50).map { id in #"{"jsonrpc":"2.0","id":\#(id + 1000),"method":"note","params":{"tag":"noted"}}"# + "\n" }
    await raw.write((unread + notes).joined())
    #expect(await eventually { server.connectionCount == 0 })
    #expect(await eventually { BigAnswers.made("noted") == 50 }, "\(BigAnswers.made("noted")) of 50 notes run")
    #expect(BigAnswers.made("unread") < 100, "\(BigAnswers.made("unread")) of 200 answers made")
    withExtendedLifetime(raw) {}
    await server.stop()
}

@Test func anImmediateAnswerIsSentAsTheResponse() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let server = try startSquareServer(directory)
    let client = RPCClient(socketPath: directory.socket())
    #expect(try await client.call("square", .object(["n": .int(7)])) == .int(49))
    await server.stop()
}

@Test func anImmediateAnswerLargerThanTheSocketBufferArrivesWhole() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let server = try startSquareServer(directory)
    let client = RPCClient(socketPath: directory.socket())
    let answers = try await withThrowingTaskGroup(of: JSONValue.self) { group in
        for _ in 0..<2 { group.addTask { try await client.call("big", .object(["n": .int(1 << 20)])) } }
        return try await group.reduce(into: [JSONValue]()) { $0.append($1) }
    }
    #expect(answers.count == 2)
    #expect(answers.allSatisfy { $0.stringValue?.utf8.count == 1 << 20 && $0.stringValue?.utf8.allSatisfy { $0 == UInt8(ascii: "x") } == true })
    #expect(try await client.call("square", .object(["n": .int(5)])) == .int(25))
    await server.stop()
}

@Test func anImmediateAnswerWrittenAsTextIsSentAsTheResult() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let server = try startSquareServer(directory)
    let client = RPCClient(socketPath: directory.socket())
    #expect(try await client.call("cube", .object(["n": .int(3)])) == .object(["cube": .int(27), "text": .string("as written")]))
    #expect(try await client.call("square", .object(["n": .int(3)])) == .int(9))
    await server.stop()
}

@Test func aRequestTheImmediateHandlerDeclinesIsAnsweredByItsAsyncMethod() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let server = try startSquareServer(directory)
    let client = RPCClient(socketPath: directory.socket())
    #expect(try await client.call("later", .object([:])) == .string("from the task"))
    await server.stop()
}

@Test func anErrorThrownImmediatelyIsAnErrorResponseAndTheConnectionGoesOn() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let server = try startSquareServer(directory)
    let client = RPCClient(socketPath: directory.socket())
    await #expect(throws: SpotlightError.self) { try await client.call("bad", .object([:])) }
    #expect(try await client.call("square", .object(["n": .int(3)])) == .int(9))
    await server.stop()
}

@Test func aPipelinedBurstOfImmediateRequestsGetsEachItsOwnAnswer() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let server = try startSquareServer(directory)
    let client = RPCClient(socketPath: directory.socket())
    let answers = try await pipelined(2000, on: client) { n in n % 10 == 0 ? "later" : "square" }
    #expect(answers.count == 2000)
    #expect(answers.allSatisfy { n, answer in answer == (n % 10 == 0 ? .string("from the task") : .int(Int64(n * n))) })
    #expect(server.connectionCount == 1)
    await server.stop()
}

@Test func anAnswerGivenLaterFromAnotherThreadIsSentAsTheResponse() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let server = try startSquareServer(directory)
    let client = RPCClient(socketPath: directory.socket())
    #expect(try await client.call("slow", .object(["n": .int(41)])) == .int(42))
    await server.stop()
}

@Test func anErrorGivenLaterIsAnErrorResponseAndTheConnectionGoesOn() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let server = try startSquareServer(directory)
    let client = RPCClient(socketPath: directory.socket())
    await #expect(throws: SpotlightError.self) { try await client.call("slowbad", .object(["n": .int(1)])) }
    #expect(try await client.call("slow", .object(["n": .int(1)])) == .int(2))
    await server.stop()
}

/// The answer is queued for the loop after the peer stopped writing; the loop sends it and
/// then closes the connection, with nothing else to wake it.
@Test func aConnectionClosedForWritingIsClosedOnceItsLaterAnswerIsSent() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let server = try startSquareServer(directory)
    let raw = try RawClient(path: directory.socket())
    await raw.write(#"{"jsonrpc":"2.0","id":1,"method":"slow","params":{"n":41}}"# + "\n")
    shutdown(raw.fd, Int32(SHUT_WR))
    #expect(await raw.readJSON()?["result"] == .int(42))
    let waiting = ContinuousClock.now
    #expect(await raw.readLine() == nil)
    #expect(ContinuousClock.now - waiting < .seconds(5))
    await server.stop()
}

@Test func pipelinedLaterAndImmediateAnswersEachReachTheirRequest() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let server = try startSquareServer(directory)
    let client = RPCClient(socketPath: directory.socket())
    let answers = try await pipelined(1000, on: client) { n in n % 2 == 0 ? "slow" : "square" }
    #expect(answers.count == 1000)
    #expect(answers.allSatisfy { n, answer in answer == .int(Int64(n % 2 == 0 ? n + 1 : n * n)) })
    await server.stop()
}

/// Sends calls 0..<count at once on one client, call n to `method(n)` with params `{"n": n}`;
/// each answer by its n.
private func pipelined(_ count: Int, on client: RPCClient,
                       method: @escaping @Sendable (Int) -> String) async throws -> [Int: JSONValue] {
    try await withThrowingTaskGroup(of: (Int, JSONValue).self) { group in
        for n in 0..<count {
            group.addTask { (n, try await client.call(method(n), .object(["n": .int(Int64(n))]))) }
        }
        return try await group.reduce(into: [Int: JSONValue]()) { $0[$1.0] = $1.1 }
    }
}
