import Foundation

/// How an intent reads with its parameters filled in (App Intents' `ParameterSummary`), for
/// example "Search tasks for *query*". `describe` reports it with each parameter as `${name}`.
///
/// ```swift
/// struct SearchTasksIntent: AppIntent {
///     @Parameter(title: "Query") var query: String
///     static var parameterSummary: some ParameterSummary { Summary("Search tasks for \(\.$query)") }
/// }
/// ```
public protocol ParameterSummary: Sendable {
    /// The summary with parameters as `${name}`, for an intent made with `init()`.
    func summaryText(for intent: Any) -> String?
}

/// The summary of an intent that declares none.
public struct NoParameterSummary: ParameterSummary {
    public init() {}
    public func summaryText(for intent: Any) -> String? { nil }
}

/// `Summary("Search tasks for \(\.$query)")` inside an intent.
public struct IntentParameterSummary<Intent: AppIntent>: ParameterSummary {
    let text: ParameterSummaryString<Intent>

    public init(_ text: ParameterSummaryString<Intent>) { self.text = text }

    /// `Summary("Add \(\.$title)") { \.$notes; \.$tags }`: the sentence and the parameters Apple's
    /// editor lists below it. The sentence is the summary; the list is accepted, not reported.
    public init(_ text: ParameterSummaryString<Intent>,
                @ParameterSummaryParameters<Intent> _ otherParameters: () -> [PartialKeyPath<Intent>]) {
        self.text = text
    }

    public func summaryText(for intent: Any) -> String? {
        guard let intent = intent as? Intent else { return nil }
        return text.template.resolved(in: intent).map { $0 ?? "" }.joined()
    }
}

/// The text of a summary: literal text and parameters by key path (`\(\.$query)`).
public struct ParameterSummaryString<Intent: AppIntent>: Sendable, ExpressibleByStringInterpolation {
    let template: IntentTemplate<Intent>

    public init(stringLiteral value: String) { template = IntentTemplate(pieces: [.text(value)]) }
    public init(stringInterpolation: IntentTextInterpolation<Intent>) { template = stringInterpolation.template }
}

extension AppIntent {
    /// `Summary("…")` in `parameterSummary`.
    public typealias Summary = IntentParameterSummary<Self>
}

/// Builds the parameter list of `Summary("…") { \.$notes; \.$tags }`: one key path a line.
@resultBuilder
public enum ParameterSummaryParameters<Intent: AppIntent> {
    public static func buildExpression<Value>(_ parameter: KeyPath<Intent, IntentParameter<Value>>) -> [PartialKeyPath<Intent>] {
        [parameter]
    }
    public static func buildBlock(_ parts: [PartialKeyPath<Intent>]...) -> [PartialKeyPath<Intent>] { parts.flatMap { $0 } }
}

/// Builds one branch of `When` or one `Case` of `Switch`: a single summary.
///
/// ```swift
/// When(\.$filled, .equalTo, true) { Summary("Draw a filled \(\.$shape)") } otherwise: { Summary("Draw a \(\.$shape)") }
/// ```
@resultBuilder
public enum ParameterSummaryBuilder<Intent: AppIntent> {
    public static func buildBlock<Content: ParameterSummary>(_ content: Content) -> Content { content }
}
