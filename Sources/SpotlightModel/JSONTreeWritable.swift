import Foundation

/// A type ``JSONValueEncoder`` writes straight as a JSON tree, without keyed containers: the
/// records of every donation, encoded by the thousand for the record store. The mirror of
/// ``JSONTreeReadable``.
///
/// `jsonTree` builds the tree `encode(to:)` would and returns nil for anything that needs
/// its checks (a number JSON has no word for); the value is then encoded by `encode(to:)`,
/// which words the error. So a value writes the same either way, and so does every error.
///
/// ```swift
/// let tree = record.jsonTree   // nil: encode it with encode(to:)
/// ```
protocol JSONTreeWritable {
    var jsonTree: JSONValue? { get }
}

extension Record: JSONTreeWritable {
    var jsonTree: JSONValue? {
        var members: [String: JSONValue] = [:]
        members.reserveCapacity(12)
        members["bundle"] = .string(bundle)
        members["type"] = .string(type)
        members["id"] = .string(id)
        members["title"] = .string(title)
        if let subtitle { members["subtitle"] = .string(subtitle) }
        if !synonyms.isEmpty { members["synonyms"] = .array(synonyms.map(JSONValue.string)) }
        if !keywords.isEmpty { members["keywords"] = .array(keywords.map(JSONValue.string)) }
        if !properties.isEmpty {
            var named: [String: JSONValue] = [:]
            named.reserveCapacity(properties.count)
            for (name, property) in properties {
                guard let tree = property.jsonTree else { return nil }
                named[name] = tree
            }
            members["properties"] = .object(named)
        }
        if let domain { members["domain"] = .string(domain) }
        if let expiration { members["expiration"] = .string(ISO8601.string(from: expiration)) }
        if let rankingHint { members["rankingHint"] = .int(Int64(rankingHint)) }
        if let language { members["language"] = .string(language) }
        return .object(members)
    }
}

extension PropertyValue: JSONTreeWritable {
    var jsonTree: JSONValue? {
        let (tag, value): (String, JSONValue)
        switch self {
        case .string(let v): (tag, value) = ("string", .string(v))
        case .int(let v): (tag, value) = ("int", .int(Int64(v)))
        case .double(let v):
            guard v.isFinite else { return nil }
            (tag, value) = ("double", .double(v))
        case .bool(let v): (tag, value) = ("bool", .bool(v))
        case .date(let v): (tag, value) = ("date", .string(ISO8601.string(from: v)))
        case .url(let v): (tag, value) = ("url", .string(v.absoluteString))
        case .enumCase(let v): (tag, value) = ("enum", .string(v))
        case .entity(let v): (tag, value) = ("entity", .object(["type": .string(v.type), "id": .string(v.id)]))
        case .array(let elements):
            var trees: [JSONValue] = []
            trees.reserveCapacity(elements.count)
            for element in elements {
                guard let tree = element.jsonTree else { return nil }
                trees.append(tree)
            }
            (tag, value) = ("array", .array(trees))
        }
        return .object([tag: value])
    }
}

extension SearchResult: JSONTreeWritable {
    /// Hits of a record and a score, and every member but facets and timing (those go
    /// through `encode(to:)`); a query's reply is written this way.
    var jsonTree: JSONValue? {
        guard facets == nil, timing == nil else { return nil }
        var members: [String: JSONValue] = [:]
        var hitTrees: [JSONValue] = []
        hitTrees.reserveCapacity(hits.count)
        for hit in hits {
            guard hit.snippet == nil, hit.explanation == nil, hit.score.isFinite,
                  let record = hit.record.jsonTree else { return nil }
            hitTrees.append(.object(["record": record, "score": .double(hit.score)]))
        }
        members["hits"] = .array(hitTrees)
        members["estimatedTotal"] = .int(Int64(estimatedTotal))
        if let totalLowerBound { members["totalLowerBound"] = .int(Int64(totalLowerBound)) }
        if let totalUpperBound { members["totalUpperBound"] = .int(Int64(totalUpperBound)) }
        if let correctedText { members["correctedText"] = .string(correctedText) }
        if let retriedWithCorrection { members["retriedWithCorrection"] = .bool(retriedWithCorrection) }
        if let completions { members["completions"] = .array(completions.map(JSONValue.string)) }
        if let missingShards { members["missingShards"] = .array(missingShards.map(JSONValue.string)) }
        if let inexact { members["inexact"] = .array(inexact.map(JSONValue.string)) }
        return .object(members)
    }
}
