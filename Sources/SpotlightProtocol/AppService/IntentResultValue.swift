import Foundation
import SpotlightModel

/// What `runIntent` returns: the value the intent's `perform()` gave in `.result(value:)`.
///
/// JSON form: `null` for no value; `{"value": <PropertyValue>}` for a string, number, bool,
/// date, URL or enum case; `{"entity": <Record>}` for an entity, in its full
/// representation; `{"array": [<IntentResultValue>, ...]}` for an array.
///
/// ```swift
/// if case .entity(let record) = result.value { print(record.title) }
/// ```
public indirect enum IntentResultValue: Codable, Hashable, Sendable {
    /// The intent returned no value (`.result()`), or a `nil` optional.
    case none
    /// A primitive or an enum case (`.enumCase(rawValue)`).
    case value(PropertyValue)
    /// An entity, in the same representation the entity queries return.
    case entity(Record)
    case array([IntentResultValue])

    private enum Tag: String, CodingKey { case value, entity, array }

    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), single.decodeNil() {
            self = .none
            return
        }
        let c = try decoder.container(keyedBy: Tag.self)
        guard c.allKeys.count == 1, let tag = c.allKeys.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                debugDescription: "an intent result is null or an object with exactly one of the keys value, entity, array"))
        }
        switch tag {
        case .value: self = .value(try c.decode(PropertyValue.self, forKey: tag))
        case .entity: self = .entity(try c.decode(Record.self, forKey: tag))
        case .array: self = .array(try c.decode([IntentResultValue].self, forKey: tag))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .none:
            var c = encoder.singleValueContainer()
            try c.encodeNil()
        case .value(let v):
            var c = encoder.container(keyedBy: Tag.self)
            try c.encode(v, forKey: .value)
        case .entity(let r):
            var c = encoder.container(keyedBy: Tag.self)
            try c.encode(r, forKey: .entity)
        case .array(let vs):
            var c = encoder.container(keyedBy: Tag.self)
            try c.encode(vs, forKey: .array)
        }
    }
}
