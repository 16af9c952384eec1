import Foundation
import SpotlightModel

/// Query-time synonyms: each stemmed query word that a bundle's ``SynonymTable`` knows becomes
/// `word OR (its synonyms FILTER bundle:B)`, for every bundle in the query's scope with an entry,
/// so a bundle's synonyms widen matches among that bundle's records only.
extension QueryCompiler {
    /// `parsed` with its words widened by the synonym tables of the bundles in `scope` (nil: all).
    ///
    /// ```swift
    /// // bundle "b" maps tv -> television: Ztv becomes (Ztv OR (Ztelevis FILTER XBb))
    /// let wider = try compiler.widenedBySynonyms(parsed, scope: nil)
    /// ```
    func widenedBySynonyms(_ parsed: XapianQuery, scope: [String]?) throws -> XapianQuery {
        let inScope = scope.map { Set($0.map(TextNormalizer.fold)) }
        let tables = synonyms.filter { !$0.value.isEmpty && (inScope?.contains(TextNormalizer.fold($0.key)) ?? true) }
            .sorted { $0.key < $1.key }
        guard !tables.isEmpty else { return parsed }
        var result = parsed
        for term in try parsed.terms() {
            guard let stem = Self.unprefixedStem(term) else { continue }
            var widening: XapianQuery?
            for (bundle, table) in tables {
                guard let alternatives = table.byStem[stem] else { continue }
                let inBundle = try anyOf(alternatives)
                    .combined(.filter, .term(TermSchema.booleanTerm(TermSchema.bundle, bundle)))
                widening = try widening.map { try $0.combined(.or, inBundle) } ?? inBundle
            }
            if let widening { result = try result.widening(term, by: widening) }
        }
        return result
    }

    /// The stem of an unprefixed stemmed term (`Ztv` -> `tv`); nil for field terms (`ZStv`),
    /// unstemmed terms and boolean filters.
    static func unprefixedStem(_ term: String) -> String? {
        guard term.hasPrefix("Z"), let first = term.unicodeScalars.dropFirst().first,
              !("A"..."Z").contains(first) else { return nil }
        return String(term.dropFirst())
    }

    /// The OR of the synonyms; a synonym of several words matches as the AND of their words,
    /// each by its stem in any of the query's ``languages`` (as a typed word matches), so a
    /// synonym finds a German record by its German stem too.
    func anyOf(_ synonyms: [String]) throws -> XapianQuery {
        var result = try XapianQuery.matchNothing()
        for synonym in synonyms {
            var words: XapianQuery?
            for word in synonym.split(separator: " ") {
                let term = try stems(of: String(word))
                words = try words.map { try $0.combined(.and, term) } ?? term
            }
            if let words { result = try result.combined(.or, words) }
        }
        return result
    }

    /// `word`'s terms in each of ``languages`` (its stem, or the word where there is no stemmer), the distinct ones joined by `OP_MAX`
    /// (a record weighs as its best stem, as a word in several readings does).
    private func stems(of word: String) throws -> XapianQuery {
        var seen: Set<String> = []
        var result: XapianQuery?
        for language in languages.isEmpty ? [Languages.english] : languages {
            // A language without a stemmer indexes the word itself (cxapian.h, field text).
            let term = Languages.hasStemmer(language) ? "Z" + (try XapianQuery.stem(word, language: language)) : word
            guard seen.insert(term).inserted else { continue }
            result = try result.map { try $0.combined(.max, .term(term)) } ?? .term(term)
        }
        return result!
    }
}
