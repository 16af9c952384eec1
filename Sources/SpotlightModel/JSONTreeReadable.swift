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
///
/// `package`: the protocol's messages (SpotlightProtocol) read their usual shapes this way too.
package protocol JSONTreeReadable {
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
    package static func read(_ value: JSONValue) -> Record? {
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
    package static func read(_ value: JSONValue) -> PropertyValue? {
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
    package static func read(_ value: JSONValue) -> SearchHit? {
        guard case .object(let members) = value, members.count == 2, let recordValue = members["record"],
              case .double(let score)? = members["score"], score.isFinite,
              let record = Record.read(recordValue) else { return nil }
        return SearchHit(record: record, score: score)
    }
}

extension SearchResult: JSONTreeReadable {
    /// The usual shape of a query's answer: hits of the usual shape, the estimate and bounds
    /// as ints, and the optional texts and lists; facets, timing and anything else go through
    /// `init(from:)`.
    package static func read(_ value: JSONValue) -> SearchResult? {
        guard case .object(let members) = value, case .array(let hitValues)? = members["hits"],
              case .int(let estimate)? = members["estimatedTotal"] else { return nil }
        var hits: [SearchHit] = []
        hits.reserveCapacity(hitValues.count)
        for hitValue in hitValues {
            guard let hit = SearchHit.read(hitValue) else { return nil }
            hits.append(hit)
        }
        var result = SearchResult(hits: hits, estimatedTotal: Int(estimate))
        for (name, member) in members where member != .null {
            switch (name, member) {
            case ("hits", _), ("estimatedTotal", _): break
            case ("totalLowerBound", .int(let bound)): result.totalLowerBound = Int(bound)
            case ("totalUpperBound", .int(let bound)): result.totalUpperBound = Int(bound)
            case ("correctedText", .string(let text)): result.correctedText = text
            case ("retriedWithCorrection", .bool(let retried)): result.retriedWithCorrection = retried
            case ("completions", _):
                guard let texts = member.stringArrayValue else { return nil }
                result.completions = texts
            case ("missingShards", _):
                guard let texts = member.stringArrayValue else { return nil }
                result.missingShards = texts
            case ("inexact", _):
                guard let texts = member.stringArrayValue else { return nil }
                result.inexact = texts
            default: return nil
            }
        }
        return result
    }
}

extension SearchQuery: JSONTreeReadable {
    /// The usual shape of a query: its text, scope, page and flags; a sort, snippets,
    /// spelling, an unknown member (refused) or a value of another type go through
    /// `init(from:)`.
    package static func read(_ value: JSONValue) -> SearchQuery? {
        guard case .object(let members) = value else { return nil }
        var query = SearchQuery(text: nil)
        for (name, member) in members {
            switch (name, member) {
            case (_, .null) where memberNames.contains(name): break   // an unknown name is refused even when null
            case ("text", .string(let text)): query.text = text
            case ("language", .string(let tag)): query.language = tag
            case ("offset", .int(let number)): query.offset = Int(number)
            case ("limit", .int(let number)): query.limit = Int(number)
            case ("completions", .int(let number)): query.completions = Int(number)
            case ("explain", .bool(let flag)): query.explain = flag
            case ("timing", .bool(let flag)): query.timing = flag
            case ("maxIndexWait", .int(let seconds)): query.maxIndexWait = Double(seconds)
            case ("maxIndexWait", .double(let seconds)): query.maxIndexWait = seconds
            case ("bundles", _), ("types", _), ("facets", _):
                guard let texts = member.stringArrayValue else { return nil }
                switch name {
                case "bundles": query.bundles = texts
                case "types": query.types = texts
                default: query.facets = texts
                }
            default: return nil
            }
        }
        return query
    }
}
