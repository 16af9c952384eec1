import Foundation
import SpotlightModel

/// JSON text as the record store and the index keep it: written by ``JSONValueEncoder`` with
/// keys sorted and slashes unescaped, read by ``JSONValueDecoder`` (numbers exact both ways).
///
/// Text written before by Foundation's JSONEncoder (a double 2.0 as `2`, slashes escaped, keys
/// in its order) reads back as the same values; `StoredJSONTests` keep such text.
///
/// ```swift
/// let data = try StoredJSON.encode(record)
/// let again = try StoredJSON.decode(Record.self, from: data)
/// ```
enum StoredJSON {
    static func encode<T: Encodable>(_ value: T) throws -> Data {
        try JSONValueEncoder().encode(value).serializedWithSortedKeys()
    }

    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try JSONValueDecoder().decode(T.self, from: JSONValue.parse(data))
    }

    /// ``decode(_:from:)-(_,Data)`` of bytes it does not copy (valid only during the call).
    static func decode<T: Decodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer) throws -> T {
        try JSONValueDecoder().decode(T.self, from: JSONValue.parse(bytes: bytes))
    }

    /// A record: read straight from the text when it has the usual shape
    /// (``Record/read(text:)``, no tree between), else decoded as above, which words the error.
    static func decodeRecord(from bytes: UnsafeRawBufferPointer) throws -> Record {
        try Record.read(text: bytes) ?? decode(Record.self, from: bytes)
    }
}
