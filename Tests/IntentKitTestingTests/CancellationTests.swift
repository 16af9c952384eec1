import Foundation
import Testing
import IntentKitTesting

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

    // The slow intent runs on in the app; the next call is answered meanwhile.
    let next = try await fixture.intents["EchoStringIntent"].makeIntent(value: "next").run()
    #expect(next.value == "next")
    #expect(ContinuousClock.now - cancelled < .seconds(5), "while the slow intent still runs")
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
