import SpotlightModel
import Testing
@testable import SpotlightWire

// The client's call deadlines, kept by its I/O thread (no timer task per call). Each test
// checks the order of events, not elapsed time: the timeout must reach the caller while the
// slow handler is still sleeping, so a busy machine (the tests run in parallel) delays both
// alike instead of failing a time bound.

@Test func aCallFailsAtItsDeadlineNotWhenTheLateReplyComes() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let server = try startServer(directory)
    let client = RPCClient(socketPath: directory.socket())
    let (marker, params) = SlowCalls.call(milliseconds: 3000)
    await #expect {
        try await client.call("slow", params, timeout: .milliseconds(150))
    } throws: { ($0 as? SpotlightError)?.code == .timeout }
    #expect(!SlowCalls.hasFinished(marker))
    await server.stop()
}

@Test func anEarlierDeadlineIsKeptWhileALaterCallIsPending() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let server = try startServer(directory)
    let client = RPCClient(socketPath: directory.socket())
    let (marker, params) = SlowCalls.call(milliseconds: 400)
    let long = Task { try await client.call("slow", params, timeout: .seconds(30)) }
    #expect(await eventually { SlowCalls.hasStarted(marker) })
    let (late, lateParams) = SlowCalls.call(milliseconds: 3000)
    await #expect {
        try await client.call("slow", lateParams, timeout: .milliseconds(100))
    } throws: { ($0 as? SpotlightError)?.code == .timeout }
    #expect(!SlowCalls.hasFinished(late))
    #expect(try await long.value == .string("done"))
    await server.stop()
}
