import Foundation

/// A typed property value of a record.
///
/// JSON form: an object with exactly one key naming the type, so a value never changes
/// type on a round trip: `{"string":"Roof"}`, `{"int":3}`, `{"double":2.5}`,
/// `{"bool":true}`, `{"date":"2026-06-01T20:00:00Z"}`, `{"url":"https://example.com"}`,
/// `{"enum":"red"}`, `{"entity":{"type":"CalendarEntity","id":"C1"}}`,
/// `{"array":[{"string":"a"},{"string":"b"}]}`.
public enum PropertyValue: Codable, Hashable, Sendable {
    case string(String)
    case int(Int)
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
        guard c.allKeys.count == 1, let tag = c.allKeys.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                debugDescription: "a property value is an object with exactly one of the keys "
                    + Tag.allCases.map(\.rawValue).joined(separator: ", ")))
        }
        switch tag {
        case .string: self = .string(try c.decode(String.self, forKey: tag))
        case .int: self = .int(try c.decode(Int.self, forKey: tag))
        case .double: self = .double(try c.decode(Double.self, forKey: tag))
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
        case .array: self = .array(try c.decode([PropertyValue].self, forKey: tag))
        }
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

/// ISO 8601 dates as the project writes and reads them: UTC with fractional seconds on
/// output; with or without fractional seconds, or a plain `YYYY-MM-DD` day, on input.
public enum ISO8601 {
    public static func string(from date: Date) -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return f.string(from: date)
    }

    public static func date(from text: String) -> Date? {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let d = f.date(from: text) { return d }
        f.formatOptions = [.withInternetDateTime]
        if let d = f.date(from: text) { return d }
        f.formatOptions = [.withFullDate]
        return f.date(from: text)
    }
}
