import Foundation
import Dispatch
import SpotlightModel
import Testing
@testable import SpotlightWire

// `$/cancelRequest` over a real socket: a client that sends it on cancellation has the server
// cancel the task answering that request; one for a request not running is ignored.

@Test func aCancelledCallHasTheServerCancelTheTaskAnsweringIt() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let server = try startServer(directory)
    var options = RPCClient.Configuration()
    options.sendsCancelRequests = true
    let client = RPCClient(socketPath: directory.socket(), configuration: options)
    let (marker, params) = SlowCalls.call(milliseconds: 20_000)
    let call = Task { try await client.call("slow", params) }
    while !SlowCalls.hasStarted(marker) { try await Task.sleep(for: .milliseconds(10)) }
    let cancelled = ContinuousClock.now
    call.cancel()
    await #expect(throws: SpotlightError.self, "the handler's CancellationError, answered") { try await call.value }
    #expect(ContinuousClock.now - cancelled < .seconds(10), "not when the handler's 20 s sleep ends")
    #expect(!SlowCalls.hasFinished(marker))
    await server.stop()
}

@Test func aCancelRequestForARequestNotRunningIsIgnored() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let server = try startServer(directory)
    let raw = try RawClient(path: directory.socket())
    await raw.write("{\"jsonrpc\":\"2.0\",\"method\":\"$/cancelRequest\",\"params\":{\"id\":41}}\n")
    await raw.write("{\"jsonrpc\":\"2.0\",\"id\":42,\"method\":\"add\",\"params\":{\"a\":1,\"b\":2}}\n")
    let answer = await raw.readJSON()
    #expect(answer?["result"] == .int(3))
    #expect(answer?["id"] == .int(42))
    await server.stop()
}

@Test func aCancelRequestReadRightAfterItsRequestStillCancelsIt() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let server = try startServer(directory)
    let raw = try RawClient(path: directory.socket())
    let (marker, _) = SlowCalls.call(milliseconds: 20_000)
    // One write: the two frames are parsed concurrently, the cancel often before its request has its id.
    await raw.write("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"slow\",\"params\":{\"milliseconds\":20000,\"marker\":\"\(marker)\"}}\n"
        + "{\"jsonrpc\":\"2.0\",\"method\":\"$/cancelRequest\",\"params\":{\"id\":7}}\n")
    let started = ContinuousClock.now
    let answer = await raw.readJSON()
    #expect(answer?["id"] == .int(7))
    #expect(answer?["error"] != nil, "the handler's CancellationError")
    #expect(ContinuousClock.now - started < .seconds(10), "not when the handler's 20 s sleep ends")
    #expect(!SlowCalls.hasFinished(marker))
    await server.stop()
}

// The order rule, without a socket: a cancel reaches a request that arrived before it, even when
// the cancel is parsed first, and never one that arrived after it.

private let executor = WorkerTaskExecutor(queue: DispatchQueue(label: "cancel-tests", attributes: .concurrent))

/// Starts frame `order` as a request named `id` and says whether its task was cancelled within `wait`.
private func runRequest(_ running: RunningRequests, _ order: Int, id: RPCID, wait: Duration) async -> Bool {
    await withCheckedContinuation { seen in
        running.start(order, on: executor) { answering, _ in
            answering(id)
            try? await Task.sleep(for: wait)
            seen.resume(returning: Task.isCancelled)
        }
    }
}

private func readCancel(_ running: RunningRequests, _ order: Int, id: RPCID) async {
    await withCheckedContinuation { done in
        running.start(order, on: executor) { _, cancelling in
            cancelling(id)
            done.resume()
        }
    }
}

@Test func aCancelParsedBeforeTheRequestItFollowsCancelsThatRequestOnceNamed() async {
    let running = RunningRequests()
    let request = running.admit(), cancel = running.admit()
    await readCancel(running, cancel, id: .number(7))
    #expect(await runRequest(running, request, id: .number(7), wait: .seconds(20)))
}

@Test func aCancelDoesNotReachARequestThatArrivedAfterIt() async {
    let running = RunningRequests()
    let cancel = running.admit(), request = running.admit()
    await readCancel(running, cancel, id: .number(7))
    #expect(!(await runRequest(running, request, id: .number(7), wait: .milliseconds(200))))
}

@Test func aServerThatDoesNotTrackRequestsLeavesTheCancelToItsHandlerAndAnswersNothing() async {
    // As a server built before `$/cancelRequest` (or `LocalConnection`): an unknown notification.
    let dispatcher = RPCDispatcher(handler: TestService(), log: .silent)
    let frame = Array("{\"jsonrpc\":\"2.0\",\"method\":\"$/cancelRequest\",\"params\":{\"id\":7}}".utf8)
    let line = await dispatcher.respond(to: frame, peer: PeerCredentials(pid: 7, uid: 8, gid: 9))
    #expect(line == nil)
}
