import Foundation
import SpotlightModel

/// Query-time synonyms: each stemmed query word whose stem a term of a bundle's ``SynonymTable``
/// has in one of the query's languages becomes
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
        // A word stemmed in any of the query's languages matches a term with that stem in it.
        let stemmed = try tables.map { bundle, table in
            (bundle, try languages.map { try table.byStem(in: $0) })
        }
        var result = parsed
        for term in try parsed.terms() {
            guard let stem = Self.unprefixedStem(term) else { continue }
            var widening: XapianQuery?
            for (bundle, byStem) in stemmed {
                let found = byStem.compactMap { $0[stem] }
                guard !found.isEmpty else { continue }
                let alternatives = SynonymTable.unique(found.flatMap { $0 })
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

    /// The OR of the synonyms, each read as the query parser reads its words (AND of them, in
    /// each language the query is stemmed in, CJK text as n-grams), so a synonym of several words
    /// matches records holding all its words, and one matches a record in another language or
    /// script as the same words typed would (`Häuser` by its German stem, `北京` inside `北京烤鸭`).
    func anyOf(_ synonyms: [String]) throws -> XapianQuery {
        var result = try XapianQuery.matchNothing()
        for synonym in synonyms where !synonym.isEmpty {
            let words = try parsedInEveryLanguage(synonym, flags: [.cjkNgram], makeParser(for: synonym), synonym)
            result = try result.combined(.or, words)
        }
        return result
    }
}
