import Foundation
import SpotlightModel

/// Compiles a ``SearchQuery`` into a Xapian query on one database: the Spotlight-like
/// text language of docs/query.md, the bundle/type scope, the ranking-hint boost and the
/// filter that hides expired records.
struct QueryCompiler {
    /// Longer query text is refused with `.invalidInput` (nobody types 16 KiB).
    static let maxQueryBytes = 16_384
    /// How many terms a wildcard or the partial last word expands to at most (the most
    /// frequent ones), so a one-letter prefix stays fast.
    static let maxExpansion: UInt32 = 64
    /// A ranking hint of 100 adds this much to a match's weight (BM25 weights are a few units).
    static let rankingHintScale = 0.01
    /// At most this many `name:` property fields are registered per query.
    static let maxPropertyFields = 32

    let database: XapianDatabase
    /// The property slots, for `name:low..high` ranges (over every bundle and kind holding `name`).
    var slots = PropertySlots()
    /// Ask Xapian for a spelling correction while parsing (see ``corrected``).
    var spelling = false
    /// Bundle -> its synonym table, for query-time widening (QuerySynonyms.swift).
    var synonyms: [String: SynonymTable] = [:]
    /// The languages whose stemmers expand the query words (``Languages/forQuery(named:inIndex:)``),
    /// the first one also for the spelling correction.
    var languages = [Languages.english]

    /// A compiled query and, when ``spelling`` is on and a word was corrected, the corrected text.
    struct Compiled {
        var query: XapianQuery
        var corrected: String?
        /// What every match's weight lacks of its score: the recency boost when it is the
        /// same for every document and so left out of ``query`` (``RecencyBoost/sameForEvery(in:now:)``).
        var scoreOffset = 0.0
    }

    func compile(_ query: SearchQuery, now: Date) throws -> XapianQuery {
        try compileWithCorrection(query, now: now).query
    }

    func compileWithCorrection(_ query: SearchQuery, now: Date) throws -> Compiled {
        let text = query.text.map(TextNormalizer.trimmed) ?? ""
        var result: XapianQuery
        var corrected: String?
        var scoreOffset = 0.0
        if text.isEmpty {
            result = try .matchAll()   // every weight 0: listed in docid order, stable across pages
        } else {
            let parsed = try parseWithCorrection(text)
            corrected = parsed.corrected
            result = try widenedBySynonyms(parsed.query, scope: query.bundles)
            // With no ranking hint in the index the boost adds 0 to every match: left out,
            // the same scores cost less (tools/bench: compile and match 0.006 ms each).
            if try !database.slotKnownEmpty(.rankingHint) {
                result = try result.combined(.andMaybe, .valueWeight(.rankingHint, scale: Self.rankingHintScale))
            }
            if let same = try RecencyBoost.sameForEvery(in: database, now: now) {
                scoreOffset = same
            } else {
                result = try result.combined(.andMaybe, RecencyBoost.query(now: now))
            }
        }
        if let bundles = query.bundles {
            let terms = bundles.map { TermSchema.booleanTerm(TermSchema.bundle, $0) }
            result = try result.combined(.filter, .any(terms))
        }
        if let types = query.types {
            let terms = types.map { TermSchema.booleanTerm(TermSchema.type, $0) }
            result = try result.combined(.filter, .any(terms))
        }
        // Expired = a value in [lowest finite, now]. The lower bound is not empty, so a record
        // without an expiration (no value, which reads as "") is never counted as expired.
        // With no expiration in the index there is nothing to hide.
        if try database.slotKnownEmpty(.expiration) { return Compiled(query: result, corrected: corrected, scoreOffset: scoreOffset) }
        let expired = try XapianQuery.valueRange(.expiration, sortableSerialise(-Double.greatestFiniteMagnitude),
                                                 sortableSerialise(now.timeIntervalSince1970))
        return Compiled(query: try result.combined(.andNot, expired), corrected: corrected, scoreOffset: scoreOffset)
    }

    func parse(_ text: String) throws -> XapianQuery { try parseWithCorrection(text).query }

    /// Xapian's spelling correction of `text` read as whole words: it never corrects the
    /// partial last word, so this asks about the text with that word taken as typed in full.
    func correctionOfWholeWords(_ text: String) throws -> String? {
        let folded = TextNormalizer.foldQuery(TextNormalizer.trimmed(text))
        guard !folded.isEmpty, folded.utf8.count <= Self.maxQueryBytes else { return nil }
        return try correction(ofFolded: folded)
    }

    /// Xapian's spelling correction of folded text, its known words restored; nil when
    /// nothing was corrected.
    private func correction(ofFolded folded: String) throws -> String? {
        let parser = try makeParser(for: folded)
        _ = try? parser.parse(folded, flags: [.phrase, .boolean, .loveHate, .pureNot, .cjkNgram, .spellingCorrection])
        return try KnownWordSpelling.restored(parser.correctedText(), typed: folded, in: database)
    }

    /// Parses query text with every feature on (`NEAR` and `ADJ` chains bracketed, see
    /// ``QueryOperators``); when Xapian rejects it, retries it without operators that join
    /// nothing, with its CJK runs bracketed (when it has any) and then as plain words before
    /// reporting `.invalidInput`.
    func parseWithCorrection(_ text: String) throws -> Compiled {
        guard text.utf8.count <= Self.maxQueryBytes else {
            throw SpotlightError(.invalidInput, "the query text is \(text.utf8.count) bytes; "
                + "the limit is \(Self.maxQueryBytes), shorten it")
        }
        let normalized = TextNormalizer.foldQuery(text)
        let folded = QueryOperators.hatedAloneAsNot(
            QueryOperators.readableProximity(QueryRanges.rewrite(normalized) { slots.rangeKinds(of: $0) }))
        let parser = try makeParser(for: folded)
        let extra: XapianQueryParser.Flags = spelling ? [.spellingCorrection] : []
        let full: XapianQueryParser.Flags = [.phrase, .boolean, .loveHate, .pureNot, .partial, .wildcard, .cjkNgram]
        var firstError: (any Error)?
        // Each retry's text is made only when the attempt before failed (the plain words of
        // every query, made up front, were a fifth of compiling it); nil skips the attempt.
        var attempts: [(() -> String?, XapianQueryParser.Flags)] = [
            ({ folded }, full), ({ QueryOperators.withoutStrayOperators(folded) }, full),
            ({ Self.plainWords(folded) }, [.partial, .cjkNgram]),
        ]
        if CJKQueryGrouping.containsCJK(folded) {   // libxapian 1.4's n-gram parsing: see CJKQueryGrouping
            attempts.insert(({ CJKQueryGrouping.grouped(folded) }, full), at: 2)
            attempts.append(({ CJKQueryGrouping.grouped(Self.plainWords(folded)) }, [.partial, .cjkNgram]))
        }
        for (make, flags) in attempts {
            guard let attempt = make() else { continue }
            do {
                let query = try widenedForLongText(try parsedInEveryLanguage(attempt, flags: flags.union(extra), parser, folded),
                                                   attempt)
                let corrected = spelling ? try correction(parser, attempt: attempt, folded: folded, normalized: normalized) : nil
                return Compiled(query: query, corrected: corrected)
            } catch let error as SpotlightError where error.code == .invalidInput {
                firstError = firstError ?? error
            }
        }
        throw firstError!
    }

    /// The correction of a parse with spelling on, offered in the words typed, not in the
    /// ranges or the NOT they were rewritten to: when the rewrites changed the text, it is
    /// asked for again on the text as typed (only then: most queries pay nothing more).
    private func correction(_ parser: XapianQueryParser, attempt: String, folded: String,
                            normalized: String) throws -> String? {
        let typed = QueryOperators.readableProximity(normalized)
        guard folded != typed else {
            return try KnownWordSpelling.restored(parser.correctedText(), typed: attempt, in: database)
        }
        return try correction(ofFolded: typed)
    }

    /// `query` with the words of each property field in `text` also matched as free text in
    /// records whose value of that property was too long for field terms.
    private func widenedForLongText(_ query: XapianQuery, _ text: String) throws -> XapianQuery {
        var result = query
        for name in Self.fieldNames(in: text).prefix(Self.maxPropertyFields)
        where try database.termFrequency(TermSchema.longText(name)) > 0 {
            result = try result.wideningLongTextField(prefix: TermSchema.property(name), marker: TermSchema.longText(name))
        }
        return result
    }

    /// `text` parsed by `parser` (stemming in the first of ``languages``) and, for each other
    /// language whose stemmer changes the query, parsed again with that stemmer and merged
    /// into it word by word (``XapianQuery/mergingReading(_:)``: each word weighs as its
    /// best-weighted stem, and a word excluded is excluded in every language; two whole
    /// readings ORed by OP_MAX kept a record one reading excluded). Each reading is expanded in its own
    /// language, once over the whole (possibly sharded) database (see
    /// ``XapianQuery/expandingWildcards(in:max:language:)``).
    func parsedInEveryLanguage(_ text: String, flags: XapianQueryParser.Flags, _ parser: XapianQueryParser,
                                       _ folded: String) throws -> XapianQuery {
        let first = languages.first ?? Languages.english
        var query = try parser.parse(text, flags: flags).expandingWildcards(in: database, max: Self.maxExpansion, language: first)
        guard languages.count > 1 else { return query }   // a description is made only to compare readings
        var readings: Set<String> = [query.description]
        for language in languages.dropFirst() {
            let reading = try makeParser(for: folded, language: language)
                .parse(text, flags: flags.subtracting(.spellingCorrection))
                .expandingWildcards(in: database, max: Self.maxExpansion, language: language)
            guard readings.insert(reading.description).inserted else { continue }
            query = try query.mergingReading(reading)
        }
        return query
    }

    func makeParser(for folded: String, language: String? = nil) throws -> XapianQueryParser {
        let parser = try XapianQueryParser(database: database, maxExpansion: Self.maxExpansion)
        try parser.setLanguage(language ?? languages.first ?? Languages.english)
        for field in TermSchema.fields {
            try parser.addPrefix(field: field.field, prefix: field.prefix, boolean: field.boolean)
        }
        let builtin = Set(TermSchema.fields.map(\.field))
        for name in Self.fieldNames(in: folded).prefix(Self.maxPropertyFields) where !builtin.contains(name) {
            let ranged = slots.entries(for: name).filter { $0.kind != .text }
            if !ranged.isEmpty { try parser.addNumberRange(prefix: name + ":", slots: ranged.map(\.slot)) }
            let dated = ranged.filter { $0.kind == .date }.map(\.slot)
            if !dated.isEmpty { try parser.addNumberRange(prefix: name + ":" + QueryRanges.dateMark, slots: dated) }
            let prefix = TermSchema.property(name)
            // A property's field terms are stems (Z...), or words in a language without a stemmer.
            if try database.hasTerm(withPrefix: "Z" + prefix) || database.hasTerm(withPrefix: prefix)
                || database.termFrequency(TermSchema.longText(name)) > 0 {
                try parser.addPrefix(field: name, prefix: prefix, boolean: false)
            }
        }
        return parser
    }

    /// The distinct `name` of each `name:` in folded query text, where name is a
    /// ``RecordDocument/propertyField(_:)`` at the start of a word, in order of appearance.
    static func fieldNames(in folded: String) -> [String] {
        var names: [String] = []
        var current = ""
        var atWordStart = true
        for scalar in folded.unicodeScalars {
            let isNameChar = ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
            if scalar == ":", !current.isEmpty, RecordDocument.propertyField(current) != nil, !names.contains(current) {
                names.append(current)
            }
            if isNameChar, atWordStart || !current.isEmpty {
                current.unicodeScalars.append(scalar)
                atWordStart = false
            } else {
                current = ""
                atWordStart = " \t\n\r(+-\"".unicodeScalars.contains(scalar)
            }
        }
        return names
    }

    /// The folded last word of `text` when it is being typed (no space after it, letters and
    /// digits only, a `name:` field or a `(`, `+`, `-` before it allowed); nil otherwise.
    ///
    /// ```swift
    /// QueryCompiler.partialWord("cosmic Ra")   // "ra"
    /// QueryCompiler.partialWord("cosmic ")     // nil
    /// ```
    static func partialWord(_ text: String) -> String? {
        guard let last = text.last, !last.isWhitespace else { return nil }
        var word = Substring(text.split(whereSeparator: \.isWhitespace).last ?? "")
        if let colon = word.lastIndex(of: ":") { word = word[word.index(after: colon)...] }
        word = word.drop { "(+-".contains($0) }
        let folded = TextNormalizer.fold(String(word))
        guard !folded.isEmpty, folded.unicodeScalars.allSatisfy(CharacterSet.alphanumerics.contains) else { return nil }
        return folded
    }

    /// Every character that is not a letter, digit or whitespace becomes a space; operator
    /// words are lower-cased so they count as words.
    static func plainWords(_ text: String) -> String {
        let cleaned = String(String.UnicodeScalarView(text.unicodeScalars.map {
            CharacterSet.alphanumerics.contains($0) || CharacterSet.whitespacesAndNewlines.contains($0) ? $0 : " "
        }))
        return TextNormalizer.fold(cleaned)
    }
}
