import Foundation
import SpotlightModel
import SpotlightProtocol
import SpotlightWire

// The conversion rules for primitives; docs/app-service.md lists the same table.

extension String: IntentValue {
    public static var valueType: ValueType { .string }
    public var propertyValue: PropertyValue? { .string(self) }
    /// From `.string` only.
    public static func resolve(_ value: PropertyValue) async throws -> String {
        guard case .string(let s) = value else { throw ValueConversionError.expected("a string", got: value) }
        return s
    }
}

extension Int: IntentValue {
    public static var valueType: ValueType { .int }
    public var propertyValue: PropertyValue? { .int(self) }
    /// From `.int`, an integral `.double` in range, or a decimal string (`"-12"`).
    public static func resolve(_ value: PropertyValue) async throws -> Int {
        switch value {
        case .int(let i): return i
        case .double(let d):
            guard d.rounded() == d, let i = Int(exactly: d) else {
                throw ValueConversionError("\(d) is not a whole number in Int's range")
            }
            return i
        case .string(let s):
            guard let i = Int(s.trimmingCharacters(in: .whitespaces)) else {
                throw ValueConversionError("\"\(s)\" is not a decimal integer")
            }
            return i
        default: throw ValueConversionError.expected("an int, a whole double or a decimal string", got: value)
        }
    }
}

extension Double: IntentValue {
    public static var valueType: ValueType { .double }
    public var propertyValue: PropertyValue? { .double(self) }
    /// From `.double`, `.int`, or a decimal string (`"2.5"`, `"1e3"`); never NaN or infinity.
    public static func resolve(_ value: PropertyValue) async throws -> Double {
        switch value {
        case .double(let d): return d
        case .int(let i): return Double(i)
        case .string(let s):
            guard let d = Double(s.trimmingCharacters(in: .whitespaces)), d.isFinite else {
                throw ValueConversionError("\"\(s)\" is not a finite decimal number")
            }
            return d
        default: throw ValueConversionError.expected("a double, an int or a decimal string", got: value)
        }
    }
}

extension Bool: IntentValue {
    public static var valueType: ValueType { .bool }
    public var propertyValue: PropertyValue? { .bool(self) }
    /// From `.bool`, or exactly the strings `"true"` and `"false"`.
    public static func resolve(_ value: PropertyValue) async throws -> Bool {
        switch value {
        case .bool(let b): return b
        case .string("true"): return true
        case .string("false"): return false
        case .string(let s): throw ValueConversionError("\"\(s)\" is not \"true\" or \"false\"")
        default: throw ValueConversionError.expected("a bool or the string \"true\" or \"false\"", got: value)
        }
    }
}

extension Date: IntentValue {
    public static var valueType: ValueType { .date }
    public var propertyValue: PropertyValue? { .date(self) }
    /// From `.date`, or an ISO 8601 string (`2026-06-01T20:00:00Z`, with or without
    /// fractional seconds, or a day `2026-06-01` meaning its midnight UTC).
    public static func resolve(_ value: PropertyValue) async throws -> Date {
        switch value {
        case .date(let d): return d
        case .string(let s):
            guard let d = ISO8601.date(from: s) else {
                throw ValueConversionError("\"\(s)\" is not an ISO 8601 date such as 2026-06-01T20:00:00Z")
            }
            return d
        default: throw ValueConversionError.expected("a date or an ISO 8601 string", got: value)
        }
    }
}

extension URL: IntentValue {
    public static var valueType: ValueType { .url }
    public var propertyValue: PropertyValue? { .url(self) }
    /// From `.url`, or a string that parses as an absolute URL (it has a scheme).
    public static func resolve(_ value: PropertyValue) async throws -> URL {
        switch value {
        case .url(let u): return u
        case .string(let s):
            guard let u = URL(string: s), u.scheme != nil else {
                throw ValueConversionError("\"\(s)\" is not an absolute URL such as https://example.com/a")
            }
            return u
        default: throw ValueConversionError.expected("a URL or a string with an absolute URL", got: value)
        }
    }
}
