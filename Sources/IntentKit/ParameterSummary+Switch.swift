import Foundation
import SpotlightModel

/// `Switch(\.$shape) { Case(.circle) { … }; DefaultCase { … } }` in a parameter summary (App
/// Intents' `ParameterSummarySwitchCondition`): the summary of the first case that matches the
/// parameter's value, else of the default case.
///
/// ```swift
/// static var parameterSummary: some ParameterSummary {
///     Switch(\.$shape) {
///         Case(.circle) { Summary("Draw a circle") }
///         DefaultCase { Summary("Draw a \(\.$shape)") }
///     }
/// }
/// ```
///
/// `describe` reports the case that holds for an intent made with `init()`: a parameter without a
/// default matches no `Case`, so that is the `DefaultCase`. With no `DefaultCase`, nothing.
public struct ParameterSummarySwitchCondition<Intent: AppIntent, Value: IntentValue>: ParameterSummary {
    let read: @Sendable (Intent) -> PropertyValue?
    let cases: ParameterSummaryCases<Intent, Value>

    public init(_ keyPath: any KeyPath<Intent, IntentParameter<Value>> & Sendable,
                @ParameterSummaryCaseBuilder<Intent, Value> _ cases: () -> ParameterSummaryCases<Intent, Value>) {
        self.read = { $0[keyPath: keyPath].currentValue?.propertyValue }
        self.cases = cases()
    }

    public func summaryText(for intent: Any) -> String? {
        guard let intent = intent as? Intent else { return nil }
        let value = read(intent)
        let match = cases.cases.first { $0.values.contains(value) }?.summary ?? cases.defaultSummary
        return match?.summaryText(for: intent)
    }
}

/// `Case(.circle) { Summary("Draw a circle") }`, or `Case([.circle, .oval]) { … }`, in a `Switch`.
public struct ParameterSummaryCaseCondition<Intent: AppIntent, Value: IntentValue>: Sendable {
    let values: [PropertyValue?]
    let summary: any ParameterSummary

    public init(_ value: Value, @ParameterSummaryBuilder<Intent> _ summary: () -> some ParameterSummary) {
        self.init([value], summary)
    }

    public init(_ values: [Value], @ParameterSummaryBuilder<Intent> _ summary: () -> some ParameterSummary) {
        self.values = values.map(\.propertyValue)
        self.summary = summary()
    }
}

/// `DefaultCase { Summary("Draw a \(\.$shape)") }`: a `Switch`'s summary when no `Case` matches.
public struct ParameterSummaryDefaultCaseCondition<Intent: AppIntent>: Sendable {
    let summary: any ParameterSummary

    public init(@ParameterSummaryBuilder<Intent> _ summary: () -> some ParameterSummary) {
        self.summary = summary()
    }
}

/// The cases of a `Switch`, in order, and its default case.
public struct ParameterSummaryCases<Intent: AppIntent, Value: IntentValue>: Sendable {
    var cases: [ParameterSummaryCaseCondition<Intent, Value>] = []
    var defaultSummary: (any ParameterSummary)?
}

/// Builds a `Switch`'s cases: `Case(…) { … }` a line, then maybe `DefaultCase { … }`.
@resultBuilder
public enum ParameterSummaryCaseBuilder<Intent: AppIntent, Value: IntentValue> {
    public static func buildExpression(_ condition: ParameterSummaryCaseCondition<Intent, Value>) -> ParameterSummaryCases<Intent, Value> {
        ParameterSummaryCases(cases: [condition])
    }
    public static func buildExpression(_ condition: ParameterSummaryDefaultCaseCondition<Intent>) -> ParameterSummaryCases<Intent, Value> {
        ParameterSummaryCases(defaultSummary: condition.summary)
    }
    public static func buildBlock(_ parts: ParameterSummaryCases<Intent, Value>...) -> ParameterSummaryCases<Intent, Value> {
        ParameterSummaryCases(cases: parts.flatMap(\.cases), defaultSummary: parts.lazy.compactMap(\.defaultSummary).first)
    }
}

extension AppIntent {
    /// `Switch(\.$parameter) { Case(…) { … }; DefaultCase { … } }` in `parameterSummary`.
    public typealias Switch<Value: IntentValue> = ParameterSummarySwitchCondition<Self, Value>
    /// `Case(.circle) { Summary("Draw a circle") }` in a `Switch`.
    public typealias Case<Value: IntentValue> = ParameterSummaryCaseCondition<Self, Value>
    /// `DefaultCase { Summary("Draw a \(\.$shape)") }` in a `Switch`.
    public typealias DefaultCase = ParameterSummaryDefaultCaseCondition<Self>
}
