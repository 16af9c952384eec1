import Foundation
import SpotlightProtocol

/// An intent that may ask to go on in the app's foreground (App Intents' `ForegroundContinuableIntent`).
/// On Linux the app service already is the app, so nothing is asked: a continuation runs at once.
///
/// ```swift
/// struct OpenReaderIntent: AppIntent, ForegroundContinuableIntent {
///     func perform() async throws -> some IntentResult {
///         guard Library.shared.isUnlocked else {
///             throw needsToContinueInForegroundError("Unlock the library first.") { Library.shared.showUnlock() }
///         }
///         try await requestToContinueInForeground()
///         return .result()
///     }
/// }
/// ```
public protocol ForegroundContinuableIntent: AppIntent {}

extension ForegroundContinuableIntent {
    /// Ends `perform()` when thrown: the runtime then runs `continuation` and the run succeeds with no
    /// value and `dialog` as its dialog, as Apple's ends once the person continued in the app.
    public func needsToContinueInForegroundError(_ dialog: IntentDialog? = nil,
                                                 continuation: (@MainActor () async throws -> Void)? = nil)
        -> IntentNeedsToContinueInForegroundError {
        IntentNeedsToContinueInForegroundError(dialog: dialog, continuation: continuation)
    }

    /// Asks to go on in the foreground; here it runs `continuation` at once and returns its value.
    ///
    /// ```swift
    /// let page = try await requestToContinueInForeground("Open the book?") { Reader.shared.open(book) }
    /// ```
    @discardableResult
    public func requestToContinueInForeground<ResultValue: Sendable>(
        _ dialog: IntentDialog? = nil, continuation: @MainActor () async throws -> ResultValue = { () }
    ) async throws -> ResultValue {
        try await continuation()
    }
}

/// What `needsToContinueInForegroundError(_:continuation:)` gives `perform()` to throw.
public struct IntentNeedsToContinueInForegroundError: Error, Sendable, CustomStringConvertible {
    /// What the person would have been asked.
    public let dialog: IntentDialog?
    let continuation: (@MainActor () async throws -> Void)?

    public var description: String { "needs to continue in the foreground" + (dialog.map { ": \($0.text)" } ?? "") }

    /// Runs the continuation: the run's end when `perform()` threw this.
    func continueRun() async throws -> RunIntentResult {
        try await continuation?()
        return RunIntentResult(value: .none, dialog: dialog?.text)
    }
}

// App Intents 2025 moved these to every intent (with `supportedModes` including
// `.foreground(.dynamic)` in place of `ForegroundContinuableIntent`).
extension AppIntent {
    /// Asks to bring the app forward (`try await continueInForeground("Open the map?")`); an app
    /// service already is the app, so this returns at once.
    public func continueInForeground(_ dialog: IntentDialog? = nil, alwaysConfirm: Bool = true) async throws {}

    /// Ends `perform()` when thrown (`throw needsToContinueInForegroundError("Unlock first.", alwaysConfirm: false)`):
    /// the run succeeds with no value and `dialog` as its dialog, as Apple's ends once the person
    /// continued in the app. Disfavored, so that `ForegroundContinuableIntent`'s form with a
    /// continuation is the one a call without `alwaysConfirm:` means there.
    @_disfavoredOverload
    public func needsToContinueInForegroundError(_ dialog: IntentDialog? = nil, alwaysConfirm: Bool = true)
        -> IntentNeedsToContinueInForegroundError {
        IntentNeedsToContinueInForegroundError(dialog: dialog, continuation: nil)
    }
}
