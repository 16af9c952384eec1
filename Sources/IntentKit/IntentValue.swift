import Foundation
import SpotlightModel
import SpotlightProtocol
import SpotlightWire

/// A type an `@Parameter`, a `@Property` or an intent's returned value can have: `String`,
/// `Int`, `Double`, `Bool`, `Date`, `URL`, `DateComponents`, `Measurement` of a `Dimension`,
/// ``IntentFile``, ``IntentCurrencyAmount``, any ``AppEnum``, any ``AppEntity``, and optionals
/// and arrays of these. Apps do not conform their own types (App Intents calls this
/// `_IntentValue`); the runtime calls these requirements.
///
/// ```swift
/// try await Int.resolve(.string("42"))  // 42
/// ```
public protocol IntentValue: Sendable {
    /// How `describe` names the type.
    static var valueType: ValueType { get }
    /// The value of a parameter of this type that the caller left out and that has no
    /// default; `nil` makes such a parameter required. Optionals answer `.some(nil)`.
    static var valueWhenAbsent: Self? { get }
    /// What a parameter of this type that the caller left out and that has no default is given,
    /// before it resolves; `nil` for nothing. A ``UniqueAppEntity`` answers its one instance.
    static var implicitArgument: PropertyValue? { get }
    /// What a parameter of this type that the caller left out, with no default declared, gets from
    /// the type's query: an entity's `defaultResult()`; `nil` for nothing (every other type).
    /// - Throws: what making the query's dependencies threw.
    static func queryDefault() async throws -> Self?
    /// The value as a record property; `nil` for a `nil` optional.
    var propertyValue: PropertyValue? { get }
    /// The value as an intent result; an entity is its full representation.
    func resultValue(bundle: String) -> IntentResultValue
    /// Converts a wire value to this type by the rules in docs/app-service.md.
    /// - Throws: ``ValueConversionError`` with the reason it does not convert.
    static func resolve(_ value: PropertyValue) async throws -> Self
    /// The ``AppEnum`` this type is or holds (an optional or array of one), for `describe` to list
    /// it whether the app lists it or not; `nil` for other types.
    static var enumSchema: EnumSchema? { get }
}

extension IntentValue {
    public static var enumSchema: EnumSchema? { nil }
    public static var valueWhenAbsent: Self? { nil }
    public static var implicitArgument: PropertyValue? { nil }
    public static func queryDefault() async throws -> Self? { nil }
    public func resultValue(bundle: String) -> IntentResultValue {
        propertyValue.map(IntentResultValue.value) ?? .none
    }
}

/// Why a wire value does not convert to a parameter's type. The runtime adds the intent,
/// the parameter and the value, and throws a `SpotlightError` with the code.
public struct ValueConversionError: Error, Hashable, Sendable {
    public var code: SpotlightError.Code
    public var reason: String

    public init(_ reason: String, code: SpotlightError.Code = .invalidInput) {
        self.code = code
        self.reason = reason
    }

    static func expected(_ what: String, got value: PropertyValue) -> ValueConversionError {
        ValueConversionError("expected \(what), got \(value.kindName)")
    }
}

extension PropertyValue {
    /// The wire type name of the value, for error messages.
    var kindName: String {
        switch self {
        case .string: return "a string"
        case .int: return "an int"
        case .double: return "a double"
        case .bool: return "a bool"
        case .date: return "a date"
        case .url: return "a URL"
        case .enumCase: return "an enum case"
        case .entity(let ref): return "an entity reference to \(ref.type)"
        case .array: return "an array"
        }
    }

    /// The value as a person reads it in an error message.
    var displayText: String {
        switch self {
        case .string(let s): return "\"\(s)\""
        case .int(let i): return String(i)
        case .double(let d): return String(d)
        case .bool(let b): return String(b)
        case .date(let d): return ISO8601.string(from: d)
        case .url(let u): return u.absoluteString
        case .enumCase(let raw): return "enum case \"\(raw)\""
        case .entity(let ref): return "\(ref.type) \"\(ref.id)\""
        case .array(let vs): return "[" + vs.map(\.displayText).joined(separator: ", ") + "]"
        }
    }
}

extension Optional: IntentValue where Wrapped: IntentValue {
    public static var valueType: ValueType { Wrapped.valueType }
    public static var enumSchema: EnumSchema? { Wrapped.enumSchema }
    public static var valueWhenAbsent: Self? { .some(.none) }
    public static func queryDefault() async throws -> Self? { try await Wrapped.queryDefault().map { .some($0) } }
    public var propertyValue: PropertyValue? { self?.propertyValue }
    public func resultValue(bundle: String) -> IntentResultValue {
        self?.resultValue(bundle: bundle) ?? .none
    }
    public static func resolve(_ value: PropertyValue) async throws -> Self {
        try await Wrapped.resolve(value)
    }
}

extension Array: IntentValue where Element: IntentValue {
    public static var valueType: ValueType { .array(Element.valueType) }
    public static var enumSchema: EnumSchema? { Element.enumSchema }
    public var propertyValue: PropertyValue? { .array(compactMap(\.propertyValue)) }
    public func resultValue(bundle: String) -> IntentResultValue {
        .array(map { $0.resultValue(bundle: bundle) })
    }
    public static func resolve(_ value: PropertyValue) async throws -> Self {
        guard case .array(let elements) = value else {
            throw ValueConversionError.expected("an array of \(Element.valueType)", got: value)
        }
        var result: [Element] = []
        for (index, element) in elements.enumerated() {
            do {
                result.append(try await Element.resolve(element))
            } catch let error as ValueConversionError {
                throw ValueConversionError("element \(index) (\(element.displayText)): \(error.reason)", code: error.code)
            }
        }
        return result
    }
}
