import Foundation

/// One donated entity, kept whole: what an app gave, exactly as it gave it.
///
/// The unique key is ``key`` (bundle, type, identifier); donating a record with the same
/// key again replaces the earlier one. The JSON form is documented in docs/records.md and
/// is the one import/export and the wire use.
///
/// ```swift
/// let record = Record(bundle: "com.example.CometCal", type: "EventEntity", id: "E1",
///                     title: "Supernova Viewing Party",
///                     properties: ["location": .string("Roof")])
/// ```
public struct Record: Codable, Hashable, Sendable {
    /// The bundle identifier of the app that donated the record.
    public var bundle: String
    /// The entity type, for example `EventEntity`.
    public var type: String
    /// The entity's identifier, unique within (bundle, type).
    public var id: String
    /// The display representation's title.
    public var title: String
    /// The display representation's subtitle.
    public var subtitle: String?
    /// Other names the entity is known by; they find it like the title does.
    public var synonyms: [String]
    /// Extra words that find the entity but are not shown.
    public var keywords: [String]
    /// Typed properties, by property name.
    public var properties: [String: PropertyValue]
    /// Groups records for deletion; `a.b` also covers `a.b.c`.
    public var domain: String?
    /// After this instant the record is never returned and is swept.
    public var expiration: Date?
    /// 0–100; raises the score of a match in a bounded way.
    public var rankingHint: Int?
    /// The language of the record's text, a BCP 47 tag (`de`, `fr-CA`, `ko`); its words are
    /// stemmed in that language when Xapian has a stemmer for it, and not stemmed otherwise.
    /// nil: its bundle's language (`spotlightd --bundle-language`), else the daemon's default
    /// (English unless `spotlightd --language`).
    public var language: String?

    public init(bundle: String, type: String, id: String, title: String, subtitle: String? = nil,
                synonyms: [String] = [], keywords: [String] = [],
                properties: [String: PropertyValue] = [:], domain: String? = nil,
                expiration: Date? = nil, rankingHint: Int? = nil, language: String? = nil) {
        self.bundle = bundle
        self.type = type
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.synonyms = synonyms
        self.keywords = keywords
        self.properties = properties
        self.domain = domain
        self.expiration = expiration
        self.rankingHint = rankingHint
        self.language = language
    }

    /// The unique key of the record.
    public var key: RecordKey { RecordKey(bundle: bundle, type: type, id: id) }

    enum CodingKeys: String, CodingKey {
        case bundle, type, id, title, subtitle, synonyms, keywords, properties, domain, expiration, rankingHint, language
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        bundle = try c.decode(String.self, forKey: .bundle)
        type = try c.decode(String.self, forKey: .type)
        id = try c.decode(String.self, forKey: .id)
        title = try c.decodeIfPresent(String.self, forKey: .title) ?? ""
        subtitle = try c.decodeIfPresent(String.self, forKey: .subtitle)
        synonyms = try c.decodeIfPresent([String].self, forKey: .synonyms) ?? []
        keywords = try c.decodeIfPresent([String].self, forKey: .keywords) ?? []
        do {
            properties = try c.decodeIfPresent([String: PropertyValue].self, forKey: .properties) ?? [:]
        } catch let error as DecodingError {
            // "record b/T/1: property n is {"int":2.5}: ...", at the record's own coding path.
            guard let problem = NumberDoesNotFit.carried(by: error), case .dataCorrupted(let context) = error,
                  let name = context.codingPath.dropFirst(decoder.codingPath.count + 1).first?.stringValue else { throw error }
            throw PropertyValue.doesNotFit("record \(RecordKey(bundle: bundle, type: type, id: id)): property \(name) " + problem.message, decoder.codingPath)
        }
        domain = try c.decodeIfPresent(String.self, forKey: .domain)
        if let text = try c.decodeIfPresent(String.self, forKey: .expiration) {
            guard let date = ISO8601.date(from: text) else {
                throw DecodingError.dataCorruptedError(forKey: .expiration, in: c,
                    debugDescription: "expiration is not an ISO 8601 date: \(text)")
            }
            expiration = date
        } else {
            expiration = nil
        }
        rankingHint = try c.decodeIfPresent(Int.self, forKey: .rankingHint)
        if let hint = rankingHint, !(0...100).contains(hint) {
            throw DecodingError.dataCorruptedError(forKey: .rankingHint, in: c,
                debugDescription: "rankingHint must be 0...100, got \(hint)")
        }
        language = try c.decodeIfPresent(String.self, forKey: .language)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(bundle, forKey: .bundle)
        try c.encode(type, forKey: .type)
        try c.encode(id, forKey: .id)
        try c.encode(title, forKey: .title)
        try c.encodeIfPresent(subtitle, forKey: .subtitle)
        if !synonyms.isEmpty { try c.encode(synonyms, forKey: .synonyms) }
        if !keywords.isEmpty { try c.encode(keywords, forKey: .keywords) }
        if !properties.isEmpty { try c.encode(properties, forKey: .properties) }
        try c.encodeIfPresent(domain, forKey: .domain)
        try c.encodeIfPresent(expiration.map(ISO8601.string(from:)), forKey: .expiration)
        try c.encodeIfPresent(rankingHint, forKey: .rankingHint)
        try c.encodeIfPresent(language, forKey: .language)
    }
}

/// The unique key of a record: (bundle, type, identifier). Keys are equal when their UTF-8
/// bytes are, as the store compares them (docs/records.md): `café` written precomposed and
/// `cafe` with a combining accent are two keys, though Swift's `String` calls them equal.
///
/// ```swift
/// RecordKey(bundle: "b", type: "T", id: "caf\u{E9}") == RecordKey(bundle: "b", type: "T", id: "cafe\u{301}")  // false
/// ```
public struct RecordKey: Codable, Hashable, Sendable, CustomStringConvertible {
    public var bundle: String
    public var type: String
    public var id: String

    public init(bundle: String, type: String, id: String) {
        self.bundle = bundle
        self.type = type
        self.id = id
    }

    public var description: String { "\(bundle)/\(type)/\(id)" }

    public static func == (a: RecordKey, b: RecordKey) -> Bool {
        a.id.utf8.elementsEqual(b.id.utf8) && a.type.utf8.elementsEqual(b.type.utf8)
            && a.bundle.utf8.elementsEqual(b.bundle.utf8)
    }

    public func hash(into hasher: inout Hasher) {
        // Each part's length, then its bytes: no array of the parts is made (a key is hashed
        // for every record of a bulk build and every hit of a page).
        Self.combine(bundle, into: &hasher)
        Self.combine(type, into: &hasher)
        Self.combine(id, into: &hasher)
    }

    private static func combine(_ part: String, into hasher: inout Hasher) {
        var part = part
        hasher.combine(part.utf8.count)
        part.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// The key as an error message names it: an id longer than 64 characters cut to its first
    /// 64 and its size, so that a message about a huge id stays readable.
    ///
    /// ```swift
    /// RecordKey(bundle: "b", type: "T", id: String(repeating: "i", count: 300_000)).brief
    /// // "b/T/" + 64 i + "… (an id of 300000 bytes)"
    /// ```
    public var brief: String {
        id.count <= 64 ? description : "\(bundle)/\(type)/\(id.prefix(64))… (an id of \(id.utf8.count) bytes)"
    }
}
