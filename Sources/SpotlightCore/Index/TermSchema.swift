/// THE term schema of the search index: every term prefix and value slot, in one table.
/// docs/schema.md mirrors it; change both together and bump ``schemaVersion``.
///
/// Conventions follow Xapian omega's: single capital letters are reserved for their
/// omega meanings, private prefixes start with `X`. Boolean terms are exact filters (no
/// positions, no weight); free-text terms come from Xapian's term generator, folded first
/// (``TextNormalizer``), stemmed in the record's language (``Languages``; English by default)
/// with a `Z` in front of stemmed forms, Han, Hiragana, Katakana and Hangul text as unigrams
/// and bigrams (FLAG_CJK_NGRAM). Field terms (``title``, ``keyword``, ``property(_:)``) are
/// stems only, without positions: `Z<prefix><stem>`, or `<prefix><word>` in a language without
/// a stemmer (``XapianDocument/indexFieldText(_:prefix:weight:)``); the query side stems field
/// words to match (`cx_query_expand_wildcards`).
enum TermSchema {
    /// Stored in the database metadata under ``Metadata/schemaVersion``; a different
    /// number at open means the index must be rebuilt from the record store.
    static let schemaVersion = 14

    // MARK: Term prefixes

    /// Boolean. The unique key of a record: see ``UniqueKey``. One per document.
    static let uniqueKey = "Q"
    /// Boolean. The bundle identifier, folded (lower case, no diacritics). `bundle:` in queries.
    static let bundle = "XB"
    /// Boolean. The entity type, folded. `type:` in queries.
    static let type = "XT"
    /// Boolean. The domain identifier and each ancestor (`a`, `a.b`, `a.b.c`), folded, so
    /// `domain:a.b` matches a record in `a.b.c`. `domain:` in queries.
    static let domain = "XD"
    /// Free text. The title. `title:` in queries. (Omega: S = subject/title.)
    static let title = "S"
    /// Free text. The keywords. `keyword:` in queries. (Omega: K = keyword.)
    static let keyword = "K"
    /// Free text. A string, enum or URL property, as `XP<name>:` with the property name
    /// folded; the colon ends the name so `XPloc:` never matches `XPlocation:`. `<name>:`
    /// in queries, registered when the index has such a property.
    static func property(_ name: String) -> String { "XP\(name):" }
    /// Boolean. The record has a value of property `name` longer than ``longTextBytes``:
    /// such text is indexed as free text only, without `XP<name>:` terms, and `name:word`
    /// matches it as `word` in a record holding this term (docs/query.md). Its value has no
    /// value slot and only its first ``longTextBytes`` in the sort slot (``PropertyKind``), so a
    /// facet or sort on `name` is `inexact` while any document holds this term.
    static func longText(_ name: String) -> String { "XH\(name)" }
    /// Property text longer than this many UTF-8 bytes gets no field terms and no value slot,
    /// and only this many bytes in its sort slot (see ``longText(_:)``).
    static let longTextBytes = 256
    /// Free text, no prefix: everything searchable (title, subtitle, synonyms, keywords,
    /// string properties), so a plain word matches any of them.
    static let anyText = ""

    /// How many times a title or synonym word counts in unprefixed text, against 1 for
    /// subtitle, keywords and properties: a title match ranks higher.
    static let titleWeight: UInt32 = 3

    /// The query fields that map to fixed prefixes (field name, prefix, boolean).
    static let fields: [(field: String, prefix: String, boolean: Bool)] = [
        ("title", title, false),
        ("keyword", keyword, false),
        ("type", type, true),
        ("bundle", bundle, true),
        ("domain", domain, true),
    ]

    /// Xapian's limit on the length of a term in bytes (glass backend).
    static let maxTermBytes = 245
    /// The longest word the term generator indexes, in UTF-8 bytes: what fits a term after the
    /// longest text prefix (`Z` and ``property(_:)`` of a 64-byte name). Xapian's default, 64,
    /// left out every run of Thai or Khmer (unspaced) and every Devanagari compound over about
    /// 21 characters, so nothing in it was found. A longer word is still not indexed.
    static let maxWordBytes = UInt32(maxTermBytes - ("Z" + property(String(repeating: "n", count: 64))).utf8.count)

    /// The boolean term of `value` under `prefix`: the prefix and the folded value; past
    /// ``maxTermBytes``, the prefix, `#` and the SHA-256 of the folded value in hex, as a long
    /// unique key is (``UniqueKey``).
    ///
    /// ```swift
    /// TermSchema.booleanTerm(TermSchema.type, "EventEntity")   // "XTevententity"
    /// ```
    static func booleanTerm(_ prefix: String, _ value: String) -> String {
        wholeTerm(prefix, value) ?? prefix + "#" + SHA256.hexDigest(of: Array(TextNormalizer.fold(value).utf8))
    }

    /// The prefix and the folded `value`; nil when that is past ``maxTermBytes``.
    static func wholeTerm(_ prefix: String, _ value: String) -> String? {
        let term = prefix + TextNormalizer.fold(value)
        return term.utf8.count <= maxTermBytes ? term : nil
    }

    // MARK: Metadata keys

    enum Metadata {
        /// Decimal ``TermSchema/schemaVersion`` of the index; absent in a fresh database.
        static let schemaVersion = "spotlight.schema-version"
        /// Decimal sequence number of the last record-store change this index contains.
        static let lastAppliedSequence = "spotlight.last-applied-sequence"
        /// `record` or `key`: what the documents' data holds (``DocumentData/Mode``). An
        /// engine whose option differs rebuilds the index.
        static let documentData = "spotlight.document-data"
        /// Decimal count of documents replaced or deleted since the index was compacted (or
        /// created): the engine compacts when it grows large (``SpotlightEngine/Options/autoCompactChanges``).
        static let changesSinceCompaction = "spotlight.changes-since-compaction"
        /// One entry per property slot key (``PropertySlots``): `spotlight.slot:<key>` -> the
        /// decimal slot. Written by the writer when it first meets a key.
        static let slotPrefix = "spotlight.slot:"
        /// One entry per refused slot key: `spotlight.slot-refused:<key>` -> why. Apart from
        /// ``slotPrefix`` so a reader lists both with two key listings and reads no values
        /// (one round trip each on a remote shard).
        static let refusedSlotPrefix = "spotlight.slot-refused:"
        /// The primary subtags of the stemmed languages the index holds, and `none`
        /// (``Languages/unstemmed``) when it holds a language without a stemmer, sorted,
        /// comma-separated (`de,en,fr,none`); see ``Languages``. Written by the writer when it
        /// first meets a language.
        static let languages = "spotlight.languages"
        /// JSON ``LanguageSettings`` (`{"bundles":{},"defaultLanguage":"en"}`): the languages of
        /// records that name none; absent: English. Written by every commit; an index of other
        /// settings than spotlightd's `--language` and `--bundle-language` is rebuilt.
        static let languageSettings = "spotlight.language-settings"
    }

    // MARK: Property value slots

    /// Property value slots lie from here up: one per (bundle, folded property name, kind)
    /// and one sort slot per property name, each at a hash of its key (``PropertySlots``);
    /// the keys present are listed in ``Metadata/slotPrefix`` entries. Slots below are the
    /// fixed ``ValueSlot``s.
    static let firstPropertySlot: UInt32 = 16
    /// Property slots are `firstPropertySlot + hash % propertySlotRange` (below 2^31).
    static let propertySlotRange: UInt32 = 0x7FFF_FFF0
    /// Never written: sorting by a property no record has uses it (all equal, so by relevance).
    static let unusedSlot: UInt32 = 15
    /// Int and double properties are `sortable_serialise`d into `number` slots, dates (seconds
    /// since 1970) into `date` slots; string, enum, URL and bool (`true`/`false`) properties
    /// are stored as donated in `text` slots. An array stores its first element that has a
    /// slot value. A property's sort slot holds the same bytes after one kind byte
    /// (``PropertySlots/sortTag(_:)``), text folded (``PropertySlots/sortBytes(_:)``). Text
    /// longer than ``longTextBytes`` is not stored in its `text` slot, and its sort slot holds
    /// only its first ``longTextBytes`` bytes, cut at a character boundary
    /// (``PropertySlots/values(of:)``).
    enum PropertyKind: String, Codable { case number, date, text }
}

/// The value slots of the search index. Numbers and dates are `sortable_serialise`d so
/// byte order is numeric order.
enum ValueSlot: UInt32, CustomStringConvertible {
    /// Expiration, seconds since 1970 (sortable). Absent when the record never expires.
    case expiration = 0
    /// Ranking hint 0...100 (sortable); adds a bounded boost to the score.
    case rankingHint = 1
    /// The bundle identifier as donated (for facets and sorting later).
    case bundle = 2
    /// The entity type as donated (for facets and sorting later).
    case type = 3
    /// The title, folded (for sorting by title).
    case title = 4
    /// The record's time, seconds since 1970 (sortable): its `modified` date property, else
    /// when the store last took its donation; absent when neither is known (a record stored
    /// before store schema 2). Drives the bounded recency boost (``RecencyBoost``).
    case modified = 5

    var description: String {
        switch self {
        case .expiration: return "slot 0 (expiration)"
        case .rankingHint: return "slot 1 (ranking hint)"
        case .bundle: return "slot 2 (bundle)"
        case .type: return "slot 3 (type)"
        case .title: return "slot 4 (title)"
        case .modified: return "slot 5 (modified)"
        }
    }
}
