import Foundation
import Testing
@testable import IntentKitTesting

// What the app writes reaches the test's stderr when INTENTKIT_TEST_APP_OUTPUT is 1.

@Test func intentKitTestAppOutputEchoesTheAppsOutputToTheTestsStderr() {
    let echoing = TestEnvironment(environment: ["INTENTKIT_TEST_APP_OUTPUT": "1"])
    defer { echoing.shutdown() }
    #expect(echoing.launcherOptions().echoOutput == STDERR_FILENO)
    let quiet = TestEnvironment(environment: [:])
    defer { quiet.shutdown() }
    #expect(quiet.launcherOptions().echoOutput == nil)
}
