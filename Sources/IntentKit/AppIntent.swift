import Foundation
import SpotlightModel
import SpotlightWire

/// An action of the app that other processes can run by name.
///
/// ```swift
/// struct CreateCalendarIntent: AppIntent {
///     static let title = "Create Calendar"
///     @Parameter(title: "Name") var name: String
///     @Parameter(title: "Color") var color: CalendarColor
///     func perform() async throws -> some IntentResult & ReturnsValue<CalendarEntity> {
///         .result(value: try await store.createCalendar(name: name, color: color))
///     }
/// }
/// ```
public protocol AppIntent: Sendable {
    associatedtype PerformResult: IntentResult
    static var title: String { get }
    static var description: String { get }
    /// `false` hides the intent from `describe` (test-only intents); it can still be run.
    static var isDiscoverable: Bool { get }
    init()
    func perform() async throws -> PerformResult
}

extension AppIntent {
    /// Default: the type name, so a test-only intent need not name itself.
    public static var title: String { typeName }
    public static var description: String { "" }
    public static var isDiscoverable: Bool { true }
    /// The name callers run it by: the Swift type name.
    public static var typeName: String { String(describing: Self.self) }
}

/// What `perform()` returns: `.result()` or `.result(value:)`.
public protocol IntentResult: Sendable {
    /// The type of the returned value; `nil` for `.result()`.
    static var returnedValueType: ValueType? { get }
    /// The returned value on the wire.
    func resultValue(bundle: String) -> IntentResultValue
}

/// An intent result that carries a value: `some IntentResult & ReturnsValue<EventEntity>`.
public protocol ReturnsValue<Value>: IntentResult {
    associatedtype Value: IntentValue
    var value: Value { get }
}

/// The result of `.result()`: no value.
public struct EmptyIntentResult: IntentResult {
    public init() {}
    public static var returnedValueType: ValueType? { nil }
    public func resultValue(bundle: String) -> IntentResultValue { .none }
}

/// The result of `.result(value:)`.
public struct IntentResultContainer<Value: IntentValue>: ReturnsValue {
    public let value: Value
    public init(value: Value) { self.value = value }
    public static var returnedValueType: ValueType? { Value.valueType }
    public func resultValue(bundle: String) -> IntentResultValue { value.resultValue(bundle: bundle) }
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
