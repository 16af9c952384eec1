import Foundation

/// A type ``JSONValueDecoder`` reads straight from a parsed JSON tree, without keyed
/// containers: the records of a query's reply and of the record store, read by the thousand.
///
/// `read` takes the usual shape only and returns nil for anything else (a member missing or
/// of another type, a number that needs checking, a date that does not parse); the value is
/// then decoded by its `init(from:)`, which words every error. So a value reads the same
/// either way, and so does every error.
///
/// ```swift
/// let record = Record.read(try JSONValue.parse(data))   // nil: decode it with init(from:)
/// ```
protocol JSONTreeReadable {
    static func read(_ value: JSONValue) -> Self?
}

extension JSONValue {
    /// This member as text; `.some(nil)` when absent or null; nil when of another type.
    fileprivate func optionalText(_ name: String) -> String?? {
        guard case .object(let members) = self else { return nil }
        switch members[name] {
        case nil, .null?: return .some(nil)
        case .string(let text)?: return .some(text)
        default: return nil
        }
    }

    /// This member as a list of strings; [] when absent or null; nil when of another shape.
    fileprivate func texts(_ name: String) -> [String]? {
        guard case .object(let members) = self else { return nil }
        switch members[name] {
        case nil, .null?: return []
        case let value?: return value.stringArrayValue
        }
    }
}

extension Record: JSONTreeReadable {
    static func read(_ value: JSONValue) -> Record? {
        guard case .object(let members) = value,
              case .string(let bundle)? = members["bundle"], case .string(let type)? = members["type"],
              case .string(let id)? = members["id"],
              let title = value.optionalText("title"), let subtitle = value.optionalText("subtitle"),
              let synonyms = value.texts("synonyms"), let keywords = value.texts("keywords"),
              let domain = value.optionalText("domain"), let language = value.optionalText("language") else { return nil }
        var properties: [String: PropertyValue] = [:]
        switch members["properties"] {
        case nil, .null?: break
        case .object(let named)?:
            properties.reserveCapacity(named.count)
            for (name, member) in named {
                guard let property = PropertyValue.read(member) else { return nil }
                properties[name] = property
            }
        default: return nil
        }
        var expiration: Date?
        switch members["expiration"] {
        case nil, .null?: break
        case .string(let text)?:
            guard let date = ISO8601.date(from: text) else { return nil }
            expiration = date
        default: return nil
        }
        var rankingHint: Int?
        switch members["rankingHint"] {
        case nil, .null?: break
        case .int(let hint)? where (0...100).contains(hint): rankingHint = Int(hint)
        default: return nil
        }
        return Record(bundle: bundle, type: type, id: id, title: title ?? "", subtitle: subtitle, synonyms: synonyms,
                      keywords: keywords, properties: properties, domain: domain, expiration: expiration,
                      rankingHint: rankingHint, language: language)
    }
}

extension PropertyValue: JSONTreeReadable {
    /// The usual shapes: one type key and nothing else, an int that is an int, a finite double.
    static func read(_ value: JSONValue) -> PropertyValue? {
        guard case .object(let members) = value, members.count == 1, let (tag, inner) = members.first else { return nil }
        switch (tag, inner) {
        case ("string", .string(let text)): return .string(text)
        case ("int", .int(let number)): return .int(Int(number))
        case ("double", .double(let number)) where number.isFinite: return .double(number)
        case ("bool", .bool(let flag)): return .bool(flag)
        case ("date", .string(let text)): return ISO8601.date(from: text).map { .date($0) }
        case ("url", .string(let text)): return URL(string: text).map { .url($0) }
        case ("enum", .string(let text)): return .enumCase(text)
        case ("entity", .object(let reference)):
            guard reference.count == 2, case .string(let type)? = reference["type"],
                  case .string(let id)? = reference["id"] else { return nil }
            return .entity(EntityReference(type: type, id: id))
        case ("array", .array(let elements)):
            var values: [PropertyValue] = []
            values.reserveCapacity(elements.count)
            for element in elements {
                guard let read = read(element) else { return nil }
                values.append(read)
            }
            return .array(values)
        default: return nil
        }
    }
}

extension SearchHit: JSONTreeReadable {
    /// The usual shape of a query's hit: a record and a score (a double), nothing else.
    static func read(_ value: JSONValue) -> SearchHit? {
        guard case .object(let members) = value, members.count == 2, let recordValue = members["record"],
              case .double(let score)? = members["score"], score.isFinite,
              let record = Record.read(recordValue) else { return nil }
        return SearchHit(record: record, score: score)
    }
}
