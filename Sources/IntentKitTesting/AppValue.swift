import Foundation
import SpotlightModel
import SpotlightProtocol

/// A value an app gave back: what an intent's `perform()` returned, or a property of an
/// entity. Read an entity's properties by name, and compare with literals:
///
/// ```swift
/// let result = try await createEvent.makeIntent(title: "Launch").run()
/// XCTAssertEqual(try result.value.title, "Launch")      // reads the property `title`
/// #expect(try result.value.isAllDay == false)
/// let event = result.value                               // pass it on to another intent
/// ```
///
/// Equality is lenient across kinds the way the app service converts them: an enum case
/// equals its raw value as a string, and a case of its own enum type but not of another (see
/// ``enumTypeIdentifier``); an `int` equals the same whole `double`, a date equals a date or an
/// ISO 8601 string for the same millisecond (dates travel to the millisecond), a URL equals its absolute string, an entity equals a reference to the same type and identifier.
/// An entity's `id` travels as text; it also equals, and reads as, the `Int` or `UUID` that text
/// is of (`#expect(try locker.id == 7)`), as the app's typed `id` would.
///
/// The member `content` and the methods of ``PropertyReadable`` are real members; a property
/// of the same name is read with `property(named:)`.
public struct AppValue: PropertyReadable, Equatable, Sendable, CustomDebugStringConvertible {
    /// What the value is.
    public enum Content: Equatable, Sendable {
        /// No value: the intent returned none, or an optional property is nil.
        case none
        case string(String)
        case int(Int)
        case double(Double)
        case bool(Bool)
        case date(Date)
        case url(URL)
        /// An `AppEnum` case, by raw value. Its enum type, when known, is ``AppValue/enumTypeIdentifier``
        /// (the wire carries only the raw value), so `case .enumCase(let raw)` matches any enum's case.
        case enumCase(String)
        /// An entity in its full representation.
        case entity(EntityRepresentation)
        /// A reference to an entity (type and identifier) without its properties.
        case reference(EntityReference)
        case array([AppValue])
    }

    public let content: Content
    /// Fetches a referenced entity when a property of it is read.
    let fetcher: EntityFetcher?
    /// Whether this is an entity's `id` (its `entityIdentifierString`), which may stand for an `Int` or `UUID`.
    let isEntityIdentifier: Bool
    /// The `AppEnum` type of an enum case (`"Flavor"`), when it is known: from the app's schema (the
    /// intent's declared return type, the entity property's declared type) or from the ``EnumCase``
    /// the value was made of. Empty for other values and when not known. Two enum cases whose types
    /// are both known are equal only if the types are the same:
    ///
    /// ```swift
    /// let echoed = try await echoFlavor.makeIntent(flavor: "salty").run()  // returns a Flavor
    /// echoed.value.enumTypeIdentifier                                     // "Flavor"
    /// #expect(echoed.value == AnyAppEnum(typeIdentifier: "Flavor", rawValue: "salty"))  // equal
    /// #expect(echoed.value != AnyAppEnum(typeIdentifier: "Spice", rawValue: "salty"))   // another enum
    /// #expect(echoed.value == "salty")                                    // its raw value
    /// ```
    public let enumTypeIdentifier: String

    public init(_ content: Content) {
        self.init(content, fetcher: nil)
    }

    /// An enum case of a known type: `AppValue(enumCase: "red", typeIdentifier: "CalendarColor")`.
    /// An empty `typeIdentifier` leaves the type unknown: the case then compares by raw value only.
    public init(enumCase rawValue: String, typeIdentifier: String) {
        self.content = .enumCase(rawValue)
        self.fetcher = nil
        self.isEntityIdentifier = false
        self.enumTypeIdentifier = typeIdentifier
    }

    init(_ content: Content, fetcher: EntityFetcher?) {
        self.content = content
        self.fetcher = fetcher
        self.isEntityIdentifier = false
        self.enumTypeIdentifier = ""
    }

    /// An entity's `id` as the app sent it.
    init(entityIdentifier: String) {
        self.content = .string(entityIdentifier)
        self.fetcher = nil
        self.isEntityIdentifier = true
        self.enumTypeIdentifier = ""
    }

    /// A property value as the app sent it; entity references stay references.
    public init(propertyValue value: PropertyValue) { self.init(propertyValue: value, type: nil, fetcher: nil) }

    /// A property value as the app sent it, of the type the app's schema declares (`nil`: not known),
    /// which names an enum case's type.
    init(propertyValue value: PropertyValue, type: ValueType?, fetcher: EntityFetcher?) {
        self.fetcher = fetcher
        self.isEntityIdentifier = false
        if case .appEnum(let name) = type, case .enumCase = value {
            enumTypeIdentifier = name
        } else if case .union(let members) = type, case .enumCase = value,
                  case let enums = members.compactMap({ member -> String? in
                      if case .appEnum(let name) = member { name } else { nil }
                  }), enums.count == 1 {
            // A union value with one enum case among its types: the case is of that enum.
            enumTypeIdentifier = enums[0]
        } else {
            enumTypeIdentifier = ""
        }
        switch value {
        case .string(let v): content = .string(v)
        case .int(let v): content = .int(v)
        case .double(let v): content = .double(v)
        case .bool(let v): content = .bool(v)
        case .date(let v): content = .date(v)
        case .url(let v): content = .url(v)
        case .enumCase(let v): content = .enumCase(v)
        case .entity(let v): content = .reference(v)
        case .array(let vs):
            content = .array(vs.map { AppValue(propertyValue: $0, type: type?.elementType, fetcher: fetcher) })
        }
    }

    /// An intent's result, of the type the intent declares it returns (`nil`: not known); entities
    /// learn their declared properties from `schema`.
    init(_ result: IntentResultValue, schema: AppSchema?, type: ValueType? = nil, fetcher: EntityFetcher? = nil) {
        switch result {
        case .none: self.init(.none, fetcher: fetcher)
        case .value(let value): self.init(propertyValue: value, type: type, fetcher: fetcher)
        case .entity(let record): self.init(.entity(EntityRepresentation(record, schema: schema, fetcher: fetcher)), fetcher: fetcher)
        case .array(let values):
            self.init(.array(values.map { AppValue($0, schema: schema, type: type?.elementType, fetcher: fetcher) }), fetcher: fetcher)
        }
    }

    /// Reads a property of the entity this value is.
    /// - Throws: `notFound` naming the property and listing those that exist; `invalidInput`
    ///   if this value is not an entity.
    public func property(named name: String) throws -> AppValue {
        switch content {
        case .array(let elements) where name == "count":
            return AppValue(.int(elements.count))
        case .entity(let entity):
            return try entity.property(named: name)
        case .reference(let reference):
            return try EntityRepresentation(reference: reference, fetcher: fetcher).property(named: name)
        default:
            throw SpotlightError(.invalidInput, notAnEntity(reading: name))
        }
    }

    /// Why a property cannot be read of a value that is no entity: what the value is, and for
    /// an array, how to read an element's property instead.
    private func notAnEntity(reading name: String) -> String {
        switch content {
        case .none:
            return "nil (no value: the intent returned none, or an optional property is nil) has no property '\(name)'"
        case .array(let elements) where elements.isEmpty:
            return "[] is an empty array, not an entity, so it has no property '\(name)'"
        case .array(let elements):
            return "\(debugDescription) is an array of \(elements.count), not an entity, so it has no property "
                + "'\(name)'; read an element's, as value[0].\(name)"
        default:
            return "\(debugDescription) (\(content.kindName)) is not an entity, so it has no property '\(name)'"
        }
    }

    public var propertyOwnerDescription: String { debugDescription }

    public var debugDescription: String {
        switch content {
        case .none: return "nil"
        case .string(let v): return v
        case .int(let v): return "\(v)"
        case .double(let v): return "\(v)"
        case .bool(let v): return "\(v)"
        case .date(let v): return ISO8601.string(from: v)
        case .url(let v): return v.absoluteString
        case .enumCase(let v): return "\(enumTypeIdentifier).\(v)"
        case .entity(let e): return e.debugDescription
        case .reference(let r): return "\(r.type)(id: \"\(r.id)\")"
        case .array(let vs): return "[" + vs.map(\.debugDescription).joined(separator: ", ") + "]"
        }
    }

    public static func == (lhs: AppValue, rhs: AppValue) -> Bool {
        if lhs.isEnumCase(ofAnotherTypeThan: rhs) { return false }
        return lhs.content.matches(rhs.content) || rhs.content.matches(lhs.content)
            || lhs.identifierMatches(rhs.content) || rhs.identifierMatches(lhs.content)
    }

    /// Whether both are enum cases of known types, and the types differ.
    private func isEnumCase(ofAnotherTypeThan other: AppValue) -> Bool {
        guard case .enumCase = content, case .enumCase = other.content,
              !enumTypeIdentifier.isEmpty, !other.enumTypeIdentifier.isEmpty else { return false }
        return enumTypeIdentifier != other.enumTypeIdentifier
    }

    /// An entity's `id` equals the `Int` its text is, and a string of the same `UUID` in any case.
    private func identifierMatches(_ other: Content) -> Bool {
        guard isEntityIdentifier, case .string(let text) = content else { return false }
        switch other {
        case .int(let number): return text == String(number)
        case .string(let string): return UUID(uuidString: text).map { $0 == UUID(uuidString: string) } ?? false
        default: return false
        }
    }
}

extension AppValue.Content {
    /// Dates travel to the millisecond, so a `Date()` given to an intent and read back is the
    /// same instant to the millisecond, not to the nanosecond.
    static func sameMillisecond(_ a: Date, _ b: Date) -> Bool {
        (a.timeIntervalSince1970 * 1000).rounded() == (b.timeIntervalSince1970 * 1000).rounded()
    }

    /// Equal, or equal after the lenient conversions (checked in one direction).
    func matches(_ other: AppValue.Content) -> Bool {
        switch (self, other) {
        case (.none, .none): return true
        case let (.string(a), .string(b)), let (.enumCase(a), .enumCase(b)), let (.enumCase(a), .string(b)):
            return a == b
        case let (.int(a), .int(b)): return a == b
        case let (.double(a), .double(b)): return a == b
        case let (.int(a), .double(b)): return Double(a) == b
        case let (.bool(a), .bool(b)): return a == b
        case let (.date(a), .date(b)): return Self.sameMillisecond(a, b)
        case let (.date(a), .string(b)): return ISO8601.date(from: b).map { Self.sameMillisecond($0, a) } ?? false
        case let (.url(a), .url(b)): return a == b
        case let (.url(a), .string(b)): return a.absoluteString == b
        case let (.entity(a), .entity(b)): return a == b
        case let (.reference(a), .reference(b)): return a == b
        case let (.entity(a), .reference(b)): return a.reference == b
        case let (.array(a), .array(b)): return a == b
        default: return false
        }
    }
}

extension AppValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByNilLiteral {
    public init(stringLiteral value: String) { self.init(.string(value)) }
    public init(integerLiteral value: Int) { self.init(.int(value)) }
    public init(floatLiteral value: Double) { self.init(.double(value)) }
    public init(booleanLiteral value: Bool) { self.init(.bool(value)) }
    public init(nilLiteral: ()) { self.init(.none) }
}

extension ValueType {
    /// The type of an array's elements; `nil` when this is no array.
    var elementType: ValueType? {
        if case .array(let element) = self { return element }
        return nil
    }
}
