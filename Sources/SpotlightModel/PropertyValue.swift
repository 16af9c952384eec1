import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A typed property value of a record.
///
/// JSON form: an object with exactly one key naming the type, so a value never changes
/// type on a round trip: `{"string":"Roof"}`, `{"int":3}`, `{"double":2.5}`,
/// `{"bool":true}`, `{"date":"2026-06-01T20:00:00Z"}`, `{"url":"https://example.com"}`,
/// `{"enum":"red"}`, `{"entity":{"type":"CalendarEntity","id":"C1"}}`,
/// `{"array":[{"string":"a"},{"string":"b"}]}`.
///
/// Numbers are exact: an `int` is any 64-bit integer (`Int` is 64 bits on every platform
/// this project builds for), a `double` any finite double, bit for bit (`-0.0`, subnormals).
/// Read by ``JSONValueDecoder`` a number that does not fit its kind is a `DecodingError`
/// carrying ``NumberDoesNotFit`` worded as docs/records.md shows; read by another decoder
/// (Foundation's), that decoder's number rules apply.
public enum PropertyValue: Codable, Hashable, Sendable {
    case string(String)
    /// A 64-bit integer, exactly.
    case int(Int)
    /// A finite double, bit for bit.
    case double(Double)
    case bool(Bool)
    case date(Date)
    case url(URL)
    /// The raw value of an `AppEnum` case.
    case enumCase(String)
    /// A reference to another entity of the same bundle.
    case entity(EntityReference)
    case array([PropertyValue])

    private enum Tag: String, CodingKey, CaseIterable {
        case string, int, double, bool, date, url, `enum`, entity, array
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Tag.self)
        guard let tag = try Self.onlyTag(c, decoder) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                debugDescription: "a property value is an object with exactly one of the keys "
                    + Tag.allCases.map(\.rawValue).joined(separator: ", ")))
        }
        switch tag {
        case .string: self = .string(try c.decode(String.self, forKey: tag))
        case .int: self = .int(try Self.number(c, tag, decoder) { try c.decode(Int.self, forKey: tag) })
        case .double: self = .double(try Self.number(c, tag, decoder) { try c.decode(Double.self, forKey: tag) })
        case .bool: self = .bool(try c.decode(Bool.self, forKey: tag))
        case .date:
            let text = try c.decode(String.self, forKey: tag)
            guard let date = ISO8601.date(from: text) else {
                throw DecodingError.dataCorruptedError(forKey: tag, in: c,
                    debugDescription: "not an ISO 8601 date: \(text)")
            }
            self = .date(date)
        case .url:
            let text = try c.decode(String.self, forKey: tag)
            guard let url = URL(string: text) else {
                throw DecodingError.dataCorruptedError(forKey: tag, in: c, debugDescription: "not a URL: \(text)")
            }
            self = .url(url)
        case .enum: self = .enumCase(try c.decode(String.self, forKey: tag))
        case .entity: self = .entity(try c.decode(EntityReference.self, forKey: tag))
        case .array:
            do {
                self = .array(try c.decode([PropertyValue].self, forKey: tag))
            } catch let error as DecodingError {
                // "element 1 is {"int":1.5}: ..." naming the element, as the record names the property.
                guard let problem = NumberDoesNotFit.carried(by: error), case .dataCorrupted(let context) = error,
                      let element = context.codingPath.dropFirst(decoder.codingPath.count + 1).first?.intValue else { throw error }
                throw Self.doesNotFit("element \(element) " + problem.message, context.codingPath)
            }
        }
    }

    /// The one type key of the object, nil when it has none or several. Through
    /// ``JSONValueDecoder`` the member names are read from the object itself: `allKeys` costs
    /// two array casts per value, the largest part of reading a query's hits.
    private static func onlyTag(_ c: KeyedDecodingContainer<Tag>, _ decoder: any Decoder) throws -> Tag? {
        if let tree = decoder as? JSONTreeDecoder, case .object(let members) = tree.value {
            var found: Tag?
            for name in members.keys {
                guard let tag = Tag(rawValue: name) else { continue }
                if found != nil { return nil }
                found = tag
            }
            return found
        }
        let tags = c.allKeys
        return tags.count == 1 ? tags.first : nil
    }

    /// A number read as its tag's kind; one that does not fit is worded as docs/records.md shows
    /// (`is {"int":2.5}: an int is a whole number from ... to ...`).
    private static func number<N>(_ c: KeyedDecodingContainer<Tag>, _ tag: Tag, _ decoder: any Decoder,
                                  _ read: () throws -> N) throws -> N {
        do {
            return try read()
        } catch let error as DecodingError where NumberDoesNotFit.carried(by: error) != nil {
            let value = (try? c.decode(JSONValue.self, forKey: tag)) ?? .null
            let shown = String(decoding: JSONValue.object([tag.rawValue: value]).serialized(), as: UTF8.self)
            let message: String
            switch (tag, value) {
            case (.double, .double):
                message = "is beyond the range of a double (about ±1.8e308); a double must be finite"
            case (.double, .int(let n)):
                message = "is \(shown): a double cannot hold \(n) exactly; donate it as an int"
            case (.int, .double(let d)) where d.rounded() == d && d.magnitude >= 0x1p63:
                // The digits as typed are gone (read as the nearest double): say what it is.
                message = "is beyond the 64-bit range (about \(d)): an int is a whole number from \(Int64.min) "
                    + "to \(Int64.max); donate it as a double"
            case (.int, .double(let d)) where d.rounded() == d:
                message = "is a whole number written with a fraction or exponent at or above 2^53 in magnitude, "
                    + "where a double cannot hold every integer (read as \(Int64(d))): an int is a whole number "
                    + "from \(Int64.min) to \(Int64.max); write it as an integer without a fraction or exponent"
            default:
                message = "is \(shown): an int is a whole number from \(Int64.min) to \(Int64.max); "
                    + "write it as an integer without a fraction or exponent, or donate it as a double"
            }
            throw doesNotFit(message, decoder.codingPath)
        }
    }

    static func doesNotFit(_ message: String, _ codingPath: [any CodingKey]) -> DecodingError {
        .dataCorrupted(.init(codingPath: codingPath, debugDescription: message,
                             underlyingError: NumberDoesNotFit(message: message)))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Tag.self)
        switch self {
        case .string(let v): try c.encode(v, forKey: .string)
        case .int(let v): try c.encode(v, forKey: .int)
        case .double(let v): try c.encode(v, forKey: .double)
        case .bool(let v): try c.encode(v, forKey: .bool)
        case .date(let v): try c.encode(ISO8601.string(from: v), forKey: .date)
        case .url(let v): try c.encode(v.absoluteString, forKey: .url)
        case .enumCase(let v): try c.encode(v, forKey: .enum)
        case .entity(let v): try c.encode(v, forKey: .entity)
        case .array(let v): try c.encode(v, forKey: .array)
        }
    }

    /// The words this value contributes to free-text search (strings, enum raw values,
    /// URLs; arrays flattened). Numbers, dates and bools are matched by ranges and
    /// filters, not as words.
    public var searchableText: [String] {
        switch self {
        case .string(let v), .enumCase(let v): return [v]
        case .url(let v): return [v.absoluteString]
        case .array(let vs): return vs.flatMap(\.searchableText)
        case .int, .double, .bool, .date, .entity: return []
        }
    }

    /// The doubles this value holds (arrays flattened).
    var doubles: [Double] {
        switch self {
        case .double(let number): return [number]
        case .array(let values): return values.flatMap(\.doubles)
        default: return []
        }
    }

    /// The dates this value holds (arrays flattened).
    var dates: [Date] {
        switch self {
        case .date(let date): return [date]
        case .array(let values): return values.flatMap(\.dates)
        default: return []
        }
    }
}

/// A reference from one entity to another, by entity type and identifier.
public struct EntityReference: Codable, Hashable, Sendable {
    public var type: String
    public var id: String
    public init(type: String, id: String) {
        self.type = type
        self.id = id
    }
}

/// ISO 8601 dates as the project writes and reads them: UTC with milliseconds on output
/// (`2026-06-01T20:00:00.000Z`; dates are kept to the millisecond); on input `YYYY-MM-DD`, or that with `THH:MM:SS`, optional
/// fractional seconds and `Z` or an offset (`+02:00`, `+0200`). Years 0001–9999. Anything else
/// is refused rather than guessed at.
public enum ISO8601 {
    public static func string(from date: Date) -> String {
        let totalMilliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        var seconds = time_t(floor(totalMilliseconds / 1000))
        let milliseconds = Int(totalMilliseconds - Double(seconds) * 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ n: Int32, _ width: Int) -> String {
            let digits = String(n)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T"
            + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2)).\(pad(Int32(milliseconds), 3))Z"
    }

    public static func date(from text: String) -> Date? {
        let b = Array(text.utf8)
        var i = 0
        func number(_ width: Int) -> Int? {
            guard i + width <= b.count else { return nil }
            var n = 0
            for k in i..<i + width {
                guard (48...57).contains(b[k]) else { return nil }
                n = n * 10 + Int(b[k] - 48)
            }
            i += width
            return n
        }
        func expect(_ c: Character) -> Bool {
            guard i < b.count, b[i] == c.asciiValue else { return false }
            i += 1
            return true
        }
        guard let year = number(4), (1...9999).contains(year), expect("-"),
              let month = number(2), (1...12).contains(month), expect("-"),
              let day = number(2), (1...31).contains(day) else { return nil }
        var hour = 0, minute = 0, second = 0
        var fraction = 0.0
        var offset = 0
        if i < b.count {
            guard expect("T"), let h = number(2), h < 24, expect(":"), let m = number(2), m < 60, expect(":"),
                  let sec = number(2), sec < 61 else { return nil }
            (hour, minute, second) = (h, m, sec)
            if expect(".") {
                let start = i
                var scale = 0.1
                while i < b.count, (48...57).contains(b[i]) {
                    fraction += Double(b[i] - 48) * scale
                    scale /= 10
                    i += 1
                }
                guard i > start else { return nil }
            }
            if expect("Z") {
                offset = 0
            } else if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
                let sign = b[i] == UInt8(ascii: "-") ? -1 : 1
                i += 1
                guard let oh = number(2), oh < 24 else { return nil }
                _ = expect(":")
                guard let om = number(2), om < 60 else { return nil }
                offset = sign * (oh * 3600 + om * 60)
            } else {
                return nil
            }
        }
        guard i == b.count else { return nil }
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month - 1)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(hour)
        parts.tm_min = Int32(minute)
        parts.tm_sec = Int32(second)
        let seconds = timegm(&parts)
        // timegm normalises 31 February into March: refuse days the month does not have.
        guard parts.tm_mday == Int32(day) else { return nil }
        // Kept to the millisecond, as written, so text -> date -> text -> date is stable.
        let milliseconds = Double(seconds - offset) * 1000 + (fraction * 1000).rounded()
        // In UTC too, years 0001-9999: an offset or the rounding must not carry it out of them
        // (9999-12-31T23:00:00-02:00), where the written form would not read back.
        guard Self.milliseconds.contains(milliseconds) else { return nil }
        return Date(timeIntervalSince1970: milliseconds / 1000)
    }

    /// The first and past the last millisecond of the years 0001-9999, in UTC.
    static let milliseconds = -62_135_596_800_000.0..<253_402_300_800_000.0

    /// Whether `date` falls in the years 0001-9999 that dates are written in.
    public static func canWrite(_ date: Date) -> Bool { milliseconds.contains((date.timeIntervalSince1970 * 1000).rounded()) }
}
