import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SpotlightProtocol
import Testing
@testable import IntentKitTesting

// The environment's spotlightd is a SpotlightdProcess: when it is gone, calls say how it ended.

@Test func aCallToADaemonThatEndedSaysHowItEnded() async throws {
    let environment = privateEnvironment(grants: [fixtureBundle])
    defer { environment.shutdown() }
    _ = try await environment.session(for: fixtureBundle)
    let daemon = try #require(environment.daemon)
    daemon.process.signal(SIGKILL)
    #expect(await daemon.process.waitForExit(within: .seconds(10)) == .signaled(SIGKILL))
    let message = await errorMessage {
        let _: WriteResult = try await daemon.call("donate", DonateParams(records: [item("gone1", "Gone Garnet")]))
    }
    #expect(message.hasPrefix("spotlightd crashed with signal 9 (SIGKILL"))
    #expect(message.contains("during donate"))
}
