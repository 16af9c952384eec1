import Foundation

/// What an intent says when it finishes (App Intents' `IntentDialog`): the text Siri would
/// speak. The harness reads it as `result.dialog`.
///
/// ```swift
/// return .result(value: task, dialog: "Added \(task.title) to \(project.name)")
/// ```
public struct IntentDialog: Hashable, Sendable, ExpressibleByStringInterpolation {
    /// The text.
    public var text: String

    public init(_ text: LocalizedStringResource) { self.text = text.defaultValue }
    /// Apple's `IntentDialog(full:supporting:)`: the full text is the one kept.
    public init(full: LocalizedStringResource, supporting: LocalizedStringResource? = nil) { self.text = full.defaultValue }
    /// Apple's `IntentDialog(full:supporting:systemImageName:)`: the full text is the one kept; no
    /// symbol is shown here.
    public init(full: LocalizedStringResource, supporting: LocalizedStringResource? = nil, systemImageName: String) {
        self.text = full.defaultValue
    }
    public init(stringLiteral value: String) { self.text = value }
    public init(stringInterpolation: DefaultStringInterpolation) { self.text = String(stringInterpolation: stringInterpolation) }
}

/// A result that says something: `some IntentResult & ProvidesDialog`.
public protocol ProvidesDialog: IntentResult {}

extension EmptyIntentResult: ProvidesDialog {}
extension IntentResultContainer: ProvidesDialog {}

extension IntentResult where Self == EmptyIntentResult {
    /// No value, a dialog: `return .result(dialog: "Done")`.
    public static func result(dialog: IntentDialog) -> Self { EmptyIntentResult(dialog: dialog) }
}

extension IntentResult {
    /// A value and a dialog: `return .result(value: task, dialog: "Added \(task.title)")`.
    public static func result<Value: IntentValue>(value: Value, dialog: IntentDialog) -> Self
        where Self == IntentResultContainer<Value> {
        IntentResultContainer(value: value, dialog: dialog)
    }
}
