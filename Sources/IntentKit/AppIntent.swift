import Foundation
import SpotlightModel
import SpotlightProtocol
import SpotlightWire

/// An action of the app that other processes can run by name.
///
/// ```swift
/// struct CreateCalendarIntent: AppIntent {
///     static let title: LocalizedStringResource = "Create Calendar"
///     static let description = IntentDescription("Creates a calendar with a name and a color.")
///     @Parameter(title: "Name") var name: String
///     @Parameter(title: "Color") var color: CalendarColor
///     func perform() async throws -> some IntentResult & ReturnsValue<CalendarEntity> {
///         .result(value: try await store.createCalendar(name: name, color: color))
///     }
/// }
/// ```
///
/// `title` may be a `String` or a ``LocalizedStringResource``; `description` a `String`, an
/// ``IntentDescription`` or an `IntentDescription?`. Both default (to the type name, and to none).
public protocol AppIntent: Sendable {
    associatedtype PerformResult: IntentResult
    associatedtype Title: IntentTitleText = LocalizedStringResource
    associatedtype Description: IntentDescriptionText = IntentDescription
    associatedtype SummaryContent: ParameterSummary = NoParameterSummary
    static var title: Title { get }
    static var description: Description { get }
    /// How the intent reads with its parameters (`Summary("Search tasks for \(\.$query)")`).
    static var parameterSummary: SummaryContent { get }
    /// `false` hides the intent from `describe` (test-only intents); it can still be run.
    static var isDiscoverable: Bool { get }
    /// Whether running the intent brings the app forward; `describe` reports it.
    static var openAppWhenRun: Bool { get }
    /// What the device must allow before the intent runs; `describe` reports it.
    static var authenticationPolicy: IntentAuthenticationPolicy { get }
    /// Whether the action runs with the app in the foreground or the background (App Intents
    /// 2025); kept, not acted on: the app service runs every intent in the app's own process.
    static var supportedModes: IntentModes { get }
    init()
    func perform() async throws -> PerformResult
}

extension AppIntent {
    public static var isDiscoverable: Bool { true }
    public static var openAppWhenRun: Bool { false }
    public static var authenticationPolicy: IntentAuthenticationPolicy { .alwaysAllowed }
    /// Default: `.foreground` for an intent that opens the app when run, else `.background`.
    public static var supportedModes: IntentModes { openAppWhenRun ? .foreground : .background }
    /// The name callers run it by: the Swift type name.
    public static var typeName: String { String(describing: Self.self) }
    /// The title as text.
    static var titleText: String { title.titleText }
    /// The description as text; empty for none.
    static var descriptionText: String { description.intentDescriptionText }
}

extension AppIntent where Title == LocalizedStringResource {
    /// Default: the type name, so a test-only intent need not name itself.
    public static var title: LocalizedStringResource { LocalizedStringResource(stringLiteral: typeName) }
}

extension AppIntent where SummaryContent == NoParameterSummary {
    /// Default: none.
    public static var parameterSummary: NoParameterSummary { NoParameterSummary() }
}

extension AppIntent where Description == IntentDescription {
    /// Default: none.
    public static var description: IntentDescription { "" }
}

/// What the device must allow before an intent runs (App Intents' `IntentAuthenticationPolicy`).
/// IntentKit reports it in `describe`; a Linux app service has no lock screen, so it does not enforce it.
public enum IntentAuthenticationPolicy: String, Hashable, Sendable, CaseIterable {
    case alwaysAllowed
    case requiresAuthentication
    case requiresLocalDeviceAuthentication
}

/// What `perform()` returns: `.result()` or `.result(value:)`.
public protocol IntentResult: Sendable {
    /// The type of the returned value; `nil` for `.result()`.
    static var returnedValueType: ValueType? { get }
    /// The returned value on the wire.
    func resultValue(bundle: String) -> IntentResultValue
    /// What the intent says when it finishes (`.result(dialog:)`); nil for nothing.
    var dialogText: String? { get }
    /// The intent the runtime runs next (`.result(opensIntent:)`); nil for none.
    var openedIntent: (any AppIntent)? { get }
}

extension IntentResult {
    public var dialogText: String? { nil }
    public var openedIntent: (any AppIntent)? { nil }
}

/// An intent result that carries a value: `some IntentResult & ReturnsValue<EventEntity>`.
public protocol ReturnsValue<Value>: IntentResult {
    associatedtype Value: IntentValue
    var value: Value { get }
}

/// The result of `.result()`: no value.
public struct EmptyIntentResult: IntentResult {
    /// What the intent says, from `.result(dialog:)`.
    public var dialog: IntentDialog?
    /// The intent to run next, from `.result(opensIntent:)`.
    public var openedIntent: (any AppIntent)?
    public init(dialog: IntentDialog? = nil, opensIntent: (any AppIntent)? = nil) {
        self.dialog = dialog
        self.openedIntent = opensIntent
    }
    public static var returnedValueType: ValueType? { nil }
    public func resultValue(bundle: String) -> IntentResultValue { .none }
    public var dialogText: String? { dialog?.text }
}

/// The result of `.result(value:)`.
public struct IntentResultContainer<Value: IntentValue>: ReturnsValue {
    public let value: Value
    /// What the intent says, from `.result(value:dialog:)`.
    public var dialog: IntentDialog?
    /// The intent to run next, from `.result(value:opensIntent:)`.
    public var openedIntent: (any AppIntent)?
    public init(value: Value, dialog: IntentDialog? = nil, opensIntent: (any AppIntent)? = nil) {
        self.value = value
        self.dialog = dialog
        self.openedIntent = opensIntent
    }
    public static var returnedValueType: ValueType? { Value.valueType }
    public func resultValue(bundle: String) -> IntentResultValue { value.resultValue(bundle: bundle) }
    public var dialogText: String? { dialog?.text }
}

extension IntentResult where Self == EmptyIntentResult {
    /// No value: `return .result()`.
    public static func result() -> Self { EmptyIntentResult() }
}

extension IntentResult {
    /// A value: `return .result(value: event)`.
    public static func result<Value: IntentValue>(value: Value) -> Self where Self == IntentResultContainer<Value> {
        IntentResultContainer(value: value)
    }
}
