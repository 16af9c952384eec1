import Foundation
import SpotlightModel

/// Something whose properties are read by dynamic member lookup: `try value.title`.
///
/// Two lookups exist. Compared with a literal or a typed value, the property is read as
/// that type (`String`, `Int`, `Double`, `Bool`, `Date`, `URL`, an entity, optionals and
/// arrays of these); otherwise it is an ``IntentValue`` (so `try value.calendar.title`
/// chains). A property that does not read as the type asked for throws, saying what it is.
///
/// ```swift
/// XCTAssertEqual(try event.title, "Launch")              // String
/// XCTAssertEqual(try event.startDate, launchDate)        // Date
/// #expect(try event.attendeeCount == 3)                  // Int
/// ```
@dynamicMemberLookup
public protocol PropertyReadable {
    /// The property `name`. - Throws: `SpotlightError` naming it and listing those that exist.
    func property(named name: String) throws -> IntentValue
    /// How errors name this value, e.g. `EventEntity "E1"`.
    var propertyOwnerDescription: String { get }
}

extension PropertyReadable {
    /// The property `name`, as an ``IntentValue``.
    public subscript(dynamicMember name: String) -> IntentValue {
        get throws { try property(named: name) }
    }

    /// The property `name`, read as `T`.
    public subscript<T: IntentValueReadable>(dynamicMember name: String) -> T {
        get throws {
            let value = try property(named: name)
            guard let read = T(intentValue: value) else {
                throw SpotlightError(.invalidInput, "property '\(name)' of \(propertyOwnerDescription) is "
                    + "\(value.debugDescription) (\(value.content.kindName)), which does not read as \(T.self)")
            }
            return read
        }
    }
}

/// A Swift type a property can be read as (see ``PropertyReadable``).
public protocol IntentValueReadable {
    /// nil if `intentValue` does not read as this type.
    init?(intentValue: IntentValue)
}

extension String: IntentValueReadable {
    /// A string, or an enum case's raw value.
    public init?(intentValue: IntentValue) {
        switch intentValue.content {
        case .string(let v), .enumCase(let v): self = v
        default: return nil
        }
    }
}

extension Int: IntentValueReadable {
    /// An int, or a whole double.
    public init?(intentValue: IntentValue) {
        switch intentValue.content {
        case .int(let v): self = v
        case .double(let v) where v.rounded() == v && abs(v) < 9e15: self = Int(v)
        default: return nil
        }
    }
}

extension Double: IntentValueReadable {
    /// A double, or an int.
    public init?(intentValue: IntentValue) {
        switch intentValue.content {
        case .double(let v): self = v
        case .int(let v): self = Double(v)
        default: return nil
        }
    }
}

extension Bool: IntentValueReadable {
    public init?(intentValue: IntentValue) {
        guard case .bool(let v) = intentValue.content else { return nil }
        self = v
    }
}

extension Date: IntentValueReadable {
    /// A date, or an ISO 8601 string.
    public init?(intentValue: IntentValue) {
        switch intentValue.content {
        case .date(let v): self = v
        case .string(let v): guard let d = ISO8601.date(from: v) else { return nil }; self = d
        default: return nil
        }
    }
}

extension URL: IntentValueReadable {
    /// A URL, or a string that parses as one.
    public init?(intentValue: IntentValue) {
        switch intentValue.content {
        case .url(let v): self = v
        case .string(let v): guard let u = URL(string: v) else { return nil }; self = u
        default: return nil
        }
    }
}

extension EntityRepresentation: IntentValueReadable {
    public init?(intentValue: IntentValue) {
        guard case .entity(let e) = intentValue.content else { return nil }
        self = e
    }
}

extension Optional: IntentValueReadable where Wrapped: IntentValueReadable {
    /// `nil` for no value, else the wrapped type's reading.
    public init?(intentValue: IntentValue) {
        if case .none = intentValue.content { self = .none; return }
        guard let wrapped = Wrapped(intentValue: intentValue) else { return nil }
        self = .some(wrapped)
    }
}

extension Array: IntentValueReadable where Element: IntentValueReadable {
    /// An array whose every element reads as `Element`.
    public init?(intentValue: IntentValue) {
        guard case .array(let values) = intentValue.content else { return nil }
        var elements: [Element] = []
        for value in values {
            guard let element = Element(intentValue: value) else { return nil }
            elements.append(element)
        }
        self = elements
    }
}

extension IntentValue.Content {
    /// The kind's name as `describe` writes types: `string`, `int`, `entity:EventEntity`, ...
    var kindName: String {
        switch self {
        case .none: return "no value"
        case .string: return "string"
        case .int: return "int"
        case .double: return "double"
        case .bool: return "bool"
        case .date: return "date"
        case .url: return "url"
        case .enumCase: return "enum case"
        case .entity(let e): return "entity:\(e.record.type)"
        case .reference(let r): return "reference to entity:\(r.type)"
        case .array: return "array"
        }
    }
}
