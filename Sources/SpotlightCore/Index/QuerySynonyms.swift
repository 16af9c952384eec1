import Foundation
import SpotlightModel

/// Query-time synonyms: each stemmed query word whose stem a term of a bundle's ``SynonymTable``
/// has in one of the query's languages becomes
/// `word OR (its synonyms FILTER bundle:B)`, for every bundle in the query's scope with an entry,
/// so a bundle's synonyms widen matches among that bundle's records only.
extension QueryCompiler {
    /// At most this many words (and CJK groups) of one query are widened by synonyms; later
    /// ones match as typed.
    /// Each widening rewrites the whole query: a query of 2500 words, each with 32 synonyms, kept
    /// spotlightd's workers busy for minutes, and every other client waiting.
    static let maxWidenedWords = 64

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
        // A word stemmed in one of the query's languages matches a term with that stem in one of
        // them; a word read unstemmed (Greek, Hebrew, Korean: ``Languages/unstemmed``) a term
        // that is that word. The two never meet each other's tables.
        let stemmedLanguages = languages.filter { $0 != Languages.unstemmed }
        let readsUnstemmed = languages.contains(Languages.unstemmed)
        let stemmed = try tables.map { bundle, table in
            (bundle, try stemmedLanguages.map { try table.byStem(in: $0) },
             readsUnstemmed ? try table.byStem(in: Languages.unstemmed) : [:])
        }
        var result = parsed, widened = 0
        for term in try parsed.terms() where widened < Self.maxWidenedWords {
            let stem = Self.unprefixedStem(term)
            guard let word = stem ?? (readsUnstemmed ? Self.unprefixedWord(term) : nil) else { continue }
            var widening: XapianQuery?
            for (bundle, byStem, unstemmed) in stemmed {
                let found = stem != nil ? byStem.compactMap { $0[word] } : [unstemmed[word]].compactMap { $0 }
                guard !found.isEmpty else { continue }
                let alternatives = SynonymTable.unique(found.flatMap { $0 })
                let inBundle = try anyOf(alternatives, in: bundle)
                widening = try widening.map { try $0.combined(.or, inBundle) } ?? inBundle
            }
            if let widening {
                result = try result.widening(term, by: widening)
                widened += 1
            }
        }
        return try widenedByCJKTerms(result, tables: tables, budget: Self.maxWidenedWords - widened)
    }

    /// `query` with the n-grams of each CJK term of `tables` that it holds (a CJK word is read
    /// as its n-grams, `北京` as `北 AND 北京 AND 京`) widened as one group:
    /// `(北 AND 北京 AND 京) OR (its synonyms FILTER bundle:B)`. Queries without CJK text are
    /// returned at once. At most `budget` groups are widened (``maxWidenedWords``).
    private func widenedByCJKTerms(_ query: XapianQuery, tables: [(key: String, value: SynonymTable)],
                                   budget: Int) throws -> XapianQuery {
        guard budget > 0, tables.contains(where: { !$0.value.cjkTerms.isEmpty }) else { return query }
        let terms = Set(try query.terms())
        guard terms.contains(where: CJKQueryGrouping.containsCJK) else { return query }
        var result = query, widened = 0
        for (bundle, table) in tables {
            // Each CJK character is an n-gram of its own: a term missing one is not parsed.
            for term in table.cjkTerms where widened < budget && term.unicodeScalars.allSatisfy({
                !CJKQueryGrouping.isCJK($0) || terms.contains(String($0))
            }) {
                let group = try parsedInEveryLanguage(term, flags: [.cjkNgram], makeParser(for: term), term)
                guard try Set(group.terms()).isSubset(of: terms), let synonyms = table.entries[term] else { continue }
                let inBundle = try anyOf(synonyms, in: bundle)
                result = try result.wideningGroup(group, by: inBundle)
                widened += 1
            }
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

    /// An unprefixed unstemmed term as it is (`οδυσσεια`); nil for stems, field terms and
    /// boolean filters, which start with a capital letter.
    static func unprefixedWord(_ term: String) -> String? {
        guard let first = term.unicodeScalars.first, !("A"..."Z").contains(first) else { return nil }
        return term
    }

    /// ``anyOf(_:)`` among `bundle`'s records only.
    func anyOf(_ synonyms: [String], in bundle: String) throws -> XapianQuery {
        try anyOf(synonyms).combined(.filter, .term(TermSchema.booleanTerm(TermSchema.bundle, bundle)))
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
