import Foundation

/// Decodes any `Decodable` straight from a parsed ``JSONValue``: the one reader of the wire,
/// the record store and the index (no text in between, no Foundation `JSONDecoder`).
///
/// Numbers are read exactly (docs/records.md, Numbers): an integer type takes an int that
/// fits it, or a whole double below 2^53 in magnitude (`3.0`, `1e2`); a `Double` takes a
/// finite double, or an int a double holds exactly. A number that does not fit is a
/// `DecodingError.dataCorrupted` whose `underlyingError` is ``NumberDoesNotFit``. `Data` is
/// read from base64 text and `URL` from its string, as Foundation's `JSONDecoder` does;
/// members a type does not ask for are ignored unless the type refuses them itself.
///
/// ```swift
/// let value = try JSONValue.parse(Data(#"{"text":"saturn","limit":10}"#.utf8))
/// let query = try JSONValueDecoder().decode(SearchQuery.self, from: value)
/// ```
public struct JSONValueDecoder: Sendable {
    public init() {}

    /// - Throws: `DecodingError` naming the coding path of what is missing or of the wrong kind.
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try JSONTreeDecoder(value, parent: nil, at: .none).decodeValue(T.self)
    }
}

/// A number that does not fit the type it is read as (an int beyond the type's range or with
/// a fraction, a double beyond its range, an int a double cannot hold exactly).
///
/// ```swift
/// catch let error as DecodingError { if case .dataCorrupted(let c) = error, c.underlyingError is NumberDoesNotFit { ... } }
/// ```
public struct NumberDoesNotFit: Error, Hashable, Sendable, CustomStringConvertible {
    /// What does not fit, worded to follow the name of what holds it.
    public var message: String
    public init(message: String) { self.message = message }
    public var description: String { message }

    /// The ``NumberDoesNotFit`` a decoding error carries, if it is one.
    public static func carried(by error: any Error) -> NumberDoesNotFit? {
        guard case DecodingError.dataCorrupted(let context)? = error as? DecodingError else { return nil }
        return context.underlyingError as? NumberDoesNotFit
    }
}

/// Where a value sits in its parent, kept unboxed until an error asks for the coding path.
enum JSONPathStep {
    case none
    case key(any CodingKey)
    case index(Int)
}

/// A coding key for an array position or any member name.
struct JSONPathKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        self.stringValue = "Index \(intValue)"
        self.intValue = intValue
    }
}

/// A node of an encoding or decoding in progress, which knows only its parent and its own
/// step, so the coding path is put together only when an error (or a caller) asks for it.
protocol JSONPathNode: AnyObject {
    var parent: Self? { get }
    var step: JSONPathStep { get }
}

extension JSONPathNode {
    func path(adding last: JSONPathStep) -> [any CodingKey] {
        var steps: [any CodingKey] = []
        var node: Self? = self
        while let current = node {
            if let key = current.step.key { steps.append(key) }
            node = current.parent
        }
        steps.reverse()
        if let key = last.key { steps.append(key) }
        return steps
    }
}

extension JSONPathStep {
    var key: (any CodingKey)? {
        switch self {
        case .none: return nil
        case .key(let key): return key
        case .index(let n): return JSONPathKey(intValue: n)
        }
    }
}

final class JSONTreeDecoder: Decoder, JSONPathNode {
    let value: JSONValue
    let parent: JSONTreeDecoder?
    let step: JSONPathStep

    init(_ value: JSONValue, parent: JSONTreeDecoder?, at step: JSONPathStep) {
        self.value = value
        self.parent = parent
        self.step = step
    }

    var codingPath: [any CodingKey] { path(adding: .none) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else {
            throw mismatch([String: Any].self, value, at: .none)
        }
        return KeyedDecodingContainer(JSONKeyedDecoding<Key>(members: members, decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch([Any].self, value, at: .none) }
        return JSONUnkeyedDecoding(elements: elements, decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { JSONSingleValueDecoding(decoder: self) }

    // MARK: Reading one value

    func mismatch(_ type: Any.Type, _ found: JSONValue, at step: JSONPathStep) -> DecodingError {
        if found == .null {
            return .valueNotFound(type, .init(codingPath: path(adding: step), debugDescription: "expected \(type), found null"))
        }
        return .typeMismatch(type, .init(codingPath: path(adding: step),
                                         debugDescription: "expected \(type), found \(JSONTreeDecoder.kind(of: found))"))
    }

    static func kind(of value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .int, .double: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    func doesNotFit(_ message: String, at step: JSONPathStep) -> DecodingError {
        .dataCorrupted(.init(codingPath: path(adding: step), debugDescription: message,
                             underlyingError: NumberDoesNotFit(message: message)))
    }

    func bool(_ v: JSONValue, at step: JSONPathStep) throws -> Bool {
        guard case .bool(let b) = v else { throw mismatch(Bool.self, v, at: step) }
        return b
    }

    func string(_ v: JSONValue, at step: JSONPathStep) throws -> String {
        guard case .string(let s) = v else { throw mismatch(String.self, v, at: step) }
        return s
    }

    /// An integer exactly: an int, or a whole double below 2^53 in magnitude.
    func int64(_ v: JSONValue, as type: Any.Type, at step: JSONPathStep) throws -> Int64 {
        switch v {
        case .int(let n): return n
        case .double(let d):
            guard d.rounded() == d, abs(d) < JSONValue.exactDoubleIntegerLimit else {
                throw doesNotFit("\(d) is not a whole number \(type) holds exactly", at: step)
            }
            return Int64(d)
        default: throw mismatch(type, v, at: step)
        }
    }

    func integer<T: FixedWidthInteger>(_ v: JSONValue, as type: T.Type, at step: JSONPathStep) throws -> T {
        let n = try int64(v, as: type, at: step)
        guard let fitted = T(exactly: n) else { throw doesNotFit("\(n) does not fit \(type)", at: step) }
        return fitted
    }

    /// A finite double, or an int a double holds exactly.
    func double(_ v: JSONValue, at step: JSONPathStep) throws -> Double {
        switch v {
        case .double(let d):
            guard d.isFinite else { throw doesNotFit("\(d) is beyond the range of a double", at: step) }
            return d
        case .int(let n):
            guard let d = Double(exactly: n) else { throw doesNotFit("a double cannot hold \(n) exactly", at: step) }
            return d
        default: throw mismatch(Double.self, v, at: step)
        }
    }

    func float(_ v: JSONValue, at step: JSONPathStep) throws -> Float {
        let d = try double(v, at: step)
        guard abs(d) <= Double(Float.greatestFiniteMagnitude) else {
            throw doesNotFit("\(d) is beyond the range of a Float", at: step)
        }
        return Float(d)
    }

    /// Any Decodable at `step` below this decoder; the types JSON spells specially first.
    func decode<T: Decodable>(_ type: T.Type, _ v: JSONValue, at step: JSONPathStep) throws -> T {
        if T.self == String.self { return try string(v, at: step) as! T }
        if T.self == Int.self { return try integer(v, as: Int.self, at: step) as! T }
        if T.self == Bool.self { return try bool(v, at: step) as! T }
        if T.self == Double.self { return try double(v, at: step) as! T }
        if T.self == JSONValue.self { return v as! T }
        if T.self == Int64.self { return try int64(v, as: Int64.self, at: step) as! T }
        if T.self == UInt64.self { return try integer(v, as: UInt64.self, at: step) as! T }
        if T.self == Data.self {
            guard let data = Data(base64Encoded: try string(v, at: step)) else {
                throw DecodingError.dataCorrupted(.init(codingPath: path(adding: step),
                                                        debugDescription: "expected base64 text"))
            }
            return data as! T
        }
        if T.self == URL.self {
            guard let url = URL(string: try string(v, at: step)) else {
                throw DecodingError.dataCorrupted(.init(codingPath: path(adding: step), debugDescription: "not a URL"))
            }
            return url as! T
        }
        if let table = T.self as? any JSONStringKeyedDecodable.Type {
            // [String: V] member by member: Dictionary's own init(from:) lists allKeys and
            // parses each name as an Int, most of the cost of reading a record's properties.
            guard case .object(let members) = v else { throw mismatch([String: Any].self, v, at: step) }
            return try table.decodeMembers(members, JSONTreeDecoder(v, parent: self, at: step)) as! T
        }
        if let readable = T.self as? any JSONTreeReadable.Type, let read = readable.read(v) { return read as! T }
        return try T(from: JSONTreeDecoder(v, parent: self, at: step))
    }

    /// This decoder's own value as `T` (the top level).
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T { try decode(T.self, value, at: .none) }
}

/// A dictionary keyed by strings, read straight from an object's members.
protocol JSONStringKeyedDecodable {
    static func decodeMembers(_ members: [String: JSONValue], _ decoder: JSONTreeDecoder) throws -> Self
}

extension Dictionary: JSONStringKeyedDecodable where Key == String, Value: Decodable {
    static func decodeMembers(_ members: [String: JSONValue], _ decoder: JSONTreeDecoder) throws -> Self {
        var table: [String: Value] = [:]
        table.reserveCapacity(members.count)
        for (name, member) in members {
            table[name] = try decoder.decode(Value.self, member, at: .key(JSONPathKey(stringValue: name)))
        }
        return table
    }
}

struct JSONKeyedDecoding<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: JSONValue]
    let decoder: JSONTreeDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { members.keys.compactMap(Key.init(stringValue:)) }
    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    func member(_ key: Key) throws -> JSONValue {
        guard let v = members[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: decoder.codingPath,
                                                       debugDescription: "no member \(key.stringValue)"))
        }
        return v
    }

    func decodeNil(forKey key: Key) throws -> Bool { try member(key) == .null }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder.bool(member(key), at: .key(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decoder.string(member(key), at: .key(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decoder.double(member(key), at: .key(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decoder.float(member(key), at: .key(key)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decoder.integer(member(key), as: type, at: .key(key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decoder.integer(member(key), as: type, at: .key(key)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decoder.integer(member(key), as: type, at: .key(key)) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decoder.integer(member(key), as: type, at: .key(key)) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decoder.integer(member(key), as: type, at: .key(key)) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decoder.integer(member(key), as: type, at: .key(key)) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decoder.integer(member(key), as: type, at: .key(key)) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decoder.integer(member(key), as: type, at: .key(key)) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decoder.integer(member(key), as: type, at: .key(key)) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decoder.integer(member(key), as: type, at: .key(key)) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decoder.decode(T.self, member(key), at: .key(key)) }

    /// A member absent or null is nil (one lookup, where the default implementation takes three).
    func present(_ key: Key) -> JSONValue? {
        guard let v = members[key.stringValue], v != .null else { return nil }
        return v
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        guard let v = present(key) else { return nil }; return try decoder.bool(v, at: .key(key))
    }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        guard let v = present(key) else { return nil }; return try decoder.string(v, at: .key(key))
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        guard let v = present(key) else { return nil }; return try decoder.double(v, at: .key(key))
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        guard let v = present(key) else { return nil }; return try decoder.integer(v, as: type, at: .key(key))
    }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        guard let v = present(key) else { return nil }; return try decoder.integer(v, as: type, at: .key(key))
    }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        guard let v = present(key) else { return nil }; return try decoder.integer(v, as: type, at: .key(key))
    }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let v = present(key) else { return nil }
        return try decoder.decode(T.self, v, at: .key(key))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try JSONTreeDecoder(member(key), parent: decoder, at: .key(key)).container(keyedBy: type)
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try JSONTreeDecoder(member(key), parent: decoder, at: .key(key)).unkeyedContainer()
    }
    func superDecoder() throws -> any Decoder {
        JSONTreeDecoder(members["super"] ?? .null, parent: decoder, at: .key(JSONPathKey(stringValue: "super")))
    }
    func superDecoder(forKey key: Key) throws -> any Decoder {
        JSONTreeDecoder(members[key.stringValue] ?? .null, parent: decoder, at: .key(key))
    }
}

struct JSONUnkeyedDecoding: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let decoder: JSONTreeDecoder
    var currentIndex = 0

    init(elements: [JSONValue], decoder: JSONTreeDecoder) {
        self.elements = elements
        self.decoder = decoder
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    mutating func next(_ type: Any.Type) throws -> (JSONValue, JSONPathStep) {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: decoder.path(adding: .index(currentIndex)),
                                                          debugDescription: "the array has no more elements"))
        }
        defer { currentIndex += 1 }
        return (elements[currentIndex], .index(currentIndex))
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }
    mutating func decode(_ type: Bool.Type) throws -> Bool { let (v, s) = try next(type); return try decoder.bool(v, at: s) }
    mutating func decode(_ type: String.Type) throws -> String { let (v, s) = try next(type); return try decoder.string(v, at: s) }
    mutating func decode(_ type: Double.Type) throws -> Double { let (v, s) = try next(type); return try decoder.double(v, at: s) }
    mutating func decode(_ type: Float.Type) throws -> Float { let (v, s) = try next(type); return try decoder.float(v, at: s) }
    mutating func decode(_ type: Int.Type) throws -> Int { let (v, s) = try next(type); return try decoder.integer(v, as: type, at: s) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { let (v, s) = try next(type); return try decoder.integer(v, as: type, at: s) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { let (v, s) = try next(type); return try decoder.integer(v, as: type, at: s) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { let (v, s) = try next(type); return try decoder.integer(v, as: type, at: s) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { let (v, s) = try next(type); return try decoder.integer(v, as: type, at: s) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { let (v, s) = try next(type); return try decoder.integer(v, as: type, at: s) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { let (v, s) = try next(type); return try decoder.integer(v, as: type, at: s) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { let (v, s) = try next(type); return try decoder.integer(v, as: type, at: s) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { let (v, s) = try next(type); return try decoder.integer(v, as: type, at: s) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { let (v, s) = try next(type); return try decoder.integer(v, as: type, at: s) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { let (v, s) = try next(type); return try decoder.decode(T.self, v, at: s) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (v, s) = try next([String: Any].self)
        return try JSONTreeDecoder(v, parent: decoder, at: s).container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (v, s) = try next([Any].self)
        return try JSONTreeDecoder(v, parent: decoder, at: s).unkeyedContainer()
    }
    mutating func superDecoder() throws -> any Decoder {
        let (v, s) = try next(Any.self)
        return JSONTreeDecoder(v, parent: decoder, at: s)
    }
}

struct JSONSingleValueDecoding: SingleValueDecodingContainer {
    let decoder: JSONTreeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    var value: JSONValue { decoder.value }

    func decodeNil() -> Bool { value == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try decoder.bool(value, at: .none) }
    func decode(_ type: String.Type) throws -> String { try decoder.string(value, at: .none) }
    func decode(_ type: Double.Type) throws -> Double { try decoder.double(value, at: .none) }
    func decode(_ type: Float.Type) throws -> Float { try decoder.float(value, at: .none) }
    func decode(_ type: Int.Type) throws -> Int { try decoder.integer(value, as: type, at: .none) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.integer(value, as: type, at: .none) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.integer(value, as: type, at: .none) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.integer(value, as: type, at: .none) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.integer(value, as: type, at: .none) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoder.integer(value, as: type, at: .none) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.integer(value, as: type, at: .none) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.integer(value, as: type, at: .none) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.integer(value, as: type, at: .none) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.integer(value, as: type, at: .none) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decode(T.self, value, at: .none) }
}
