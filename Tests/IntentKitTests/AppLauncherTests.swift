import Foundation
import SpotlightModel
import SpotlightProtocol
import SpotlightSupervision
import Testing

// The fixture app launched as a real process by AppLauncher: crashes, slow intents, launch failures.

/// A launcher for the fixture serving in a fresh temp directory (no daemon: the fixture donates nowhere).
func fixtureLauncher(arguments: [String] = ["--serve"], executable: String? = nil,
                     options: AppLauncher.Options = .init()) throws -> AppLauncher {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ikl-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let socket = dir.appendingPathComponent("app.sock").path
    let manifest = AppManifest(bundleIdentifier: "com.example.IntentKitFixture",
                               executable: try executable ?? fixtureExecutable().path, arguments: arguments)
    let environment = AppLauncher.environment(daemonSocket: dir.appendingPathComponent("none.sock").path,
                                              appSocket: socket)
    return AppLauncher(manifest: manifest, socketPath: socket, environment: environment, options: options)
}

/// Stops the launcher's app and removes its temp directory.
func finish(_ launcher: AppLauncher) {
    launcher.terminateNow()
    try? FileManager.default.removeItem(at: URL(fileURLWithPath: launcher.socketPath).deletingLastPathComponent())
}

func runIntent(_ launcher: AppLauncher, _ intent: String, _ arguments: [String: PropertyValue] = [:],
               timeout: Duration? = nil) async throws -> IntentResultValue {
    let result: RunIntentResult = try await launcher.call(
        "runIntent", RunIntentParams(intent: intent, arguments: arguments), timeout: timeout)
    return result.value
}

func processExists(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
    // A zombie ("Z") has ended; only its table entry is left.
    return !(stat.split(separator: ")").last?.trimmingCharacters(in: .whitespaces).hasPrefix("Z") ?? true)
}

@Test func launcherStartsTheAppAndCallsIt() async throws {
    let launcher = try fixtureLauncher()
    defer { finish(launcher) }
    let value = try await runIntent(launcher, "EchoStringIntent", ["value": .string("hi")])
    #expect(value == .value(.string("hi")))
    #expect(launcher.pid.map(processExists) == true)
}

@Test func launcherReusesTheRunningApp() async throws {
    let launcher = try fixtureLauncher()
    defer { finish(launcher) }
    try await launcher.start()
    let first = launcher.pid
    _ = try await runIntent(launcher, "EchoIntIntent", ["value": .int(3)])
    #expect(first != nil && launcher.pid == first)
}

@Test func crashDuringPerformNamesTheSignalAndTheEndOfStderr() async throws {
    let launcher = try fixtureLauncher()
    defer { finish(launcher) }
    let error = await #expect(throws: SpotlightError.self) { try await runIntent(launcher, "CrashIntent") }
    #expect(error?.code == .unavailable)
    #expect(error?.message.contains("crashed with signal") == true)
    #expect(error?.message.contains("CrashIntent crashed the fixture app on purpose") == true)
    // The quote ends at the Fatal error line: the runtime's stack dump after it is left out.
    #expect(error?.message.contains("Current stack trace") == false, "\(error?.message ?? "")")
}

/// An answer coded `unavailable` from an app that keeps running is the app's error, handed
/// back at once: the launcher waits for an exit only when the connection dropped.
@Test func anAppsOwnUnavailableErrorComesBackWithoutWaitingForAnExit() async throws {
    var options = AppLauncher.Options()
    options.exitWait = .seconds(30)
    let launcher = try fixtureLauncher(options: options)
    defer { finish(launcher) }
    try await launcher.start()
    let pid = launcher.pid
    let started = ContinuousClock.now
    let error = await #expect(throws: SpotlightError.self) { try await runIntent(launcher, "UnavailableIntent") }
    // Not a speed bound: waiting for an exit would take all of exitWait (30 s), as the app lives on.
    #expect(ContinuousClock.now - started < .seconds(20))
    #expect(error?.code == .unavailable)
    #expect(error?.message.contains("the fixture's backing service is down on purpose") == true)
    #expect(launcher.pid == pid)
}

@Test func callAfterACrashRelaunchesTheApp() async throws {
    let launcher = try fixtureLauncher()
    defer { finish(launcher) }
    try await launcher.start()
    let crashed = launcher.pid
    _ = try? await runIntent(launcher, "CrashIntent")
    let value = try await runIntent(launcher, "EchoStringIntent", ["value": .string("again")])
    #expect(value == .value(.string("again")))
    #expect(launcher.pid != nil && launcher.pid != crashed)
}

@Test func slowIntentPastTheTimeoutIsATimeoutError() async throws {
    let launcher = try fixtureLauncher()
    defer { finish(launcher) }
    let error = await #expect(throws: SpotlightError.self) {
        try await runIntent(launcher, "SlowIntent", ["seconds": .double(5)], timeout: .milliseconds(300))
    }
    #expect(error?.code == .timeout)
    let quick = try await runIntent(launcher, "SlowIntent", ["seconds": .double(0)], timeout: .seconds(5))
    #expect(quick == .value(.string("slept 0.0s")))
}

@Test func appExitingBeforeServingReportsItsStatusAndStderr() async throws {
    let launcher = try fixtureLauncher(arguments: ["--no-such-flag"])
    defer { finish(launcher) }
    let error = await #expect(throws: SpotlightError.self) { try await launcher.start() }
    #expect(error?.code == .unavailable)
    #expect(error?.message.contains("exited with status 1") == true)
    #expect(error?.message.contains("unknown arguments") == true)
}

@Test func missingExecutableIsAnUnavailableErrorNamingIt() async throws {
    let launcher = try fixtureLauncher(executable: "/nonexistent/fixture")
    defer { finish(launcher) }
    let error = await #expect(throws: SpotlightError.self) { try await launcher.start() }
    #expect(error?.code == .unavailable)
    #expect(error?.message.contains("/nonexistent/fixture") == true)
}

@Test func appThatNeverServesTimesOutAndIsStopped() async throws {
    var options = AppLauncher.Options()
    options.startupTimeout = .milliseconds(500)
    // `sleep` never opens the socket.
    let launcher = try fixtureLauncher(arguments: ["30"], executable: "/bin/sleep", options: options)
    defer { finish(launcher) }
    let error = await #expect(throws: SpotlightError.self) { try await launcher.start() }
    #expect(error?.code == .timeout)
    // Stopped before start() returned: its exit is already known.
    #expect(launcher.lastExit == .signaled(SIGKILL))
}

@Test func terminateStopsTheApp() async throws {
    let launcher = try fixtureLauncher()
    defer { finish(launcher) }
    try await launcher.start()
    let pid = try #require(launcher.pid)
    await launcher.terminate()
    #expect(!processExists(pid))
    #expect(launcher.lastExit != nil)
}

@Test func aClosedLauncherStopsItsAppAndLaunchesNoOther() async throws {
    let launcher = try fixtureLauncher()
    defer { finish(launcher) }
    try await launcher.start()
    let first = try #require(launcher.pid)
    launcher.close()
    #expect(!processExists(first))
    await #expect(throws: SpotlightError.self) { try await runIntent(launcher, "EchoIntIntent", ["value": .int(1)]) }
    #expect(launcher.pid == nil)
}

/// Starts waiting their turn behind a start in progress, when the launcher is closed: neither
/// leaves an app running (before, the queued one launched the app again after shutdown).
@Test func startsInProgressWhenTheLauncherClosesLeaveNoAppRunning() async throws {
    let launcher = try fixtureLauncher()
    defer { finish(launcher) }
    let calls = (0..<3).map { _ in Task { try await runIntent(launcher, "EchoIntIntent", ["value": .int(2)]) } }
    try await Task.sleep(for: .milliseconds(20))
    launcher.close()
    for call in calls { _ = try? await call.value }
    #expect(launcher.pid == nil)
}
