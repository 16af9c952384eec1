import Foundation

/// Fast conversions between JSON text and ``JSONValue`` through `JSONSerialization`.
///
/// Decoding a `JSONValue` with `Codable` tries each JSON type in turn and pays for a
/// `DecodingError` per miss; on the daemon's query path that was 40% of the CPU. These
/// parse and print in one pass.
///
/// ```swift
/// let value = try JSONValue.parse(Data(#"{"a":[1,true,"x"]}"#.utf8))
/// let text = try value.serialized()
/// ```
extension JSONValue {
    /// Parses JSON text; any value may stand at the top.
    /// - Throws: the `JSONSerialization` error for text that is not JSON.
    public static func parse(_ data: Data) throws -> JSONValue {
        JSONValue(foundation: try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
    }

    /// This value as JSON text (no spaces; slashes not escaped).
    public func serialized() throws -> Data {
        try JSONSerialization.data(withJSONObject: foundationObject, options: [.fragmentsAllowed, .withoutEscapingSlashes])
    }

    /// A value from what `JSONSerialization` returns.
    init(foundation object: Any) {
        switch object {
        case let string as String: self = .string(string)
        case let number as NSNumber:
            // Booleans come back as NSNumber too; their Objective-C type is "c".
            if String(cString: number.objCType) == "c" { self = .bool(number.boolValue) } else { self = .number(number.doubleValue) }
        case let array as [Any]: self = .array(array.map(JSONValue.init(foundation:)))
        case let object as [String: Any]: self = .object(object.mapValues(JSONValue.init(foundation:)))
        default: self = .null
        }
    }

    /// What `JSONSerialization` writes.
    var foundationObject: Any {
        switch self {
        case .null: return NSNull()
        case .bool(let b): return NSNumber(value: b)
        case .number(let n):
            if n.rounded() == n, abs(n) < 9e15 { return NSNumber(value: Int64(n)) }
            return NSNumber(value: n)
        case .string(let s): return s
        case .array(let a): return a.map(\.foundationObject)
        case .object(let o): return o.mapValues(\.foundationObject)
        }
    }
}
