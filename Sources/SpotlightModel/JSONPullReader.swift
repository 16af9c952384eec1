import Foundation

/// Pulling values of a known shape out of JSON text one token at a time, with no
/// ``JSONValue`` tree between: what ``Record/read(text:)`` is made of. Every method returns
/// nil (or false) where the text leaves the expected shape, and the caller gives up and
/// parses the text the usual way, which words the error.
///
/// ```swift
/// var reader = JSONPullReader(bytes: text)
/// guard reader.open(UInt8(ascii: "{")) == true, let name = reader.memberName(),
///       JSONPullReader.equal(name, "id"), let id = reader.string() else { return nil }
/// ```
struct JSONPullReader {
    var parser: JSONTextParser

    init(bytes: UnsafeRawBufferPointer) {
        parser = JSONTextParser(bytes: bytes.bindMemory(to: UInt8.self))
    }

    private var bytes: UnsafeBufferPointer<UInt8> { parser.bytes }

    /// Whether only whitespace is left.
    mutating func atEnd() -> Bool {
        parser.skipSpace()
        return parser.i == bytes.count
    }

    /// Opens an object or array: true when a member or element follows, false when it is empty.
    /// Nesting counts as the tree's parse counts it, so both refuse the same depth.
    mutating func open(_ bracket: UInt8) -> Bool? {
        parser.skipSpace()
        guard parser.i < bytes.count, bytes[parser.i] == bracket, (try? parser.nest()) != nil else { return nil }
        parser.i += 1
        parser.skipSpace()
        let closing = bracket == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
        if parser.i < bytes.count, bytes[parser.i] == closing { parser.i += 1; parser.depth -= 1; return false }
        return true
    }

    /// After a member or element: true after a comma (another follows), false after `closing`.
    mutating func close(_ closing: UInt8) -> Bool? {
        parser.skipSpace()
        guard parser.i < bytes.count else { return nil }
        if bytes[parser.i] == UInt8(ascii: ",") { parser.i += 1; return true }
        if bytes[parser.i] == closing { parser.i += 1; parser.depth -= 1; return false }
        return nil
    }

    mutating func colon() -> Bool {
        parser.skipSpace()
        guard parser.i < bytes.count, bytes[parser.i] == UInt8(ascii: ":") else { return false }
        parser.i += 1
        parser.skipSpace()
        return true
    }

    /// A member name without escapes and its colon, as the bytes of the text (no String made).
    mutating func memberName() -> UnsafeBufferPointer<UInt8>? {
        parser.skipSpace()
        guard parser.i < bytes.count, bytes[parser.i] == UInt8(ascii: "\"") else { return nil }
        let start = parser.i + 1
        parser.i = start
        var bits: UInt8 = 0   // not needed: a name is only compared with ASCII words
        parser.skipPlainText(&bits)
        let end = parser.i
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return nil }
        parser.i = end + 1
        guard colon() else { return nil }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    /// A member name of any text (escapes too) and its colon, as a String: a dictionary's key.
    mutating func memberKey() -> String? {
        parser.skipSpace()
        guard parser.i < bytes.count, bytes[parser.i] == UInt8(ascii: "\""), let name = try? parser.string(), colon() else { return nil }
        return name
    }

    /// Consumes `null` when it comes next.
    mutating func nullValue() -> Bool {
        guard parser.i < bytes.count, bytes[parser.i] == UInt8(ascii: "n") else { return false }
        return (try? parser.literal("null")) != nil
    }

    mutating func string() -> String? {
        guard parser.i < bytes.count, bytes[parser.i] == UInt8(ascii: "\"") else { return nil }
        return try? parser.string()
    }

    mutating func strings() -> [String]? {
        var texts: [String] = []
        guard var more = open(UInt8(ascii: "[")) else { return nil }
        while more {
            parser.skipSpace()
            guard let text = string() else { return nil }
            texts.append(text)
            guard let next = close(UInt8(ascii: "]")) else { return nil }
            more = next
        }
        return texts
    }

    /// A number as the tree reads it: `.int` or `.double`.
    mutating func number() -> JSONValue? {
        guard parser.i < bytes.count, bytes[parser.i] == UInt8(ascii: "-") || JSONTextParser.isDigit(bytes[parser.i]) else { return nil }
        return try? parser.number()
    }

    mutating func bool() -> Bool? {
        guard parser.i < bytes.count else { return nil }
        if bytes[parser.i] == UInt8(ascii: "t") { return (try? parser.literal("true")) != nil ? true : nil }
        if bytes[parser.i] == UInt8(ascii: "f") { return (try? parser.literal("false")) != nil ? false : nil }
        return nil
    }

    static func equal(_ name: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        name.count == word.utf8CodeUnitCount && memcmp(name.baseAddress!, word.utf8Start, name.count) == 0
    }
}
