import Foundation

/// A parameter type `kind:` applies to: `Date`, `DateComponents`, and their optionals.
public protocol IntentDateKindApplicable: IntentValue {}

extension Date: IntentDateKindApplicable {}
extension DateComponents: IntentDateKindApplicable {}
extension Optional: IntentDateKindApplicable where Wrapped: IntentDateKindApplicable {}

extension IntentParameter where Value: IntentDateKindApplicable {
    /// Whether a date parameter asks for a date, a time, or both (App Intents'
    /// `IntentParameter.DateKind`). It shapes Apple's date picker; a caller here passes the value
    /// as it is (an ISO 8601 date or date-time), so it is accepted and not used.
    public enum DateKind: Hashable, Sendable {
        case date, time, dateTime
    }

    /// `@Parameter(title: "Day", kind: .date) var day: Date`, as App Intents declares it.
    ///
    /// ```swift
    /// @Parameter(title: "Start", default: Date(), kind: .dateTime, requestValueDialog: "When?") var start: Date
    /// @Parameter(title: "Alarm", kind: .time) var alarm: DateComponents?
    /// ```
    public convenience init(title: LocalizedStringResource, description: LocalizedStringResource? = nil,
                            default defaultValue: Value? = nil, kind: DateKind, requestValueDialog: IntentDialog? = nil,
                            inputConnectionBehavior: InputConnectionBehavior = .default) {
        self.init(title: title.defaultValue, description: description?.defaultValue, default: defaultValue)
    }

    /// `@Parameter(description: "When it starts", kind: .date) var day: Date`: no title (iOS 18);
    /// `describe` titles it with the property's name.
    public convenience init(description: LocalizedStringResource? = nil, default defaultValue: Value? = nil,
                            kind: DateKind, requestValueDialog: IntentDialog? = nil,
                            inputConnectionBehavior: InputConnectionBehavior = .default) {
        self.init(title: "", description: description?.defaultValue, default: defaultValue)
    }
}
