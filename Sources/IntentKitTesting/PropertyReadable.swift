import Foundation
import SpotlightModel

/// Something whose properties are read by dynamic member lookup: `try value.title`.
///
/// Two lookups exist. Compared with a literal or a typed value, the property is read as
/// that type (`String`, `Int`, `Double`, `Bool`, `Date`, `URL`, `UUID`, an entity, optionals and
/// arrays of these); otherwise it is an ``AppValue`` (so `try value.calendar.title`
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
    func property(named name: String) throws -> AppValue
    /// How errors name this value, e.g. `EventEntity "E1"`.
    var propertyOwnerDescription: String { get }
}

extension PropertyReadable {
    /// The property `name`, as an ``AppValue``.
    public subscript(dynamicMember name: String) -> AppValue {
        get throws { try property(named: name) }
    }

    /// The property `name`, read as `T`.
    public subscript<T: AppValueReadable>(dynamicMember name: String) -> T {
        get throws {
            let value = try property(named: name)
            guard let read = T(appValue: value) else {
                throw SpotlightError(.invalidInput, "property '\(name)' of \(propertyOwnerDescription) is "
                    + "\(value.debugDescription) (\(value.content.kindName)), which does not read as \(T.self)")
            }
            return read
        }
    }
}

/// A Swift type a property can be read as (see ``PropertyReadable``).
public protocol AppValueReadable {
    /// nil if `appValue` does not read as this type.
    init?(appValue: AppValue)
}

extension String: AppValueReadable {
    /// A string, or an enum case's raw value.
    public init?(appValue: AppValue) {
        switch appValue.content {
        case .string(let v), .enumCase(let v): self = v
        default: return nil
        }
    }
}

extension Int: AppValueReadable {
    /// An int, a whole double, or an entity's `id` that is an `Int`'s text.
    public init?(appValue: AppValue) {
        switch appValue.content {
        case .int(let v): self = v
        case .double(let v) where v.rounded() == v && abs(v) < 9e15: self = Int(v)
        case .string(let v) where appValue.isEntityIdentifier:
            guard let n = Int(v), String(n) == v else { return nil }
            self = n
        default: return nil
        }
    }
}

extension Double: AppValueReadable {
    /// A double, or an int.
    public init?(appValue: AppValue) {
        switch appValue.content {
        case .double(let v): self = v
        case .int(let v): self = Double(v)
        default: return nil
        }
    }
}

extension Bool: AppValueReadable {
    public init?(appValue: AppValue) {
        guard case .bool(let v) = appValue.content else { return nil }
        self = v
    }
}

extension Date: AppValueReadable {
    /// A date, or an ISO 8601 string.
    public init?(appValue: AppValue) {
        switch appValue.content {
        case .date(let v): self = v
        case .string(let v): guard let d = ISO8601.date(from: v) else { return nil }; self = d
        default: return nil
        }
    }
}

extension URL: AppValueReadable {
    /// A URL, or a string that parses as one.
    public init?(appValue: AppValue) {
        switch appValue.content {
        case .url(let v): self = v
        case .string(let v): guard let u = URL(string: v) else { return nil }; self = u
        default: return nil
        }
    }
}

extension UUID: AppValueReadable {
    /// A string of a UUID (an entity's `id` declared as `UUID` travels as its `uuidString`).
    public init?(appValue: AppValue) {
        guard case .string(let v) = appValue.content, let uuid = UUID(uuidString: v) else { return nil }
        self = uuid
    }
}

extension EntityRepresentation: AppValueReadable {
    /// An entity, or a reference to one (without properties).
    public init?(appValue: AppValue) {
        switch appValue.content {
        case .entity(let e): self = e
        case .reference(let r): self.init(reference: r, fetcher: appValue.fetcher)
        default: return nil
        }
    }
}

extension AppValue: AppValueReadable {
    public init?(appValue: AppValue) { self = appValue }
}

extension Optional: AppValueReadable where Wrapped: AppValueReadable {
    /// `nil` for no value, else the wrapped type's reading.
    public init?(appValue: AppValue) {
        if case .none = appValue.content { self = .none; return }
        guard let wrapped = Wrapped(appValue: appValue) else { return nil }
        self = .some(wrapped)
    }
}

extension Array: AppValueReadable where Element: AppValueReadable {
    /// An array whose every element reads as `Element`.
    public init?(appValue: AppValue) {
        guard case .array(let values) = appValue.content else { return nil }
        var elements: [Element] = []
        for value in values {
            guard let element = Element(appValue: value) else { return nil }
            elements.append(element)
        }
        self = elements
    }
}

extension AppValue.Content {
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
