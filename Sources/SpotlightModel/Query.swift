import Foundation

/// A search: text in the Spotlight-like query language (see docs/query.md) and a scope.
///
/// `text == nil` or empty lists everything in the scope, paged.
///
/// ```swift
/// let q = SearchQuery(text: "supernova party", bundles: ["com.example.CometCal"], limit: 10)
/// ```
public struct SearchQuery: Codable, Hashable, Sendable {
    public var text: String?
    /// Only these bundles (nil: all).
    public var bundles: [String]?
    /// Only these entity types (nil: all).
    public var types: [String]?
    public var offset: Int
    public var limit: Int

    public init(text: String?, bundles: [String]? = nil, types: [String]? = nil,
                offset: Int = 0, limit: Int = 20) {
        self.text = text
        self.bundles = bundles
        self.types = types
        self.offset = offset
        self.limit = limit
    }

    enum CodingKeys: String, CodingKey { case text, bundles, types, offset, limit }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        text = try c.decodeIfPresent(String.self, forKey: .text)
        bundles = try c.decodeIfPresent([String].self, forKey: .bundles)
        types = try c.decodeIfPresent([String].self, forKey: .types)
        offset = try c.decodeIfPresent(Int.self, forKey: .offset) ?? 0
        limit = try c.decodeIfPresent(Int.self, forKey: .limit) ?? 20
    }
}

/// One match: the stored record and its relevance score.
public struct SearchHit: Codable, Hashable, Sendable {
    public var record: Record
    public var score: Double
    public init(record: Record, score: Double) {
        self.record = record
        self.score = score
    }
}

/// The answer to a ``SearchQuery``.
public struct SearchResult: Codable, Hashable, Sendable {
    public var hits: [SearchHit]
    /// Xapian's estimate of the number of matches in the scope.
    public var estimatedTotal: Int
    /// The shards that did not answer (down or too slow), so the hits come from the rest;
    /// nil when every shard answered or there are none (docs/scale-out.md).
    public var missingShards: [String]?
    public init(hits: [SearchHit], estimatedTotal: Int, missingShards: [String]? = nil) {
        self.hits = hits
        self.estimatedTotal = estimatedTotal
        self.missingShards = missingShards
    }

    /// Whether some shard was left out of this answer.
    public var isPartial: Bool { !(missingShards ?? []).isEmpty }
}

/// Which records a deletion removes. Every selector is confined to one bundle.
public enum DeleteSelector: Codable, Hashable, Sendable {
    /// These identifiers of one entity type.
    case ids(bundle: String, type: String, ids: [String])
    /// Every record whose domain is `domain` or below it (`a.b` covers `a.b.c`).
    case domain(bundle: String, domain: String)
    /// Every record of one entity type.
    case type(bundle: String, type: String)
    /// Every record of the bundle.
    case bundle(String)

    /// The bundle the deletion is confined to.
    public var bundle: String {
        switch self {
        case .ids(let b, _, _), .domain(let b, _), .type(let b, _), .bundle(let b): return b
        }
    }
}

/// Record counts for one bundle, by entity type.
public struct BundleCount: Codable, Hashable, Sendable {
    public var bundle: String
    public var types: [String: Int]
    public var total: Int { types.values.reduce(0, +) }
    public init(bundle: String, types: [String: Int]) {
        self.bundle = bundle
        self.types = types
    }
}
