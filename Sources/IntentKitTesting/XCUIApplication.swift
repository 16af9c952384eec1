import Foundation
import SpotlightModel
import SpotlightWire

/// The app under test's screen, for the few checks that need it (the `XCUIApplication`
/// analog): launch, terminate, and the text it currently shows (the app's `AppScreen`).
///
/// `XCUIApplication()` is the app of the most recently created or used
/// ``IntentDefinitions`` in this process; `XCUIApplication(bundleIdentifier:)` names one.
/// Like XCTest's, its methods do not throw: a failure to launch or terminate is recorded
/// as a test failure (in Swift Testing or XCTest, whichever runs the test).
///
/// ```swift
/// try await openEvent.makeIntent(target: "Morning Launch Briefing").run()
/// let app = XCUIApplication()
/// XCTAssertTrue(app.staticTexts["Morning Launch Briefing"].waitForExistence(timeout: 5))
/// ```
public final class XCUIApplication: Sendable {
    /// The app's bundle identifier; nil when no ``IntentDefinitions`` was made before `XCUIApplication()`.
    public let bundleIdentifier: String?
    let environment: TestEnvironment

    /// The app under test: the one of the most recently created or used ``IntentDefinitions``.
    public init() {
        let current = AppUnderTest.current
        bundleIdentifier = current?.bundle
        environment = current?.environment ?? .shared
    }

    /// The app with this bundle identifier, in the environment of the most recent
    /// ``IntentDefinitions`` for it (else this process's).
    public init(bundleIdentifier: String) {
        self.bundleIdentifier = bundleIdentifier
        environment = AppUnderTest.current.flatMap { $0.bundle == bundleIdentifier ? $0.environment : nil } ?? .shared
    }

    /// The app in a given environment (for tests of the harness).
    package init(bundleIdentifier: String, environment: TestEnvironment) {
        self.bundleIdentifier = bundleIdentifier
        self.environment = environment
    }

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

    /// Stops the app (SIGTERM, then SIGKILL); the next intent or query launches it again.
    public func terminate(fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        do {
            try session().launcher.terminateNow()
        } catch {
            recordFailure("XCUIApplication.terminate() failed: \(error)", fileID: fileID, filePath: filePath, line: line, column: column)
        }
    }

    /// Variables added to the app's environment from its next ``launch()`` on (as in XCTest);
    /// the app keeps them when it is relaunched later, until they are removed.
    ///
    /// ```swift
    /// app.launchEnvironment["COMETCAL_SKIP_DONATION"] = "1"
    /// app.launch()
    /// ```
    public var launchEnvironment: [String: String] {
        get { (try? session().launcher.launchEnvironment) ?? [:] }
        set { try? session().launcher.launchEnvironment = newValue }
    }

    /// Whether the app runs now.
    public var isRunning: Bool { (try? session().launcher.isRunning) ?? false }

    /// The lines of text the app shows now; empty when it does not run.
    public func screenLines() throws -> [String] {
        let launcher = try session().launcher
        guard launcher.isRunning else { return [] }
        return try ScreenReader.lines(socketPath: launcher.socketPath, timeout: environment.timeout)
    }

    /// `staticTexts["Morning Launch Briefing"]`: the text on the app's screen.
    public var staticTexts: XCUIElementQuery { XCUIElementQuery(application: self) }

    func session() throws -> AppSession {
        guard let bundleIdentifier else {
            throw SpotlightError(.invalidInput, "XCUIApplication() means the app of the most recent IntentDefinitions, "
                + "and none was made yet; make one first or use XCUIApplication(bundleIdentifier:)")
        }
        return try environment.session(for: bundleIdentifier)
    }
}

/// The texts of the app's screen, by text.
public struct XCUIElementQuery: Sendable {
    let application: XCUIApplication
    public subscript(text: String) -> XCUIElement { XCUIElement(application: application, label: text) }
}

/// A text on the app's screen: it exists while a line of the screen contains it.
public struct XCUIElement: Sendable {
    let application: XCUIApplication
    /// The text looked for.
    public let label: String

    /// Whether a line of the app's screen contains ``label`` now.
    public var exists: Bool {
        ((try? application.screenLines()) ?? []).contains { $0.contains(label) }
    }

    /// Waits until the text is on the screen, checking every 50 ms; whether it appeared in time.
    public func waitForExistence(timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if exists { return true }
            if Date() >= deadline { return false }
            usleep(50_000)
        }
    }
}
