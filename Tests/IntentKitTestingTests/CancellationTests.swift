import Foundation
import Testing
@testable import IntentKitTesting

// A cancelled test stops waiting for the app at once (Swift Testing's `.timeLimit`, or a test's
// own time limit in a task group), rather than when the intent ends or the harness times out.
// The margins are wide: the whole suite shares two cores; without cancellation the waits last 10 s.

private struct TookTooLong: Error {}

@Test func cancellingTheTaskThatRunsAnIntentEndsItsWaitAtOnce() async throws {
    let running = Task { try await fixture.intents["SlowIntent"].makeIntent(seconds: 10).run() }
    try await Task.sleep(for: .milliseconds(300))
    let cancelled = ContinuousClock.now
    running.cancel()
    await #expect(throws: CancellationError.self) { try await running.value }
    #expect(ContinuousClock.now - cancelled < .seconds(5), "not when the intent ends, 10 s in")

    // The app is told to cancel the slow intent; the next call is answered meanwhile.
    let next = try await fixture.intents["EchoStringIntent"].makeIntent(value: "next").run()
    #expect(next.value == "next")
    #expect(ContinuousClock.now - cancelled < .seconds(5), "while the slow intent still runs")
}

@Test func cancellingTheTaskThatRunsAnIntentCancelsItsPerformInTheApp() async throws {
    // An app of its own: the count of cancelled performs is this test's alone.
    let environment = privateEnvironment()
    defer { environment.shutdown() }
    let app = IntentDefinitions(bundleIdentifier: fixtureBundle, environment: environment)
    let running = Task { try await app.intents["SlowIntent"].makeIntent(seconds: 30).run() }
    #expect(try await counts(of: app, become: "started 1, cancelled 0"), "the perform began")
    running.cancel()
    await #expect(throws: CancellationError.self) { try await running.value }
    #expect(try await counts(of: app, become: "started 1, cancelled 1"),
            "the app's perform saw CancellationError, not slept its 30 s out")
}

/// Whether the app's SlowIntent counts read `expected` within 10 s.
private func counts(of app: IntentDefinitions, become expected: String) async throws -> Bool {
    let deadline = ContinuousClock.now + .seconds(10)
    while ContinuousClock.now < deadline {
        if try await app.intents["SlowIntentCountsIntent"].makeIntent().run().value == expected { return true }
        try await Task.sleep(for: .milliseconds(50))
    }
    return false
}

@Test func aTimeLimitATestSetsWithATaskGroupEndsAtTheLimit() async throws {
    let start = ContinuousClock.now
    await #expect(throws: TookTooLong.self) {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await fixture.intents["SlowIntent"].makeIntent(seconds: 10).run() }
            group.addTask {
                try await Task.sleep(for: .milliseconds(500))
                throw TookTooLong()
            }
            try await group.next()
            group.cancelAll()
        }
    }
    #expect(ContinuousClock.now - start < .seconds(5), "not when the intent ends, 10 s in")
}

@Test func aQueryOfACancelledTaskThrowsCancellationWithoutAskingTheApp() async throws {
    let items = fixture.entities["ItemEntity"]
    let query = Task {
        withUnsafeCurrentTask { $0?.cancel() }
        return try await items.entities(matching: "Apple")
    }
    await #expect(throws: CancellationError.self) { try await query.value }
    #expect(try await items.entities(matching: "Apple").count == 1, "the harness still answers afterwards")
}

@Test(arguments: ["run", "launch"])
func cancellingWhileTheAppIsStartingEndsTheWaitAtOnce(_ call: String) async throws {
    // An app that never serves: without cancellation the harness waits out its start-up timeout.
    // It is no IntentKit app, so it does not exit with the test process: a short sleep, one per
    // test (a second start queued behind the first would launch it again as the process exits).
    let bundle = "com.example.NeverServes.\(call)"
    IntentDefinitions.register(bundleIdentifier: bundle, executable: "/bin/sleep", arguments: ["10"])
    let app = IntentDefinitions(bundleIdentifier: bundle, environment: privateEnvironment())
    let starting = Task {
        if call == "run" { try await app.intents["AnyIntent"].makeIntent().run() } else { try await app.launch() }
    }
    try await Task.sleep(for: .milliseconds(300))
    let cancelled = ContinuousClock.now
    starting.cancel()
    await #expect(throws: CancellationError.self) { try await starting.value }
    #expect(ContinuousClock.now - cancelled < .seconds(5), "not when the app gives up or the start-up timeout ends")
}
