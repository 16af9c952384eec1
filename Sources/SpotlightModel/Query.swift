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
    /// The order of the hits (nil: by relevance).
    public var sort: SearchSort?
    /// Count the matches by these: `type`, `bundle` or a property name (nil: no facets).
    public var facets: [String]?
    /// Attach a snippet of the best-matching text to each hit (nil: none).
    public var snippets: SnippetOptions?
    /// Whether to suggest (or retry with) a spelling correction when little is found (nil: off).
    public var spelling: SpellingMode?
    /// How many completions of the last word to return (nil or 0: none).
    public var completions: Int?
    /// Attach to each hit which terms matched in which fields and how the score was formed.
    public var explain: Bool?
    /// The language of the query text, a BCP 47 tag (`de`, `fr-CA`): its words are stemmed
    /// in that language only. nil: with the stemmer of each language the index holds.
    public var language: String?
    /// Report how long each step of the search took (``SearchResult/timing``).
    public var timing: Bool?
    /// The longest the search waits, in seconds, for the index to apply the writes
    /// acknowledged before it (nil: as long as that takes, which is seconds while an import is
    /// indexed; 0: not at all). Past it the search answers from what the index has committed,
    /// and ``SearchResult/inexact`` says how many acknowledged changes that left out. For a
    /// searcher that must answer quickly and wrote nothing itself (a desktop search).
    ///
    /// ```swift
    /// var q = SearchQuery(text: "moon")
    /// q.maxIndexWait = 0.5   // during an import, answer within half a second
    /// ```
    public var maxIndexWait: Double?

    public init(text: String?, bundles: [String]? = nil, types: [String]? = nil,
                offset: Int = 0, limit: Int = 20, sort: SearchSort? = nil, facets: [String]? = nil,
                snippets: SnippetOptions? = nil, spelling: SpellingMode? = nil, completions: Int? = nil,
                explain: Bool? = nil, language: String? = nil, timing: Bool? = nil, maxIndexWait: Double? = nil) {
        self.text = text
        self.bundles = bundles
        self.types = types
        self.offset = offset
        self.limit = limit
        self.sort = sort
        self.facets = facets
        self.snippets = snippets
        self.spelling = spelling
        self.completions = completions
        self.explain = explain
        self.language = language
        self.timing = timing
        self.maxIndexWait = maxIndexWait
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case text, bundles, types, offset, limit, sort, facets, snippets, spelling, completions, explain, language, timing
        case maxIndexWait
    }

    /// Refuses a member it does not know (`"limt": 5` is an error naming it, not a query
    /// with the default limit); every member a client of this version sends is known.
    public init(from decoder: any Decoder) throws {
        try refuseUnknownMembers(decoder, known: Self.memberNames, method: "query")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        text = try c.decodeIfPresent(String.self, forKey: .text)
        bundles = try c.decodeIfPresent([String].self, forKey: .bundles)
        types = try c.decodeIfPresent([String].self, forKey: .types)
        offset = try c.decodeIfPresent(Int.self, forKey: .offset) ?? 0
        limit = try c.decodeIfPresent(Int.self, forKey: .limit) ?? 20
        sort = try c.decodeIfPresent(SearchSort.self, forKey: .sort)
        facets = try c.decodeIfPresent([String].self, forKey: .facets)
        snippets = try c.decodeIfPresent(SnippetOptions.self, forKey: .snippets)
        spelling = try c.decodeIfPresent(SpellingMode.self, forKey: .spelling)
        completions = try c.decodeIfPresent(Int.self, forKey: .completions)
        explain = try c.decodeIfPresent(Bool.self, forKey: .explain)
        language = try c.decodeIfPresent(String.self, forKey: .language)
        timing = try c.decodeIfPresent(Bool.self, forKey: .timing)
        maxIndexWait = try c.decodeIfPresent(Double.self, forKey: .maxIndexWait)
    }
}

extension SearchQuery {
    static let memberNames = CodingKeys.allCases.map(\.rawValue)
}

/// One match: the stored record and its relevance score.
public struct SearchHit: Codable, Hashable, Sendable {
    public var record: Record
    public var score: Double
    /// The best-matching text with the matches marked, when the query asked for snippets.
    public var snippet: String?
    /// How the hit matched, when the query asked to explain.
    public var explanation: HitExplanation?
    public init(record: Record, score: Double, snippet: String? = nil, explanation: HitExplanation? = nil) {
        self.record = record
        self.score = score
        self.snippet = snippet
        self.explanation = explanation
    }
}

/// The answer to a ``SearchQuery``.
public struct SearchResult: Codable, Hashable, Sendable {
    public var hits: [SearchHit]
    /// Xapian's estimate of the number of matches in the scope.
    public var estimatedTotal: Int
    /// The number of matches lies in `totalLowerBound...totalUpperBound` (nil from older daemons).
    public var totalLowerBound: Int?
    public var totalUpperBound: Int?
    /// The query text with its words corrected from the index's own words, when the query
    /// asked for spelling and found little; nil when nothing was corrected.
    public var correctedText: String?
    /// True when these hits are for ``correctedText`` (``SpellingMode/retry``), not the text typed.
    public var retriedWithCorrection: Bool?
    /// The most likely completions of the last word, most likely first, when asked for.
    public var completions: [String]?
    /// Match counts by facet name (as asked for), most frequent value first, when asked for.
    public var facets: [String: [FacetCount]]?

    /// The shards that did not answer (down or too slow), so the hits come from the rest;
    /// nil when every shard answered or there are none (docs/scale-out.md).
    public var missingShards: [String]?
    /// The features of the query this answer cannot give exactly (`spelling`, `sort`,
    /// `facets`, `ranges`), and `"maxIndexWait: N acknowledged changes not yet indexed"` when
    /// ``SearchQuery/maxIndexWait`` ran out first; nil when it is exact. A shard front over remote shards cannot read
    /// their spelling dictionaries; a property whose slot was refused (a hash collision)
    /// cannot be sorted, faceted or ranged in full; text over 256 bytes is left out of facets
    /// and sorted by its first 256 bytes (docs/schema.md).
    public var inexact: [String]?
    /// How long the search's steps took in the engine, when the query asked for ``SearchQuery/timing``.
    public var timing: SearchTiming?
    public init(hits: [SearchHit], estimatedTotal: Int, missingShards: [String]? = nil) {
        self.hits = hits
        self.estimatedTotal = estimatedTotal
        self.missingShards = missingShards
    }

    /// Whether some shard was left out of this answer.
    public var isPartial: Bool { !(missingShards ?? []).isEmpty }
}

/// How long the steps of one search took in the engine that ran it (spotlightd's, or the
/// app's own for an embedded engine), in seconds. The time between a client and the daemon,
/// and any wait for the index to take the latest donations, are in none of them.
///
/// ```swift
/// var query = SearchQuery(text: "pyth", limit: 10)
/// query.timing = true
/// let timing = try await engine.search(query).timing!
/// print(timing.matchSeconds / timing.searchSeconds)   // Xapian's share of the search
/// ```
public struct SearchTiming: Codable, Hashable, Sendable {
    /// Reading the query text and building the index's query: field names, wildcards and the
    /// partial last word expanded, synonyms, stemming in each language, a spelling correction.
    public var compileSeconds: Double
    /// Xapian's matcher: ranking the page of hits, counting the totals and facets.
    public var matchSeconds: Double
    /// Reading the page's records: from the record store by key (or from the documents, for
    /// an index that holds its records), decoded or, in spotlightd, as stored JSON text.
    public var recordsSeconds: Double
    /// The whole search: these steps and the rest (snippets, explanations, completions, a
    /// retry with the corrected text).
    public var searchSeconds: Double

    public init(compileSeconds: Double, matchSeconds: Double, recordsSeconds: Double, searchSeconds: Double) {
        self.compileSeconds = compileSeconds
        self.matchSeconds = matchSeconds
        self.recordsSeconds = recordsSeconds
        self.searchSeconds = searchSeconds
    }
}

/// The order of search hits.
///
/// ```swift
/// SearchSort(by: "startDate")                                // soonest first
/// SearchSort(by: "rank", descending: true, relevanceFirst: true)  // relevance, ties by rank
/// ```
public struct SearchSort: Codable, Hashable, Sendable {
    /// `relevance`, `title`, `bundle`, `type`, `rankingHint` or a property name.
    public var by: String
    public var descending: Bool
    /// Relevance first, `by` only breaks ties (ignored when `by` is `relevance`).
    public var relevanceFirst: Bool

    public init(by: String, descending: Bool = false, relevanceFirst: Bool = false) {
        self.by = by
        self.descending = descending
        self.relevanceFirst = relevanceFirst
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case by, descending, relevanceFirst }

    /// Refuses a member it does not know (`"desc": true` is an error naming it, not an
    /// ascending sort).
    public init(from decoder: any Decoder) throws {
        try refuseUnknownMembers(decoder, known: CodingKeys.allCases.map(\.rawValue), method: "sort")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        by = try c.decode(String.self, forKey: .by)
        guard !by.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw DecodingError.dataCorruptedError(forKey: .by, in: c, debugDescription: "sort's `by` is empty: name "
                + "relevance, title, bundle, type, rankingHint or a property, or leave the sort out")
        }
        descending = try c.decodeIfPresent(Bool.self, forKey: .descending) ?? false
        relevanceFirst = try c.decodeIfPresent(Bool.self, forKey: .relevanceFirst) ?? false
    }
}

/// How snippets are cut and marked.
///
/// ```swift
/// SnippetOptions(length: 120, start: "<mark>", end: "</mark>", html: true)
/// ```
public struct SnippetOptions: Codable, Hashable, Sendable {
    /// At most this many bytes of text (markers not counted).
    public var length: Int
    public var start: String
    public var end: String
    /// Escape `<`, `>`, `&` and `"` in the text for HTML (the markers are kept as given).
    public var html: Bool

    public init(length: Int = 200, start: String = "[", end: String = "]", html: Bool = false) {
        self.length = length
        self.start = start
        self.end = end
        self.html = html
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case length, start, end, html }

    /// Refuses a member it does not know (`"lenght": 80` is an error naming it, not the
    /// default length).
    public init(from decoder: any Decoder) throws {
        try refuseUnknownMembers(decoder, known: CodingKeys.allCases.map(\.rawValue), method: "snippets")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        length = try c.decodeIfPresent(Int.self, forKey: .length) ?? 200
        start = try c.decodeIfPresent(String.self, forKey: .start) ?? "["
        end = try c.decodeIfPresent(String.self, forKey: .end) ?? "]"
        html = try c.decodeIfPresent(Bool.self, forKey: .html) ?? false
    }
}

/// What a search does about misspelt words when it finds little.
public enum SpellingMode: String, Codable, Hashable, Sendable, CaseIterable {
    /// Report ``SearchResult/correctedText`` and keep the hits of the text as typed.
    case suggest
    /// Also search the corrected text and return its hits when the text typed found nothing.
    case retry

    /// Names the modes when the text is none of them (`"maybe"`: expected suggest or retry).
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let mode = SpellingMode(rawValue: text) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription:
                "expected " + Self.allCases.map(\.rawValue).joined(separator: " or ") + ", got \"\(text)\""))
        }
        self = mode
    }
}

/// One facet value and how many matches have it.
public struct FacetCount: Codable, Hashable, Sendable {
    public var value: String
    public var count: Int
    public init(value: String, count: Int) {
        self.value = value
        self.count = count
    }
}

/// Why a hit matched and how its score was formed: `score = relevance + rankingHintBoost`.
public struct HitExplanation: Codable, Hashable, Sendable {
    /// Each query term the record matched, with the field it is in (`title`, `keyword`,
    /// `text` for any text, a property name; `stemmed` marks a stem match).
    public var matches: [TermMatch]
    /// Xapian's BM25 weight of the matched terms.
    public var relevance: Double
    /// rankingHint × 0.01 (at most 1.0).
    public var rankingHintBoost: Double

    public init(matches: [TermMatch], relevance: Double, rankingHintBoost: Double) {
        self.matches = matches
        self.relevance = relevance
        self.rankingHintBoost = rankingHintBoost
    }
}

/// One matched term in a ``HitExplanation``.
public struct TermMatch: Codable, Hashable, Sendable {
    public var term: String
    public var field: String
    public var stemmed: Bool
    public init(term: String, field: String, stemmed: Bool) {
        self.term = term
        self.field = field
        self.stemmed = stemmed
    }
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
