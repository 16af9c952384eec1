import Foundation
import SpotlightModel

/// The texts on the app's screen (XCTest's `XCUIElementQuery` for `staticTexts`): each line of
/// the app's ``AppScreen`` is a text; `query["Buy milk"]` is the one containing "Buy milk".
///
/// ```swift
/// XCTAssertTrue(app.staticTexts["Buy milk"].waitForExistence(timeout: 5))
/// XCTAssertEqual(app.staticTexts.matching(identifier: "Buy milk").count, 1)
/// let heading = app.staticTexts.element(boundBy: 0).label
/// ```
public struct XCUIElementQuery: Sendable {
    let application: XCUIApplication
    /// Only the lines containing this text; nil: every line.
    let identifier: String?

    init(application: XCUIApplication, identifier: String? = nil) {
        self.application = application
        self.identifier = identifier
    }

    /// The text containing `text` (its `exists` says whether a line does).
    public subscript(text: String) -> XCUIElement { XCUIElement(application: application, lookingFor: text) }

    /// The texts containing `identifier`.
    public func matching(identifier: String) -> XCUIElementQuery {
        XCUIElementQuery(application: application, identifier: identifier)
    }

    /// How many texts the query matches now; 0 when the app does not run. No app at all is
    /// recorded as a test failure saying why.
    public var count: Int { matchedLines().count }

    /// The text at `index` of those matched now, with that line as its label; a text that does not
    /// exist (its label empty) when there are fewer.
    public func element(boundBy index: Int) -> XCUIElement {
        let lines = matchedLines()
        guard lines.indices.contains(index) else { return XCUIElement(application: application, line: "", isPlaceholder: true) }
        return XCUIElement(application: application, line: lines[index])
    }

    /// The first text matched (XCTest's `firstMatch`).
    public var firstMatch: XCUIElement { element(boundBy: 0) }

    /// Every text matched now, in screen order.
    public var allElementsBoundByIndex: [XCUIElement] {
        matchedLines().map { XCUIElement(application: application, line: $0) }
    }

    private func matchedLines() -> [String] {
        switch XCUIElement.screen(of: application, for: "staticTexts") {
        case .success(let lines): return lines.filter { line in identifier.map { line.contains($0) } ?? true }
        case .failure(let reason):
            if !reason.isTransient { recordFailure(reason.text, fileID: #fileID, filePath: #filePath, line: #line, column: #column) }
            return []
        }
    }
}

/// A text on the app's screen: it exists while a line of the screen contains it.
///
/// ```swift
/// XCTAssertEqual(app.staticTexts["264"].label, "264 pages")   // the whole line holding it
/// ```
public struct XCUIElement: Sendable {
    let application: XCUIApplication
    /// The text looked for (`staticTexts["milk"]`), or the whole line of a text bound by index.
    let text: String
    /// Whether ``text`` is a whole line (`element(boundBy:)`) rather than part of one looked for.
    let isLine: Bool
    /// Made for an index past the matched texts: never exists.
    var isPlaceholder = false

    /// `staticTexts[text]`: the line containing `text`, whichever it is when read.
    init(application: XCUIApplication, lookingFor text: String) {
        self.application = application
        self.text = text
        self.isLine = false
    }

    /// A line of the screen as it was when the query matched it.
    init(application: XCUIApplication, line: String, isPlaceholder: Bool = false) {
        self.application = application
        self.text = line
        self.isLine = true
        self.isPlaceholder = isPlaceholder
    }

    /// The text's line on the screen, as XCTest's `label` is the element's own text: for
    /// `staticTexts["milk"]` the first line containing "milk" now ("Buy milk"), empty when no line
    /// does (or the app cannot be reached); for a text bound by index, its line.
    public var label: String {
        if isLine { return text }
        guard case .success(let lines) = Self.screen(of: application, for: "staticTexts[\"\(text)\"].label") else { return "" }
        return lines.first { $0.contains(text) } ?? ""
    }

    /// Whether a line of the app's screen contains the text now. An app that cannot be found
    /// or reached is recorded as a test failure saying why.
    public var exists: Bool {
        switch look() {
        case .found: return true
        case .absent: return false
        case .unreachable(let reason):
            // Not running is simply "not there", as in XCTest; no app at all is a failure.
            if !reason.isTransient {
                recordFailure(reason.text, fileID: #fileID, filePath: #filePath, line: #line, column: #column)
            }
            return false
        }
    }

    /// Waits until the text is on the screen, checking every 50 ms; whether it appeared in time.
    /// When there is no app to look at (none can be resolved, it cannot be launched, it is not
    /// running when the time is up) it records a test failure saying so, instead of failing bare.
    public func waitForExistence(timeout: TimeInterval, fileID: String = #fileID, filePath: StaticString = #filePath,
                                 line: UInt = #line, column: UInt = #column) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let seen = look()
            switch seen {
            case .found: return true
            case .unreachable(let reason) where !reason.isTransient:
                recordFailure(reason.text, fileID: fileID, filePath: filePath, line: line, column: column)
                return false
            default: break
            }
            if Date() >= deadline {
                if case .unreachable(let reason) = seen {
                    recordFailure(reason.text, fileID: fileID, filePath: filePath, line: line, column: column)
                }
                return false
            }
            usleep(50_000)
        }
    }

    private enum Look {
        case found, absent
        case unreachable(Reason)
    }

    struct Reason: Error, CustomStringConvertible {
        var text: String
        /// The app may yet start (it is not running now): worth waiting for.
        var isTransient: Bool
        var description: String { text }
    }

    private func look() -> Look {
        guard !isPlaceholder else { return .absent }
        switch Self.screen(of: application, for: "staticTexts[\"\(text)\"]") {
        case .success(let lines): return lines.contains { $0.contains(text) } ? .found : .absent
        case .failure(let reason): return .unreachable(reason)
        }
    }

    /// The lines on the app's screen now, or why they cannot be read; `what` names the caller
    /// in the reason.
    static func screen(of application: XCUIApplication, for what: String) -> Result<[String], Reason> {
        let session: AppSession
        do {
            session = try application.session()
        } catch {
            return .failure(Reason(text: "\(what): there is no app to look at: \(error)", isTransient: false))
        }
        guard session.launcher.isRunning else {
            return .failure(Reason(text: "\(what): \(session.bundle) is not running; launch it "
                + "with XCUIApplication().launch() or run one of its intents first", isTransient: true))
        }
        do {
            return .success(try BlockingAppCall.lines(socketPath: session.launcher.socketPath, timeout: application.environment.timeout))
        } catch {
            return .failure(Reason(text: "\(what): cannot read \(session.bundle)'s screen: \(error)", isTransient: true))
        }
    }
}
