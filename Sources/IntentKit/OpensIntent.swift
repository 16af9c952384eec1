import Foundation
import SpotlightModel

/// A result that names another intent to run once this one finished (App Intents'
/// `OpensIntent`): an intent that creates something opens it. The runtime runs the opened
/// intent's `perform()` right after, in the app, with the parameters the app set on it; the
/// caller gets the first intent's value and dialog.
///
/// ```swift
/// func perform() async throws -> some IntentResult & ReturnsValue<BookEntity> & OpensIntent {
///     let book = try await library.add(title: title)
///     return .result(value: book, opensIntent: OpenBookIntent(target: book))
/// }
/// ```
public protocol OpensIntent: IntentResult {}

extension EmptyIntentResult: OpensIntent {}
extension IntentResultContainer: OpensIntent {}

extension IntentResult where Self == EmptyIntentResult {
    /// No value; `intent` runs next: `return .result(opensIntent: OpenBookIntent(target: book))`.
    public static func result(opensIntent intent: some AppIntent) -> Self { EmptyIntentResult(opensIntent: intent) }

    /// No value, a dialog; `intent` runs next.
    public static func result(opensIntent intent: some AppIntent, dialog: IntentDialog) -> Self {
        EmptyIntentResult(dialog: dialog, opensIntent: intent)
    }
}

extension IntentResult {
    /// A value; `intent` runs next: `return .result(value: book, opensIntent: OpenBookIntent(target: book))`.
    public static func result<Value: IntentValue>(value: Value, opensIntent intent: some AppIntent) -> Self
        where Self == IntentResultContainer<Value> {
        IntentResultContainer(value: value, opensIntent: intent)
    }

    /// A value and a dialog; `intent` runs next.
    public static func result<Value: IntentValue>(value: Value, opensIntent intent: some AppIntent,
                                                  dialog: IntentDialog) -> Self
        where Self == IntentResultContainer<Value> {
        IntentResultContainer(value: value, dialog: dialog, opensIntent: intent)
    }
}

extension IntentInvocation {
    /// How many intents one run may open in a chain before the runtime calls it a loop.
    static let openedIntentLimit = 16

    /// Runs the intents a result opens, each after the one that opened it.
    /// - Throws: `SpotlightError`: what an opened intent's dependencies or `perform()` threw,
    ///   naming it and its opener; `intentFailed` for a chain longer than ``openedIntentLimit``.
    static func runOpened(by result: some IntentResult, opener: String) async throws {
        var next = result.openedIntent
        var opener = opener
        var count = 0
        while let intent = next {
            count += 1
            guard count <= openedIntentLimit else {
                throw SpotlightError(.intentFailed, "\(opener) opened a chain of more than \(openedIntentLimit) intents; "
                    + "an intent that opens intents in a loop never finishes")
            }
            next = try await performOpened(intent, opener: opener)
            opener = type(of: intent).typeName
        }
    }

    /// Performs one opened intent; returns the intent it opens in turn.
    private static func performOpened<Intent: AppIntent>(_ intent: Intent, opener: String) async throws -> (any AppIntent)? {
        let thrower = "\(Intent.typeName).perform(), opened by \(opener)"
        try await DependencyResolution.resolve(in: intent, ownerName: Intent.typeName)
        do {
            return try await perform(intent).openedIntent
        } catch {
            throw failure(error, thrownBy: thrower)
        }
    }
}
