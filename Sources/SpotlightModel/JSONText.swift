import Foundation

/// Reading and writing JSON text for ``JSONValue`` in one pass over UTF-8 bytes.
///
/// Decoding a `JSONValue` with `Codable` tries each JSON type in turn and pays for a
/// `DecodingError` per miss, and Foundation's `JSONSerialization` bridges every value
/// through `NSObject` on Linux; on the daemon's query path those were most of the CPU.
///
/// ```swift
/// let value = try JSONValue.parse(Data(#"{"a":[1,true,"x"]}"#.utf8))
/// let text = value.serialized()   // {"a":[1,true,"x"]}
/// ```
extension JSONValue {
    /// Nesting deeper than this is refused (a parse error, never a stack overflow).
    public static let maxParseDepth = 512

    /// Parses JSON text; any value may stand at the top, surrounded by whitespace.
    /// - Throws: ``JSONParseError`` saying what is wrong and at which byte.
    public static func parse(_ data: Data) throws -> JSONValue {
        try data.withUnsafeBytes(parse(bytes:))
    }

    /// ``parse(_:)`` of bytes someone else owns (a SQLite column, a reused buffer), without
    /// copying them into `Data` first.
    /// - Throws: ``JSONParseError`` saying what is wrong and at which byte.
    public static func parse(bytes: UnsafeRawBufferPointer) throws -> JSONValue {
        var parser = JSONTextParser(bytes: bytes.bindMemory(to: UInt8.self))
        return try parser.document()
    }

    /// This value as compact JSON text (slashes not escaped): ints as their digits, doubles
    /// always with a fraction or an exponent, so each number reads back as the same kind.
    public func serialized() -> Data {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        JSONTextWriter.write(self, sortingKeys: false, into: &out)
        return Data(out)
    }

    /// Appends the text ``serialized()`` returns to `out`, without a `Data` between; with
    /// `sortingKeys`, the text ``serializedWithSortedKeys()`` returns.
    package func write(into out: inout [UInt8], sortingKeys: Bool = false) {
        JSONTextWriter.write(self, sortingKeys: sortingKeys, into: &out)
    }

    /// ``serialized()`` with every object's members in the order of their names' UTF-8 bytes,
    /// so equal values are equal text (the record store's form, docs/records.md).
    ///
    /// ```swift
    /// JSONValue.object(["b": .int(1), "a": .int(2)]).serializedWithSortedKeys()   // {"a":2,"b":1}
    /// ```
    public func serializedWithSortedKeys() -> Data {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        JSONTextWriter.write(self, sortingKeys: true, into: &out)
        return Data(out)
    }
}

/// Why JSON text could not be parsed.
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    /// The byte offset where it went wrong.
    public var offset: Int
    public var description: String { "\(message) at byte \(offset)" }
}

struct JSONTextParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0
    var depth = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    func fail(_ message: String) -> JSONParseError { JSONParseError(message: message, offset: i) }

    mutating func document() throws -> JSONValue {
        let value = try self.value()
        skipSpace()
        guard i == bytes.count else { throw fail("unexpected text after the JSON value") }
        return value
    }

    mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    mutating func value() throws -> JSONValue {
        skipSpace()
        guard i < bytes.count else { throw fail("unexpected end of the text") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default:
            // A byte of a multi-byte character (a byte order mark's 0xEF) is not that Latin-1 letter.
            guard bytes[i] < 0x80 else {
                throw fail("unexpected byte 0x\(String(bytes[i], radix: 16, uppercase: true))"
                    + (bytes[i...].starts(with: [0xEF, 0xBB, 0xBF]) ? " (a UTF-8 byte order mark)" : ""))
            }
            throw fail("unexpected character '\(Character(Unicode.Scalar(bytes[i])))'")
        }
    }

    mutating func literal(_ word: StaticString) throws {
        let count = word.utf8CodeUnitCount
        guard i + count <= bytes.count else { throw fail("unexpected end of the text") }
        for k in 0..<count where bytes[i + k] != word.utf8Start[k] { throw fail("invalid literal") }
        i += count
    }

    mutating func nest() throws {
        depth += 1
        guard depth <= JSONValue.maxParseDepth else { throw fail("nesting deeper than \(JSONValue.maxParseDepth)") }
    }

    mutating func object() throws -> JSONValue {
        try nest()
        defer { depth -= 1 }
        i += 1
        var members: [String: JSONValue] = [:]
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a member name in quotes") }
            let key = try string()
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected ':' after a member name") }
            i += 1
            members[key] = try value()
            skipSpace()
            guard i < bytes.count else { throw fail("unexpected end of the text in an object") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
            throw fail("expected ',' or '}' in an object")
        }
    }

    mutating func array() throws -> JSONValue {
        try nest()
        defer { depth -= 1 }
        i += 1
        var elements: [JSONValue] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(elements) }
        while true {
            elements.append(try value())
            skipSpace()
            guard i < bytes.count else { throw fail("unexpected end of the text in an array") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(elements) }
            throw fail("expected ',' or ']' in an array")
        }
    }

    /// An integer literal that fits 64 bits is read exactly, digit by digit; anything else
    /// (a fraction, an exponent, more than 64 bits, `-0`) is a double, correctly rounded.
    mutating func number() throws -> JSONValue {
        let start = i
        let negative = bytes[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        guard i < bytes.count, Self.isDigit(bytes[i]) else { throw fail("a number needs digits") }
        // Accumulated negatively: Int64.min has no positive counterpart.
        var accumulated: Int64 = 0
        var fits = true
        let firstDigit = i
        while i < bytes.count, Self.isDigit(bytes[i]) {
            if fits {
                let (times, o1) = accumulated.multipliedReportingOverflow(by: 10)
                let (next, o2) = times.subtractingReportingOverflow(Int64(bytes[i] - UInt8(ascii: "0")))
                if o1 || o2 { fits = false } else { accumulated = next }
            }
            i += 1
        }
        if bytes[firstDigit] == UInt8(ascii: "0"), i - firstDigit > 1 {
            i = firstDigit + 1
            throw fail("a number must not have leading zeros")
        }
        var integral = true
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            integral = false
            i += 1
            guard try digits() > 0 else { throw fail("a number needs digits after '.'") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            integral = false
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard try digits() > 0 else { throw fail("a number needs digits in its exponent") }
        }
        if integral, fits {
            if !negative { return accumulated == Int64.min ? try double(from: start) : .int(-accumulated) }
            if accumulated != 0 { return .int(accumulated) }
            // "-0": only a double keeps the sign.
        }
        return try double(from: start)
    }

    static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    mutating func digits() throws -> Int {
        let s = i
        while i < bytes.count, Self.isDigit(bytes[i]) { i += 1 }
        return i - s
    }

    /// The text from `start` to here as a double, correctly rounded (infinity beyond the range).
    func double(from start: Int) throws -> JSONValue {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
        guard let value = Double(text) else { throw fail("not a number: \(text)") }
        return .double(value)
    }

    mutating func string() throws -> String {
        i += 1
        let start = i
        // Fast path: no escapes. ASCII text needs no validating (and String(validating:as:),
        // a generic call the compiler cannot specialize here, took a sixth of a reply's parse
        // in looking up generic metadata).
        var bits: UInt8 = 0
        skipPlainText(&bits)
        guard i < bytes.count else { throw fail("unterminated string") }
        if bytes[i] == UInt8(ascii: "\"") {
            let slice = UnsafeBufferPointer(rebasing: bytes[start..<i])
            i += 1
            if bits < 0x80 { return String(decoding: slice, as: UTF8.self) }
            guard let s = String(validating: slice, as: UTF8.self) else { i -= 1; throw fail("a string is not valid UTF-8") }
            return s
        }
        var out = Array(UnsafeBufferPointer(rebasing: bytes[start..<i]))
        while true {
            guard i < bytes.count else { throw fail("unterminated string") }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { i += 1; break }
            guard b >= 0x20 else { throw fail("a control character must be escaped in a string") }
            if b != UInt8(ascii: "\\") {
                // A run up to the next quote, escape or control character, copied whole.
                let run = i
                skipPlainText(&bits)
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<i]))
                continue
            }
            i += 1
            guard i < bytes.count else { throw fail("unterminated escape") }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800..<0xDC00).contains(scalar) {
                    guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                        throw fail("a lone surrogate in \\u escape")
                    }
                    i += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw fail("a lone surrogate in \\u escape") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00..<0xE000).contains(scalar) {
                    throw fail("a lone surrogate in \\u escape")
                }
                out.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar)!)).utf8))
                bits |= 0x80
            default: throw fail("unknown escape '\\\(Character(Unicode.Scalar(e)))'")
            }
        }
        if bits < 0x80 { return String(decoding: out, as: UTF8.self) }
        guard let s = String(validating: out, as: UTF8.self) else { throw fail("a string is not valid UTF-8") }
        return s
    }

    /// Moves up to the next quote, backslash or control character of a string (or the end of
    /// the text), or-ing the bytes passed into `bits` (bit 7: a byte above 0x7F to validate).
    mutating func skipPlainText(_ bits: inout UInt8) {
        skipPlainWords(&bits)
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b < 0x20 { break }
            bits |= b
            i += 1
        }
    }

    /// Moves over a string's text eight bytes at a time while none of them is a quote, a
    /// backslash or a control character (``skipPlainText(_:)`` then finds which one stopped it);
    /// sets bit 7 of `bits` when a byte above 0x7F was passed. A record's description is most
    /// of its bytes, and scanning them one at a time was an eighth of reading a page of hits.
    private mutating func skipPlainWords(_ bits: inout UInt8) {
        guard let base = bytes.baseAddress else { return }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        var seen: UInt64 = 0
        while i + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            // A byte is zero in `x` exactly when some byte of (x - ones) & ~x has bit 7 set (a
            // borrow only ever follows a true zero, so "some byte" is exact).
            let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C)
            let special = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
                | ((word &- ones &* 0x20) & ~word)   // a byte below 0x20
            if special & highs != 0 { break }
            seen |= word
            i += 8
        }
        if seen & highs != 0 { bits |= 0x80 }
    }

    mutating func hex4() throws -> UInt32 {
        guard i + 4 <= bytes.count else { throw fail("a \\u escape needs four hex digits") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[i]
            let d: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = c - UInt8(ascii: "A") + 10
            default: throw fail("a \\u escape needs four hex digits")
            }
            v = v << 4 | UInt32(d)
            i += 1
        }
        return v
    }
}

enum JSONTextWriter {
    static func write(_ value: JSONValue, sortingKeys: Bool, into out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .int(let n): out.append(contentsOf: String(n).utf8)
        case .double(let d):
            // Swift's description is the shortest text that reads back bit for bit, and always
            // has a fraction or an exponent ("2.0", "-0.0", "1e+308"), so it reads back a double.
            // JSON has no NaN or infinity; they are written as null (refused before, where it matters).
            out.append(contentsOf: (d.isFinite ? d.description : "null").utf8)
        case .string(let s): writeString(s, into: &out)
        case .array(let a):
            out.append(UInt8(ascii: "["))
            for (k, element) in a.enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                write(element, sortingKeys: sortingKeys, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let o):
            out.append(UInt8(ascii: "{"))
            var first = true
            func member(_ key: String, _ member: JSONValue) {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                writeString(key, into: &out)
                out.append(UInt8(ascii: ":"))
                write(member, sortingKeys: sortingKeys, into: &out)
            }
            if sortingKeys {
                for key in o.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) { member(key, o[key]!) }
            } else {
                for (key, value) in o { member(key, value) }
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    static let hex = Array("0123456789abcdef".utf8)

    /// Writes `s` quoted, escaping what JSON requires; runs that need no escape are copied whole
    /// (a byte-at-a-time append was the top entry of the daemon's query profile).
    static func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { bytes in
            var runStart = 0
            for (k, b) in bytes.enumerated() where b < 0x20 || b == 0x22 || b == 0x5C {
                if runStart < k { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<k])) }
                writeEscape(b, into: &out)
                runStart = k + 1
            }
            if runStart < bytes.count { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...])) }
        }
        out.append(UInt8(ascii: "\""))
    }

    static func writeEscape(_ b: UInt8, into out: inout [UInt8]) {
        switch b {
        case 0x22: out.append(0x5C); out.append(0x22)
        case 0x5C: out.append(0x5C); out.append(0x5C)
        case 0x0A: out.append(0x5C); out.append(UInt8(ascii: "n"))
        case 0x0D: out.append(0x5C); out.append(UInt8(ascii: "r"))
        case 0x09: out.append(0x5C); out.append(UInt8(ascii: "t"))
        default:
            out.append(contentsOf: "\\u00".utf8)
            out.append(hex[Int(b >> 4)])
            out.append(hex[Int(b & 0xF)])
        }
    }
}
