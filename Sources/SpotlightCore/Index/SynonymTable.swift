import Foundation
import Synchronization
import SpotlightModel

/// One bundle's synonym table: a query word also finds that bundle's records that hold one of
/// its synonyms (docs/query.md, Synonyms). Terms and synonyms are kept folded like query text
/// (``TextNormalizer``): a term is one word of letters and digits, a synonym one or more words
/// (punctuation becomes a space). The record store holds the tables; the engine keeps a copy.
///
/// ```swift
/// let table = try SynonymTable(["TV": ["television"], "nyc": ["New York"]])
/// table.entries   // ["tv": ["television"], "nyc": ["new york"]]
/// ```
public struct SynonymTable: Sendable, Hashable {
    /// At most this many synonyms per term.
    public static let maxSynonymsPerTerm = 32
    /// At most this many terms per bundle.
    public static let maxTerms = 10_000
    /// A term or one synonym, folded, is at most this many bytes of UTF-8.
    public static let maxTextBytes = 200

    /// Folded term -> its folded synonyms, in the order given.
    public let entries: [String: [String]]
    /// The terms of CJK text (`北京`), read as n-grams rather than words: a query holding a
    /// term's n-grams is widened by them as a group (QuerySynonyms.swift).
    let cjkTerms: [String]
    /// The terms' stems by language, made the first time a query stemmed in that language
    /// looks (``byStem(in:)``); not part of the table's value.
    private let stems = StemCache()

    /// A table of `entries` (normalised; terms with no synonyms are left out).
    /// - Throws: `.invalidInput` naming the term for a term that is not one word, an empty or
    ///   over-long synonym, more than ``maxSynonymsPerTerm`` synonyms or more than ``maxTerms`` terms.
    public init(_ entries: [String: [String]]) throws {
        let normalised = try Self.normalise(entries).filter { !$0.value.isEmpty }
        guard normalised.count <= Self.maxTerms else {
            throw SpotlightError(.invalidInput, "a synonym table holds at most \(Self.maxTerms) terms, "
                + "this one \(normalised.count); remove some terms")
        }
        self.entries = normalised
        self.cjkTerms = normalised.keys.filter(CJKQueryGrouping.containsCJK).sorted()
        _ = try byStem(in: Languages.english)   // a term the stemmer refuses is refused here
    }

    public var isEmpty: Bool { entries.isEmpty }

    public static func == (a: SynonymTable, b: SynonymTable) -> Bool { a.entries == b.entries }
    public func hash(into hasher: inout Hasher) { hasher.combine(entries) }

    /// The stem of each term in `language` -> the synonyms of every term with that stem: what
    /// the query compiler looks up for a query word stemmed in that language (`Zhaus` -> `haus`,
    /// the German stem of the term `häuser`). Made once per language, then kept.
    ///
    /// ```swift
    /// try SynonymTable(["häuser": ["villa"]]).byStem(in: "de")   // ["haus": ["villa"]]
    /// ```
    /// - Throws: what the stemmer throws.
    func byStem(in language: String) throws -> [String: [String]] {
        if let known = stems.table(language) { return known }
        var byStem: [String: [String]] = [:]
        for (term, synonyms) in entries.sorted(by: { $0.key < $1.key }) {
            let stem = try XapianQuery.stem(term, language: language)
            byStem[stem] = Self.unique((byStem[stem] ?? []) + synonyms)
        }
        stems.keep(byStem, for: language)
        return byStem
    }

    /// Folds and checks terms and synonyms. An empty list stays empty (in a merge it removes
    /// the term); terms that fold alike are merged.
    ///
    /// ```swift
    /// try SynonymTable.normalise(["TV": ["Télévision", "tv"]])   // ["tv": ["television"]]
    /// ```
    /// - Throws: `.invalidInput` naming the term and saying what to change.
    public static func normalise(_ raw: [String: [String]]) throws -> [String: [String]] {
        var result: [String: [String]] = [:]
        for (rawTerm, rawSynonyms) in raw.sorted(by: { $0.key < $1.key }) {
            let term = TextNormalizer.fold(TextNormalizer.trimmed(rawTerm))
            guard !term.isEmpty, term.unicodeScalars.allSatisfy(CharacterSet.alphanumerics.contains) else {
                throw SpotlightError(.invalidInput, "synonym term \"\(rawTerm)\" is not one word; a term is one word "
                    + "of letters and digits (its synonyms may be several words)")
            }
            guard term.utf8.count <= maxTextBytes else {
                throw SpotlightError(.invalidInput, "synonym term \"\(term.prefix(40))…\" is \(term.utf8.count) bytes; "
                    + "the limit is \(maxTextBytes)")
            }
            var synonyms: [String] = []
            for raw in rawSynonyms {
                let synonym = QueryCompiler.plainWords(raw).split(whereSeparator: \.isWhitespace).joined(separator: " ")
                guard !synonym.isEmpty, synonym.utf8.count <= maxTextBytes else {
                    throw SpotlightError(.invalidInput, "synonym \"\(raw.prefix(40))\" of \"\(term)\" is empty or over "
                        + "\(maxTextBytes) bytes once folded; give words of letters and digits")
                }
                if synonym != term { synonyms.append(synonym) }
            }
            let merged = unique((result[term] ?? []) + synonyms)
            guard merged.count <= maxSynonymsPerTerm else {
                throw SpotlightError(.invalidInput, "\"\(term)\" has \(merged.count) synonyms; the limit is "
                    + "\(maxSynonymsPerTerm) per term, keep the most useful")
            }
            result[term] = merged
        }
        return result
    }

    static func unique(_ items: [String]) -> [String] {
        var seen = Set<String>()
        return items.filter { seen.insert($0).inserted }
    }
}

/// ``SynonymTable``'s stems by language, shared by the table's copies (the table is immutable,
/// so a language's stems never change once made).
private final class StemCache: Sendable {
    private let byLanguage = Mutex<[String: [String: [String]]]>([:])

    func table(_ language: String) -> [String: [String]]? { byLanguage.withLock { $0[language] } }
    func keep(_ table: [String: [String]], for language: String) { byLanguage.withLock { $0[language] = table } }
}
