import Foundation

/// Any JSON value; used where a message carries data whose shape is not fixed
/// (intent arguments, results, JSON-RPC ids and params).
///
/// Numbers keep what their text said. An integer literal (no fraction, no exponent) that
/// fits 64 bits is ``int(_:)``, exactly; any other number is ``double(_:)``: a literal with a
/// fraction or an exponent, an integer too large for 64 bits, and `-0` (whose sign only a
/// double keeps). Writing is the inverse, so text → value → text → value is the identity:
/// an int is written as its digits, a double always with a fraction or an exponent
/// (`2.0`, `-0.0`, `1e+308`, `5e-324`) in the shortest form that reads back bit for bit.
///
/// ```swift
/// let value = try JSONValue.parse(Data(#"[9223372036854775807, 2.0, -0]"#.utf8))
/// // .array([.int(9223372036854775807), .double(2.0), .double(-0.0)])
/// String(decoding: value.serialized(), as: UTF8.self)   // [9223372036854775807,2.0,-0.0]
/// ```
public enum JSONValue: Codable, Hashable, Sendable {
    case null
    case bool(Bool)
    /// An integer literal, exact.
    case int(Int64)
    /// Any other number: a literal with a fraction or an exponent, or one beyond 64 bits.
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Through another format's decoder the text is not visible, so an integral double read by
    /// Foundation's JSONDecoder (`2.0`) comes back as an int, and JSONEncoder writes the double
    /// 2.0 as `2`. ``JSONValueDecoder`` and ``JSONValueEncoder`` hand a `JSONValue` member over
    /// as it is, so through them (``init(encoding:)``, ``decode(_:)``) every number keeps its kind.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let i = try? c.decode(Int64.self) {
            // -0 decodes as the integer 0; only the double keeps its sign.
            if i == 0, let d = try? c.decode(Double.self), d.sign == .minus { self = .double(d) } else { self = .int(i) }
        }
        else if let n = try? c.decode(Double.self) { self = .double(n) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([JSONValue].self) { self = .array(a) }
        else { self = .object(try c.decode([String: JSONValue].self)) }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case .bool(let b): try c.encode(b)
        case .int(let i): try c.encode(i)
        case .double(let d): try c.encode(d)
        case .string(let s): try c.encode(s)
        case .array(let a): try c.encode(a)
        case .object(let o): try c.encode(o)
        }
    }

    public subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    /// The largest magnitude up to which every integer is a double: 2^53.
    public static let exactDoubleIntegerLimit: Double = 9_007_199_254_740_992

    public var stringValue: String? { if case .string(let s) = self { return s }; return nil }
    /// A number as a double: a double as it is, an int converted (rounded beyond 2^53).
    public var doubleValue: Double? {
        switch self {
        case .double(let d): return d
        case .int(let i): return Double(i)
        default: return nil
        }
    }
    /// An integer: an int, or a double that is a whole number below 2^53 in magnitude
    /// (`10.0`; beyond 2^53 a double's text may have been rounded on the way in).
    public var int64Value: Int64? {
        switch self {
        case .int(let i): return i
        case .double(let d) where d.rounded() == d && abs(d) < Self.exactDoubleIntegerLimit: return Int64(d)
        default: return nil
        }
    }
    /// ``int64Value`` as an `Int` (64 bits on every platform this project builds for).
    public var intValue: Int? { int64Value.flatMap { Int(exactly: $0) } }
    public var boolValue: Bool? { if case .bool(let b) = self { return b }; return nil }
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { return a }; return nil }
    public var objectValue: [String: JSONValue]? { if case .object(let o) = self { return o }; return nil }
    /// An array of strings only; nil when any element is not a string.
    public var stringArrayValue: [String]? {
        guard case .array(let items) = self else { return nil }
        var strings: [String] = []
        strings.reserveCapacity(items.count)
        for item in items {
            guard case .string(let s) = item else { return nil }
            strings.append(s)
        }
        return strings
    }

    /// Converts any Encodable into a JSONValue with ``JSONValueEncoder`` (integers exact,
    /// doubles kept doubles).
    ///
    /// ```swift
    /// let value = try JSONValue(encoding: record)   // record["properties"]?["n"] == .object(["int": .int(3)])
    /// ```
    public init<T: Encodable>(encoding value: T) throws {
        self = try JSONValueEncoder().encode(value)
    }

    /// Decodes this value as `T` with ``JSONValueDecoder`` (numbers read exactly).
    ///
    /// ```swift
    /// let query = try JSONValue.object(["text": .string("saturn")]).decode(SearchQuery.self)
    /// ```
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONValueDecoder().decode(T.self, from: self)
    }
}
