import Foundation
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
    /// The stem of each term -> the synonyms of every term with that stem: what the query
    /// compiler looks up for a stemmed query word (`Ztv` -> `tv`).
    let byStem: [String: [String]]

    /// A table of `entries` (normalised; terms with no synonyms are left out).
    /// - Throws: `.invalidInput` naming the term for a term that is not one word, an empty or
    ///   over-long synonym, more than ``maxSynonymsPerTerm`` synonyms or more than ``maxTerms`` terms.
    public init(_ entries: [String: [String]]) throws {
        let normalised = try Self.normalise(entries).filter { !$0.value.isEmpty }
        guard normalised.count <= Self.maxTerms else {
            throw SpotlightError(.invalidInput, "a synonym table holds at most \(Self.maxTerms) terms, "
                + "this one \(normalised.count); remove some terms")
        }
        var byStem: [String: [String]] = [:]
        for (term, synonyms) in normalised.sorted(by: { $0.key < $1.key }) {
            let stem = try XapianQuery.stem(term)
            byStem[stem] = Self.unique((byStem[stem] ?? []) + synonyms)
        }
        self.entries = normalised
        self.byStem = byStem
    }

    public var isEmpty: Bool { entries.isEmpty }

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

    private static func unique(_ items: [String]) -> [String] {
        var seen = Set<String>()
        return items.filter { seen.insert($0).inserted }
    }
}
