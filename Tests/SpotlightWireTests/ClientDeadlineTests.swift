import SpotlightModel
import Testing
@testable import SpotlightWire

// The client's call deadlines, kept by its I/O thread (no timer task per call).

@Test func aCallFailsAtItsDeadlineNotWhenTheLateReplyComes() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let server = try startServer(directory)
    let client = RPCClient(socketPath: directory.socket())
    let clock = ContinuousClock()
    let start = clock.now
    await #expect {
        try await client.call("slow", .object(["milliseconds": .int(3000)]), timeout: .milliseconds(150))
    } throws: { ($0 as? SpotlightError)?.code == .timeout }
    #expect(clock.now - start < .milliseconds(1500))
    await server.stop()
}

@Test func anEarlierDeadlineIsKeptWhileALaterCallIsPending() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let server = try startServer(directory)
    let client = RPCClient(socketPath: directory.socket())
    let (marker, params) = SlowCalls.call(milliseconds: 400)
    let long = Task { try await client.call("slow", params, timeout: .seconds(30)) }
    #expect(await eventually { SlowCalls.hasStarted(marker) })
    let clock = ContinuousClock()
    let start = clock.now
    await #expect {
        try await client.call("slow", .object(["milliseconds": .int(3000)]), timeout: .milliseconds(100))
    } throws: { ($0 as? SpotlightError)?.code == .timeout }
    #expect(clock.now - start < .milliseconds(1500))
    #expect(try await long.value == .string("done"))
    await server.stop()
}
