import Foundation
import SpotlightModel
import SpotlightProtocol

/// A value `makeIntent(...)` takes for a parameter: `String`, `Int`, `Double`, `Bool`,
/// `Date`, `URL`, an entity or value an earlier `run()` returned (``AppValue``,
/// ``EntityRepresentation``), an enum case (``EnumCase``), and optionals and arrays of these.
///
/// The app converts it to the parameter's type the way App Intents does: a string for an
/// enum parameter is a raw value, a string for an entity parameter goes to the entity's
/// string query (first match), an ISO 8601 string is a date (see docs/app-service.md).
public protocol IntentArgumentConvertible: Sendable {
    /// The value as the app service receives it for a parameter of `type`; nil leaves the
    /// parameter out. - Throws: ``ArgumentRejection`` saying why it cannot be given.
    func intentArgument(for type: ValueType, in schema: AppSchema) throws -> PropertyValue?
}

/// Why a value cannot be given for a parameter.
public struct ArgumentRejection: Error, Sendable {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
}

extension String: IntentArgumentConvertible {
    public func intentArgument(for type: ValueType, in schema: AppSchema) throws -> PropertyValue? { .string(self) }
}

extension Int: IntentArgumentConvertible {
    public func intentArgument(for type: ValueType, in schema: AppSchema) throws -> PropertyValue? { .int(self) }
}

extension Double: IntentArgumentConvertible {
    public func intentArgument(for type: ValueType, in schema: AppSchema) throws -> PropertyValue? { .double(self) }
}

extension Bool: IntentArgumentConvertible {
    public func intentArgument(for type: ValueType, in schema: AppSchema) throws -> PropertyValue? { .bool(self) }
}

extension Date: IntentArgumentConvertible {
    public func intentArgument(for type: ValueType, in schema: AppSchema) throws -> PropertyValue? { .date(self) }
}

extension URL: IntentArgumentConvertible {
    public func intentArgument(for type: ValueType, in schema: AppSchema) throws -> PropertyValue? { .url(self) }
}

extension Optional: IntentArgumentConvertible where Wrapped: IntentArgumentConvertible {
    /// `nil` leaves the parameter out.
    public func intentArgument(for type: ValueType, in schema: AppSchema) throws -> PropertyValue? {
        try self?.intentArgument(for: type, in: schema)
    }
}

extension Array: IntentArgumentConvertible where Element: IntentArgumentConvertible {
    /// Each element converts for the array's element type; `nil` elements are left out.
    public func intentArgument(for type: ValueType, in schema: AppSchema) throws -> PropertyValue? {
        let elementType: ValueType
        if case .array(let inner) = type { elementType = inner } else { elementType = type }
        return .array(try compactMap { try $0.intentArgument(for: elementType, in: schema) })
    }
}

extension EntityRepresentation: IntentArgumentConvertible {
    /// The entity by reference: the app fetches it with `entities(for:)`.
    public func intentArgument(for type: ValueType, in schema: AppSchema) throws -> PropertyValue? {
        .entity(reference)
    }
}

extension AppValue: IntentArgumentConvertible {
    /// A returned value passes straight through: an entity by reference, a primitive as is,
    /// no value as an absent parameter. An enum case of a known type is refused for a parameter
    /// of another enum type.
    public func intentArgument(for type: ValueType, in schema: AppSchema) throws -> PropertyValue? {
        switch content {
        case .none: return nil
        case .string(let v): return .string(v)
        case .int(let v): return .int(v)
        case .double(let v): return .double(v)
        case .bool(let v): return .bool(v)
        case .date(let v): return .date(v)
        case .url(let v): return .url(v)
        case .enumCase(let v):
            if !enumTypeIdentifier.isEmpty, case .appEnum(let expected) = type, expected != enumTypeIdentifier {
                throw ArgumentRejection("a case of \(enumTypeIdentifier) (\"\(v)\") cannot be given for a parameter of type \(type)")
            }
            return .enumCase(v)
        case .entity(let e): return .entity(e.reference)
        case .reference(let r): return .entity(r)
        case .array(let vs): return try vs.intentArgument(for: type, in: schema)
        }
    }
}

extension IntentArgumentConvertible {
    /// The value as given, for reading it back (``ConfiguredIntent``'s typed dynamic members).
    var givenAppValue: AppValue? {
        switch self {
        case let value as AppValue: return value
        case let value as EntityRepresentation: return AppValue(.entity(value))
        case let value as EnumCase: return value.comparedAppValue
        case let value as String: return AppValue(.string(value))
        case let value as Int: return AppValue(.int(value))
        case let value as Double: return AppValue(.double(value))
        case let value as Bool: return AppValue(.bool(value))
        case let value as Date: return AppValue(.date(value))
        case let value as URL: return AppValue(.url(value))
        case let value as any IntentValueConvertibleWrapper: return value.baseValue.givenAppValue
        default: return nil
        }
    }
}

extension Measurement: IntentArgumentConvertible where UnitType: Dimension {
    /// A number in the dimension's base unit (`Measurement(value: 2, unit: UnitLength.kilometers)` is 2000.0),
    /// as the app service takes a measurement.
    public func intentArgument(for type: ValueType, in schema: AppSchema) throws -> PropertyValue? {
        .double(converted(to: UnitType.baseUnit()).value)
    }
}

extension DateComponents: IntentArgumentConvertible {
    /// ISO 8601 text of the fields set (`DateComponents(hour: 7, minute: 45)` is `"07:45"`), as the app
    /// service takes date components; a returned `DateComponents` reads back as that `String`.
    public func intentArgument(for type: ValueType, in schema: AppSchema) throws -> PropertyValue? {
        .string(iso8601Text)
    }
}
