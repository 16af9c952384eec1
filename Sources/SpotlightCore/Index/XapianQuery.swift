internal import CXapian

/// An immutable Xapian query, freed in `deinit`. Built from terms, value ranges and the
/// parser, and combined with Xapian's operators.
final class XapianQuery {
    let handle: OpaquePointer
    private static let subject = "a query"

    private init(handle: OpaquePointer) { self.handle = handle }
    deinit { cx_query_destroy(handle) }

    static func make(_ operation: String, _ body: (UnsafeMutablePointer<OpaquePointer?>, CXErrorOut) -> cx_status) throws -> XapianQuery {
        var out: OpaquePointer? = nil
        try check(subject, operation) { body(&out, $0) }
        return XapianQuery(handle: out!)
    }

    static func term(_ term: String) throws -> XapianQuery {
        try withBytes(term) { bytes, count in try make("build a term query") { cx_query_new_term(bytes, count, $0, $1) } }
    }

    static func matchAll() throws -> XapianQuery { try make("build a query") { cx_query_new_match_all($0, $1) } }
    static func matchNothing() throws -> XapianQuery { try make("build a query") { cx_query_new_match_nothing($0, $1) } }

    /// Documents whose value in `slot` lies in `low...high` (byte order).
    static func valueRange(_ slot: ValueSlot, _ low: [UInt8], _ high: [UInt8]) throws -> XapianQuery {
        try valueRange(slot: slot.rawValue, low, high)
    }

    /// Documents whose value in slot number `slot` lies in `low...high` (byte order).
    static func valueRange(slot: UInt32, _ low: [UInt8], _ high: [UInt8]) throws -> XapianQuery {
        let lowChars = low.map { CChar(bitPattern: $0) } + [0]
        let highChars = high.map { CChar(bitPattern: $0) } + [0]
        return try make("build a value range") {
            cx_query_new_value_range(slot, lowChars, low.count, highChars, high.count, $0, $1)
        }
    }

    /// A weight of (the number in `slot`) × `scale` for each document that has a value there.
    static func valueWeight(_ slot: ValueSlot, scale: Double) throws -> XapianQuery {
        try make("build a value weight") { cx_query_new_value_weight(slot.rawValue, scale, $0, $1) }
    }

    /// Every document with the weight `weight`; filter it to boost a subset by a fixed amount.
    static func fixedWeight(_ weight: Double) throws -> XapianQuery {
        try make("build a fixed weight") { cx_query_new_fixed_weight(weight, $0, $1) }
    }

    /// The OR of terms, or nothing when `terms` is empty.
    static func any(_ terms: [String]) throws -> XapianQuery {
        var result = try matchNothing()
        for term in terms { result = try result.combined(.or, try .term(term)) }
        return result
    }

    enum Operator { case and, or, andNot, filter, andMaybe, synonym, max }

    func combined(_ op: Operator, _ other: XapianQuery) throws -> XapianQuery {
        let cop: cx_query_op
        switch op {
        case .and: cop = CX_OP_AND
        case .or: cop = CX_OP_OR
        case .andNot: cop = CX_OP_AND_NOT
        case .filter: cop = CX_OP_FILTER
        case .andMaybe: cop = CX_OP_AND_MAYBE
        case .synonym: cop = CX_OP_SYNONYM
        case .max: cop = CX_OP_MAX
        }
        return try Self.make("combine queries") { cx_query_combine(cop, handle, other.handle, $0, $1) }
    }

    /// This query with every wildcard and partial last word replaced by the explicit terms
    /// it matches in `database` (the `max` most frequent), expanded once over the whole
    /// database. Xapian 1.4 would expand them per sub-database at match time, so the shards
    /// of a combined database would score different terms than one local database. A
    /// wildcard becomes the OP_OR of its terms: a match weighs as the sum of the terms it holds.
    ///
    /// Field terms become what the index holds (``XapianDocument/indexFieldText(_:prefix:weight:)``),
    /// stemmed in `language`, the language the query was parsed in: `title:running` and
    /// `title:"running club"` reach `ZSrun`, and `title:runn*` the stems of the words starting
    /// with `runn`.
    ///
    /// ```swift
    /// let query = try parser.parse("pyth", flags: [.partial]).expandingWildcards(in: database, max: 64, language: "en")
    /// ```
    func expandingWildcards(in database: XapianDatabase, max: UInt32, language: String) throws -> XapianQuery {
        try Self.make("expand wildcards") { cx_query_expand_wildcards(handle, database.handle, max, language, $0, $1) }
    }

    /// The distinct terms this query holds (after ``expandingWildcards(in:max:)``: the
    /// expansions too).
    func terms() throws -> [String] {
        try countedStrings(Self.subject, "list the terms") { cx_query_terms(handle, $0, $1, $2) }
            .map { String(decoding: $0.value, as: UTF8.self) }
    }

    /// This query with every occurrence of the leaf `term` replaced by `term OR widening`;
    /// leaves inside phrases and NEAR are kept as they are.
    ///
    /// ```swift
    /// let wider = try query.widening("Ztv", by: .term("Ztelevis"))   // Ztv -> (Ztv OR Ztelevis)
    /// ```
    func widening(_ term: String, by widening: XapianQuery) throws -> XapianQuery {
        try withBytes(term) { bytes, count in
            try Self.make("widen a term") { cx_query_widen_term(handle, bytes, count, widening.handle, $0, $1) }
        }
    }

    /// This query with every AND that holds each term of `group` (the n-grams of one CJK word as
    /// the parser reads it) holding instead `(those terms AND'ed) OR widening`; leaves inside
    /// phrases and NEAR are kept as they are.
    ///
    /// ```swift
    /// try query.wideningGroup(北京, by: .term("Zpeke"))   // (北 AND 北京 AND 京) OR Zpeke
    /// ```
    func wideningGroup(_ group: XapianQuery, by widening: XapianQuery) throws -> XapianQuery {
        try Self.make("widen a group of terms") { cx_query_widen_group(handle, group.handle, widening.handle, $0, $1) }
    }

    /// This query and `reading`, another parse of the same text with another language's
    /// stemmer, as one query: where the two differ (a word's stems, a wildcard's expansions)
    /// the place becomes `OP_MAX` of both, so a match weighs as the best of its words'
    /// readings and a word under `NOT`, `-` or `XOR` leaves out what any of its stems matches.
    ///
    /// ```swift
    /// try english.mergingReading(german)   // (Zparti MAX Zparty) for "party"
    /// ```
    func mergingReading(_ reading: XapianQuery) throws -> XapianQuery {
        try Self.make("merge the readings of two languages") { cx_query_merge_reading(handle, reading.handle, $0, $1) }
    }

    /// This query with each term of the property field `prefix` also matching, as free text,
    /// the documents that hold `marker` (their text in that property was too long for field
    /// terms: ``TermSchema/longText(_:)``).
    func wideningLongTextField(prefix: String, marker: String) throws -> XapianQuery {
        try withBytes(prefix) { prefixBytes, prefixCount in
            try withBytes(marker) { markerBytes, markerCount in
                try Self.make("widen a long-text field") {
                    cx_query_widen_long_text_field(handle, prefixBytes, prefixCount, markerBytes, markerCount, $0, $1)
                }
            }
        }
    }

    /// The stem of a folded word in `language` (a BCP 47 tag), as the query parser stems it
    /// there (`televisions` -> `televis` in English); the word itself in a language without a stemmer.
    static func stem(_ word: String, language: String = Languages.english) throws -> String {
        var out: UnsafeMutablePointer<CChar>? = nil
        var count = 0
        try withBytes(word) { bytes, length in
            try check(subject, "stem \(word)") { cx_stem_word(language, bytes, length, &out, &count, $0) }
        }
        return String(decoding: takeBytes(out, count: count), as: UTF8.self)
    }

    /// Xapian's description of the query, for debugging and tests.
    var description: String {
        var text: UnsafeMutablePointer<CChar>? = nil
        guard (try? check(Self.subject, "describe") { cx_query_describe(handle, &text, $0) }) != nil,
              let text else { return "<query>" }
        defer { cx_string_free(text) }
        return String(cString: text)
    }
}

/// Xapian's query parser (English stemmer unless ``setLanguage(_:)``, STEM_SOME, default operator AND), freed in `deinit`.
final class XapianQueryParser {
    let handle: OpaquePointer
    private let database: XapianDatabase   // kept alive: the parser expands wildcards against it
    private let subject = "the query parser"

    struct Flags: OptionSet {
        let rawValue: UInt32
        static let boolean = Flags(rawValue: UInt32(CX_QP_BOOLEAN))
        static let phrase = Flags(rawValue: UInt32(CX_QP_PHRASE))
        static let loveHate = Flags(rawValue: UInt32(CX_QP_LOVEHATE))
        static let wildcard = Flags(rawValue: UInt32(CX_QP_WILDCARD))
        static let pureNot = Flags(rawValue: UInt32(CX_QP_PURE_NOT))
        static let partial = Flags(rawValue: UInt32(CX_QP_PARTIAL))
        static let spellingCorrection = Flags(rawValue: UInt32(CX_QP_SPELLING_CORRECTION))
        /// Han, Hiragana, Katakana and Hangul text as the n-grams documents are indexed with.
        static let cjkNgram = Flags(rawValue: UInt32(CX_QP_CJK_NGRAM))
    }

    init(database: XapianDatabase, maxExpansion: UInt32) throws {
        var out: OpaquePointer? = nil
        try check(subject, "create") { cx_query_parser_new(&out, $0) }
        handle = out!
        self.database = database
        try check(subject, "attach a database") { cx_query_parser_set_database(handle, database.handle, $0) }
        try check(subject, "bound expansion") { cx_query_parser_set_max_expansion(handle, maxExpansion, $0) }
    }

    deinit { cx_query_parser_destroy(handle) }

    /// Stems with the stemmer of `language` (a BCP 47 tag, see ``Languages``) instead of English.
    func setLanguage(_ language: String) throws {
        try check(subject, "set the language \(language)") { cx_query_parser_set_language(handle, language, $0) }
    }

    func addPrefix(field: String, prefix: String, boolean: Bool) throws {
        try check(subject, "add the field \(field)") {
            boolean ? cx_query_parser_add_boolean_prefix(handle, field, prefix, $0)
                    : cx_query_parser_add_prefix(handle, field, prefix, $0)
        }
    }

    /// `<prefix><low>..<high>` (either side may be empty; `prefix` like `rank:`) becomes the OR
    /// of a range on each number `slots` (one per bundle and kind holding the property).
    func addNumberRange(prefix: String, slots: [UInt32]) throws {
        try slots.withUnsafeBufferPointer { list in
            try check(subject, "add the range \(prefix)") {
                cx_query_parser_add_number_ranges(handle, list.baseAddress, list.count, prefix, $0)
            }
        }
    }

    /// After a parse with `.spellingCorrection`: the corrected text, or nil when nothing was corrected.
    func correctedText() throws -> String? {
        var text: UnsafeMutablePointer<CChar>? = nil
        var count = 0
        try check(subject, "read the spelling correction") { cx_query_parser_corrected(handle, &text, &count, $0) }
        let bytes = takeBytes(text, count: count)
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }

    func parse(_ text: String, flags: Flags) throws -> XapianQuery {
        try withBytes(text) { bytes, count in
            try XapianQuery.make("parse the query") { cx_query_parser_parse(handle, bytes, count, flags.rawValue, $0, $1) }
        }
    }
}
