import Foundation

/// Encodes any `Encodable` straight into a ``JSONValue``: the one writer of the wire, the
/// record store and the index (no Foundation `JSONEncoder`, no text in between).
///
/// Numbers keep their kind: an integer type becomes ``JSONValue/int(_:)`` exactly (a `UInt64`
/// above `Int64.max` is refused, since the tree holds 64-bit signed integers), a `Double`
/// becomes ``JSONValue/double(_:)`` (`2.0` stays a double; NaN and infinity are refused, as
/// JSON has no word for them). `Data` is written as base64 text and `URL` as its string, as
/// Foundation's `JSONEncoder` does; `nil` given to `encodeIfPresent` leaves the member out.
///
/// ```swift
/// let value = try JSONValueEncoder().encode(SearchQuery(text: "saturn", limit: 10))
/// value.serialized()   // {"text":"saturn","limit":10,"offset":0} in some member order
/// ```
public struct JSONValueEncoder: Sendable {
    public init() {}

    /// - Throws: `EncodingError.invalidValue` for a NaN or infinite number, or a `UInt64`
    ///   beyond `Int64.max`.
    public func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        let encoder = JSONTreeEncoder(parent: nil, at: .none)
        return try encoder.box(value, at: .none)
    }
}

/// What one encoder (or nested container) has written so far; containers asked for later
/// write into the same storage, so it is a reference until ``JSONTreeEncoder/finished``.
final class JSONObjectStorage {
    /// In the order written; made a dictionary once, at its final size, by ``object``
    /// (growing a dictionary member by member rehashed it at every doubling).
    var members: [(String, JSONValue)] = []
    /// Nested containers and super encoders, read when the value is finished.
    var pending: [(String, JSONTreeEncoder)] = []

    /// The members, a later one of the same name replacing an earlier one.
    var object: [String: JSONValue] {
        var table = [String: JSONValue](minimumCapacity: members.count + pending.count)
        for (name, value) in members { table[name] = value }
        for (name, nested) in pending { table[name] = nested.finished }
        return table
    }
}

final class JSONArrayStorage {
    var elements: [JSONValue] = []
    var pending: [(Int, JSONTreeEncoder)] = []
}

final class JSONTreeEncoder: Encoder, JSONPathNode {
    enum Storage {
        case empty
        case value(JSONValue)
        case object(JSONObjectStorage)
        case array(JSONArrayStorage)
    }

    var storage = Storage.empty
    let parent: JSONTreeEncoder?
    let step: JSONPathStep

    init(parent: JSONTreeEncoder?, at step: JSONPathStep) {
        self.parent = parent
        self.step = step
    }

    var codingPath: [any CodingKey] { path(adding: .none) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The value written, nested containers folded in (`{}` when nothing was written).
    var finished: JSONValue {
        switch storage {
        case .empty: return .object([:])
        case .value(let v): return v
        case .object(let o): return .object(o.object)
        case .array(let a):
            var elements = a.elements
            for (index, nested) in a.pending { elements[index] = nested.finished }
            return .array(elements)
        }
    }

    func objectStorage() -> JSONObjectStorage {
        if case .object(let o) = storage { return o }
        let o = JSONObjectStorage()
        storage = .object(o)
        return o
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(JSONKeyedEncoding<Key>(storage: objectStorage(), encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array(let a) = storage { return JSONUnkeyedEncoding(storage: a, encoder: self) }
        let a = JSONArrayStorage()
        storage = .array(a)
        return JSONUnkeyedEncoding(storage: a, encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { JSONSingleValueEncoding(encoder: self) }

    // MARK: Writing one value

    func double(_ d: Double, at step: JSONPathStep) throws -> JSONValue {
        guard d.isFinite else {
            throw EncodingError.invalidValue(d, .init(codingPath: path(adding: step),
                debugDescription: "\(d) has no JSON form; a number must be finite"))
        }
        return .double(d)
    }

    func integer<T: BinaryInteger>(_ n: T, at step: JSONPathStep) throws -> JSONValue {
        guard let exact = Int64(exactly: n) else {
            throw EncodingError.invalidValue(n, .init(codingPath: path(adding: step),
                debugDescription: "\(n) is beyond Int64.max, the largest integer a JSON value here holds exactly"))
        }
        return .int(exact)
    }

    /// Any Encodable as a value at `step` below this encoder; the types JSON spells specially first.
    func box<T: Encodable>(_ value: T, at step: JSONPathStep) throws -> JSONValue {
        // Comparing metadata is cheap; a dynamic cast per value was not.
        if T.self == String.self { return .string(value as! String) }
        if T.self == Int.self { return .int(Int64(value as! Int)) }
        if T.self == Bool.self { return .bool(value as! Bool) }
        if T.self == Double.self { return try double(value as! Double, at: step) }
        if T.self == JSONValue.self { return value as! JSONValue }
        if T.self == Int64.self { return .int(value as! Int64) }
        if T.self == UInt64.self { return try integer(value as! UInt64, at: step) }
        if T.self == Data.self { return .string((value as! Data).base64EncodedString()) }
        if T.self == URL.self { return .string((value as! URL).absoluteString) }
        // A metatype cast is cheaper than casting the value itself, which most values fail.
        if T.self is any JSONStringKeyedEncodable.Type, let table = value as? any JSONStringKeyedEncodable {
            return try table.encodeMembers(JSONTreeEncoder(parent: self, at: step))
        }
        if T.self is any JSONTreeWritable.Type, let tree = (value as! any JSONTreeWritable).jsonTree { return tree }
        do {
            let nested = JSONTreeEncoder(parent: self, at: step)
            try value.encode(to: nested)
            return nested.finished
        }
    }
}

/// A dictionary keyed by strings, written straight as an object's members (without
/// Dictionary's own encode(to:), which makes a coding key per member).
protocol JSONStringKeyedEncodable {
    func encodeMembers(_ encoder: JSONTreeEncoder) throws -> JSONValue
}

extension Dictionary: JSONStringKeyedEncodable where Key == String, Value: Encodable {
    func encodeMembers(_ encoder: JSONTreeEncoder) throws -> JSONValue {
        var members: [String: JSONValue] = [:]
        members.reserveCapacity(count)
        for (name, value) in self {
            members[name] = try encoder.box(value, at: .key(JSONPathKey(stringValue: name)))
        }
        return .object(members)
    }
}

struct JSONKeyedEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let storage: JSONObjectStorage
    let encoder: JSONTreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    func set(_ value: JSONValue, _ key: Key) { storage.members.append((key.stringValue, value)) }

    mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(try encoder.double(value, at: .key(key)), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { set(try encoder.double(Double(value), at: .key(key)), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(.int(Int64(value)), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(.int(Int64(value)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(.int(Int64(value)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(.int(Int64(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(.int(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(try encoder.integer(value, at: .key(key)), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(.int(Int64(value)), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(.int(Int64(value)), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(.int(Int64(value)), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(try encoder.integer(value, at: .key(key)), key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { set(try encoder.box(value, at: .key(key)), key) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        nested(key).container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { nested(key).unkeyedContainer() }
    mutating func superEncoder() -> any Encoder {
        let nested = JSONTreeEncoder(parent: encoder, at: .key(JSONPathKey(stringValue: "super")))
        storage.pending.append(("super", nested))
        return nested
    }
    mutating func superEncoder(forKey key: Key) -> any Encoder { nested(key) }

    func nested(_ key: Key) -> JSONTreeEncoder {
        let nested = JSONTreeEncoder(parent: encoder, at: .key(key))
        storage.pending.append((key.stringValue, nested))
        return nested
    }
}

struct JSONUnkeyedEncoding: UnkeyedEncodingContainer {
    let storage: JSONArrayStorage
    let encoder: JSONTreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { storage.elements.count }
    var here: JSONPathStep { .index(storage.elements.count) }

    func append(_ value: JSONValue) { storage.elements.append(value) }

    mutating func encodeNil() throws { append(.null) }
    mutating func encode(_ value: Bool) throws { append(.bool(value)) }
    mutating func encode(_ value: String) throws { append(.string(value)) }
    mutating func encode(_ value: Double) throws { append(try encoder.double(value, at: here)) }
    mutating func encode(_ value: Float) throws { append(try encoder.double(Double(value), at: here)) }
    mutating func encode(_ value: Int) throws { append(.int(Int64(value))) }
    mutating func encode(_ value: Int8) throws { append(.int(Int64(value))) }
    mutating func encode(_ value: Int16) throws { append(.int(Int64(value))) }
    mutating func encode(_ value: Int32) throws { append(.int(Int64(value))) }
    mutating func encode(_ value: Int64) throws { append(.int(value)) }
    mutating func encode(_ value: UInt) throws { append(try encoder.integer(value, at: here)) }
    mutating func encode(_ value: UInt8) throws { append(.int(Int64(value))) }
    mutating func encode(_ value: UInt16) throws { append(.int(Int64(value))) }
    mutating func encode(_ value: UInt32) throws { append(.int(Int64(value))) }
    mutating func encode(_ value: UInt64) throws { append(try encoder.integer(value, at: here)) }
    mutating func encode<T: Encodable>(_ value: T) throws { append(try encoder.box(value, at: here)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        nested().container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { nested().unkeyedContainer() }
    mutating func superEncoder() -> any Encoder { nested() }

    func nested() -> JSONTreeEncoder {
        let nested = JSONTreeEncoder(parent: encoder, at: here)
        storage.pending.append((storage.elements.count, nested))
        storage.elements.append(.null)
        return nested
    }
}

struct JSONSingleValueEncoding: SingleValueEncodingContainer {
    let encoder: JSONTreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    func set(_ value: JSONValue) { encoder.storage = .value(value) }

    mutating func encodeNil() throws { set(.null) }
    mutating func encode(_ value: Bool) throws { set(.bool(value)) }
    mutating func encode(_ value: String) throws { set(.string(value)) }
    mutating func encode(_ value: Double) throws { set(try encoder.double(value, at: .none)) }
    mutating func encode(_ value: Float) throws { set(try encoder.double(Double(value), at: .none)) }
    mutating func encode(_ value: Int) throws { set(.int(Int64(value))) }
    mutating func encode(_ value: Int8) throws { set(.int(Int64(value))) }
    mutating func encode(_ value: Int16) throws { set(.int(Int64(value))) }
    mutating func encode(_ value: Int32) throws { set(.int(Int64(value))) }
    mutating func encode(_ value: Int64) throws { set(.int(value)) }
    mutating func encode(_ value: UInt) throws { set(try encoder.integer(value, at: .none)) }
    mutating func encode(_ value: UInt8) throws { set(.int(Int64(value))) }
    mutating func encode(_ value: UInt16) throws { set(.int(Int64(value))) }
    mutating func encode(_ value: UInt32) throws { set(.int(Int64(value))) }
    mutating func encode(_ value: UInt64) throws { set(try encoder.integer(value, at: .none)) }
    mutating func encode<T: Encodable>(_ value: T) throws { set(try encoder.box(value, at: .none)) }
}
