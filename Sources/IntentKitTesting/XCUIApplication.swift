import Foundation
import SpotlightModel
import SpotlightWire
import Synchronization

/// The app under test's screen, for the few checks that need it (the `XCUIApplication`
/// analog): launch, terminate, and the text it currently shows (the app's `AppScreen`).
///
/// `XCUIApplication()` is the app under test of the test target that creates it, as in a
/// UI test target whose target application is the app: it is resolved when first used, not
/// when created, so `private let app = XCUIApplication()` as a stored property works whatever
/// else the test process has made (see ``AppUnderTest`` in docs/testing.md for how it is found:
/// `INTENTKIT_TEST_APP`, the app the test target depends on, the only built app).
/// `XCUIApplication(bundleIdentifier:)` names one. Like XCTest's, its methods do not throw: a
/// failure to find, launch or reach the app is recorded as a test failure (in Swift Testing or
/// XCTest, whichever runs the test) saying why.
///
/// ```swift
/// final class TaskTests: XCTestCase {
///     private let app = XCUIApplication()
///     override func setUp() async throws { app.launch() }
///     func testOpenTask() async throws {
///         try await openTask.makeIntent(target: "Buy milk").run()
///         XCTAssertTrue(app.staticTexts["Buy milk"].waitForExistence(timeout: 5))
///     }
/// }
/// ```
public final class XCUIApplication: Sendable {
    /// How the application is named: explicitly, or as "the app under test of this source file".
    private enum Target: Sendable {
        case bundle(String)
        case underTest(callerFile: String)
    }

    private let target: Target
    let environment: TestEnvironment

    /// The app under test of the calling test target, resolved when first used.
    /// - Parameter filePath: the caller's source file (a default argument: leave it out); it
    ///   tells which test target, and so which app, is meant.
    public init(filePath: StaticString = #filePath) {
        target = .underTest(callerFile: "\(filePath)")
        environment = .shared
    }

    /// The app with this bundle identifier.
    public init(bundleIdentifier: String) {
        target = .bundle(bundleIdentifier)
        environment = .shared
    }

    /// The app in a given environment (for tests of the harness).
    package init(bundleIdentifier: String, environment: TestEnvironment) {
        target = .bundle(bundleIdentifier)
        self.environment = environment
    }

    /// The app under test of a given source file, in a given environment (for tests of the harness).
    package init(callerFile: String, environment: TestEnvironment) {
        target = .underTest(callerFile: callerFile)
        self.environment = environment
    }

    /// The app's bundle identifier; nil when it cannot be resolved (using the app then records why).
    public var bundleIdentifier: String? { try? resolvedBundle() }

    /// Stops the app if it runs and launches it again, waiting until it serves.
    public func launch(fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        do {
            let session = try session()
            session.launcher.terminateNow()
            try session.launcher.startBlocking()
        } catch {
            recordFailure("XCUIApplication.launch() failed: \(error)", fileID: fileID, filePath: filePath, line: line, column: column)
        }
    }

    /// Launches the app unless it runs already (XCTest's `activate()`: it brings a running app forward).
    public func activate(fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        do {
            try session().launcher.startBlocking()
        } catch {
            recordFailure("XCUIApplication.activate() failed: \(error)", fileID: fileID, filePath: filePath, line: line, column: column)
        }
    }

    /// Stops the app (SIGTERM, then SIGKILL); the next intent or query launches it again.
    public func terminate(fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        do {
            try session().launcher.terminateNow()
        } catch {
            recordFailure("XCUIApplication.terminate() failed: \(error)", fileID: fileID, filePath: filePath, line: line, column: column)
        }
    }

    /// Variables added to the app's environment from its next ``launch()`` on (as in XCTest);
    /// the app keeps them when it is relaunched later, until they are removed. They win over
    /// the test process's environment and the harness's own variables (the app's HOME and XDG
    /// directories, its sockets).
    ///
    /// ```swift
    /// app.launchEnvironment["COMETCAL_SKIP_DONATION"] = "1"
    /// app.launch()
    /// ```
    public var launchEnvironment: [String: String] {
        get { (try? session().launcher.launchEnvironment) ?? [:] }
        set { try? session().launcher.launchEnvironment = newValue }
    }

    /// Arguments added after the app's serving arguments from its next ``launch()`` on (as in XCTest).
    ///
    /// ```swift
    /// app.launchArguments = ["--test-store", UUID().uuidString]
    /// app.launch()
    /// ```
    public var launchArguments: [String] {
        get { (try? session().launcher.launchArguments) ?? [] }
        set { try? session().launcher.launchArguments = newValue }
    }

    /// Whether the app runs now.
    public var isRunning: Bool { (try? session().launcher.isRunning) ?? false }

    /// XCTest's application states; an app that serves is `runningForeground` (a Linux app
    /// service has no background state).
    public enum State: Int, Sendable {
        case unknown = 0
        case notRunning = 1
        case runningBackgroundSuspended = 2
        case runningBackground = 3
        case runningForeground = 4
    }

    /// `.runningForeground` while the app serves, else `.notRunning` (`.unknown` if it cannot be resolved).
    public var state: State {
        guard let launcher = try? session().launcher else { return .unknown }
        return launcher.isRunning ? .runningForeground : .notRunning
    }

    /// Waits until the app is in `state`, checking every 50 ms; whether it got there in time.
    public func wait(for state: State, timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while self.state != state {
            if Date() >= deadline { return false }
            usleep(50_000)
        }
        return true
    }

    /// The lines of text the app shows now; empty when it does not run.
    public func screenLines() throws -> [String] {
        let launcher = try session().launcher
        guard launcher.isRunning else { return [] }
        return try BlockingAppCall.lines(socketPath: launcher.socketPath, timeout: environment.timeout)
    }

    /// `staticTexts["Morning Launch Briefing"]`: the text on the app's screen.
    public var staticTexts: XCUIElementQuery { XCUIElementQuery(application: self) }

    func resolvedBundle() throws -> String {
        switch target {
        case .bundle(let bundle): return bundle
        case .underTest(let callerFile):
            return try AppUnderTest.bundle(forCallerIn: callerFile, environment: environment.variables)
        }
    }

    func session() throws -> AppSession {
        try environment.session(for: resolvedBundle())
    }
}
