import SpotlightModel
import SpotlightTestSupport
import Testing
@testable import SpotlightWire

// The client's call deadlines, kept by its I/O thread (no timer task per call). Each test
// checks the order of events, not elapsed time: the timeout must reach the caller while the
// slow handler is still sleeping. The caller runs off the cooperative pool, as the server's
// handlers do, so tests blocking the pool beside it (they run in parallel) delay neither.

/// A call of `client` made off the pool, and whether the `slow` call `marker` had finished
/// when the caller got its outcome.
private func callNoting(_ marker: String, _ client: RPCClient, _ params: JSONValue,
                        timeout: Duration) async -> (error: SpotlightError.Code?, slowHadFinished: Bool) {
    await offThePool {
        do {
            _ = try await client.call("slow", params, timeout: timeout)
            return (nil, SlowCalls.hasFinished(marker))
        } catch {
            return ((error as? SpotlightError)?.code ?? .internal, SlowCalls.hasFinished(marker))
        }
    }
}

@Test func aCallFailsAtItsDeadlineNotWhenTheLateReplyComes() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let server = try startServer(directory)
    let client = RPCClient(socketPath: directory.socket())
    let (marker, params) = SlowCalls.call(milliseconds: 3000)
    let outcome = await callNoting(marker, client, params, timeout: .milliseconds(150))
    #expect(outcome.error == .timeout)
    #expect(!outcome.slowHadFinished)
    await server.stop()
}

@Test func anEarlierDeadlineIsKeptWhileALaterCallIsPending() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    let server = try startServer(directory)
    let client = RPCClient(socketPath: directory.socket())
    let (marker, params) = SlowCalls.call(milliseconds: 400)
    let long = taskOffThePool { try await client.call("slow", params, timeout: .seconds(30)) }
    #expect(await eventually { SlowCalls.hasStarted(marker) })
    let (late, lateParams) = SlowCalls.call(milliseconds: 3000)
    let outcome = await callNoting(late, client, lateParams, timeout: .milliseconds(100))
    #expect(outcome.error == .timeout)
    #expect(!outcome.slowHadFinished)
    #expect(try await long.value == .string("done"))
    await server.stop()
}
