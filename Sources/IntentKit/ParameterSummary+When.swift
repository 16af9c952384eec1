import Foundation

/// `When(\.$filled, .equalTo, true) { Summary(…) } otherwise: { Summary(…) }` in a parameter
/// summary (App Intents' `ParameterSummaryWhenCondition`): one of two summaries, by a parameter's value.
///
/// ```swift
/// static var parameterSummary: some ParameterSummary {
///     When(\.$filled, .equalTo, true) { Summary("Draw a filled \(\.$shape)") } otherwise: { Summary("Draw a \(\.$shape)") }
/// }
/// ```
///
/// `describe` reports the branch that holds for an intent made with `init()`: parameters at their
/// defaults, the others without a value.
public struct ParameterSummaryWhenCondition<Intent: AppIntent>: ParameterSummary {
    let holds: @Sendable (Intent) -> Bool
    let when: any ParameterSummary
    let otherwise: any ParameterSummary

    init(holds: @escaping @Sendable (Intent) -> Bool, when: any ParameterSummary, otherwise: any ParameterSummary) {
        self.holds = holds
        self.when = when
        self.otherwise = otherwise
    }

    public func summaryText(for intent: Any) -> String? {
        guard let intent = intent as? Intent else { return nil }
        return (holds(intent) ? when : otherwise).summaryText(for: intent)
    }
}

extension ParameterSummaryWhenCondition {
    /// `When(\.$shape, .equalTo, .circle) { … } otherwise: { … }`; also `.notEqualTo`.
    public init<Value: IntentValue>(_ keyPath: any KeyPath<Intent, IntentParameter<Value>> & Sendable,
                                    _ comparisonOperator: EquatableComparisonOperator, _ value: Value,
                                    @ParameterSummaryBuilder<Intent> _ when: () -> some ParameterSummary,
                                    @ParameterSummaryBuilder<Intent> otherwise: () -> some ParameterSummary) {
        let target = value.propertyValue
        self.init(holds: { comparisonOperator.holds(for: $0[keyPath: keyPath].currentValue?.propertyValue, target) },
                  when: when(), otherwise: otherwise())
    }

    /// `When(\.$count, .greaterThan, 3) { … } otherwise: { … }`; also `.greaterThanOrEqualTo`,
    /// `.lessThan` and `.lessThanOrEqualTo`. False while the parameter has no value.
    public init<Value: IntentValue & Comparable>(_ keyPath: any KeyPath<Intent, IntentParameter<Value>> & Sendable,
                                                 _ comparisonOperator: ComparableComparisonOperator, _ value: Value,
                                                 @ParameterSummaryBuilder<Intent> _ when: () -> some ParameterSummary,
                                                 @ParameterSummaryBuilder<Intent> otherwise: () -> some ParameterSummary) {
        self.init(holds: { comparisonOperator.holds(for: $0[keyPath: keyPath].currentValue, value) },
                  when: when(), otherwise: otherwise())
    }

    /// The comparison on an optional parameter: `When(\.$limit, .lessThan, 10) { … } otherwise: { … }`.
    public init<Value: IntentValue & Comparable>(_ keyPath: any KeyPath<Intent, IntentParameter<Value?>> & Sendable,
                                                 _ comparisonOperator: ComparableComparisonOperator, _ value: Value,
                                                 @ParameterSummaryBuilder<Intent> _ when: () -> some ParameterSummary,
                                                 @ParameterSummaryBuilder<Intent> otherwise: () -> some ParameterSummary) {
        self.init(holds: { comparisonOperator.holds(for: $0[keyPath: keyPath].currentValue ?? nil, value) },
                  when: when(), otherwise: otherwise())
    }

    /// `When(\.$note, .hasAnyValue) { … } otherwise: { … }`; also `.hasNoValue`. A parameter has a
    /// value when it was given one or has a default (a `nil` optional has none; a unique entity
    /// always has its one instance).
    public init<Value: IntentValue>(_ keyPath: any KeyPath<Intent, IntentParameter<Value>> & Sendable,
                                    _ comparisonOperator: HasValueComparisonOperator,
                                    @ParameterSummaryBuilder<Intent> _ when: () -> some ParameterSummary,
                                    @ParameterSummaryBuilder<Intent> otherwise: () -> some ParameterSummary) {
        self.init(holds: { intent in
            let parameter = intent[keyPath: keyPath]
            return comparisonOperator.holds(hasValue: parameter.currentValue?.propertyValue != nil
                || parameter.implicitArgument != nil)
        },
                  when: when(), otherwise: otherwise())
    }

    /// `When(\.$shape, .oneOf, [.circle, .oval]) { … } otherwise: { … }`.
    public init<Value: IntentValue>(_ keyPath: any KeyPath<Intent, IntentParameter<Value>> & Sendable,
                                    _ comparisonOperator: OneOfComparisonOperator, _ values: [Value],
                                    @ParameterSummaryBuilder<Intent> _ when: () -> some ParameterSummary,
                                    @ParameterSummaryBuilder<Intent> otherwise: () -> some ParameterSummary) {
        let targets = values.map(\.propertyValue)
        self.init(holds: { targets.contains($0[keyPath: keyPath].currentValue?.propertyValue) },
                  when: when(), otherwise: otherwise())
    }

    /// `When(\.$query, .hasPrefix, "#") { … } otherwise: { … }`; also `.contains`,
    /// `.doesNotContain` and `.hasSuffix`, on a `String` or `String?` parameter.
    public init<Value: IntentValue>(_ keyPath: any KeyPath<Intent, IntentParameter<Value>> & Sendable,
                                    _ comparisonOperator: StringComparisonOperator, _ value: String,
                                    @ParameterSummaryBuilder<Intent> _ when: () -> some ParameterSummary,
                                    @ParameterSummaryBuilder<Intent> otherwise: () -> some ParameterSummary)
    where Value: StringParameterValue {
        self.init(holds: { comparisonOperator.holds(for: $0[keyPath: keyPath].currentValue?.stringValue, value) },
                  when: when(), otherwise: otherwise())
    }
}

extension AppIntent {
    /// `When(\.$parameter, operator, value) { … } otherwise: { … }` in `parameterSummary`.
    public typealias When = ParameterSummaryWhenCondition<Self>
}

/// The value of a `String` or `String?` parameter, for ``StringComparisonOperator``.
public protocol StringParameterValue: IntentValue {
    var stringValue: String? { get }
}

extension String: StringParameterValue {
    public var stringValue: String? { self }
}

extension Optional: StringParameterValue where Wrapped == String {
    public var stringValue: String? { self }
}
