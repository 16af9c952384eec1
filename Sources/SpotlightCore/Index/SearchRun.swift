import Foundation
import SpotlightModel

/// One search on one database with everything a ``SearchQuery`` may ask for: the page in the
/// requested order, total bounds, facets, snippets, explanations, a spelling correction
/// (with an optional retry) and completions of the last word.
struct SearchRun {
    let database: XapianDatabase
    let slots: PropertySlots
    /// Bundle -> synonym table (see ``SynonymTable``).
    var synonyms: [String: SynonymTable] = [:]
    /// Where the records of documents holding only keys are read (see ``DocumentData``).
    var lookup: RecordLookup?
    /// The stemmed languages the index holds (``TermSchema/Metadata/languages``).
    var languages: Set<String> = []
    /// The language of records that name none, for their snippets.
    var languageSettings = LanguageSettings()

    /// Suggest a correction when the text typed finds at most this many matches.
    static let spellingThreshold = 2
    /// Completions come from the words of at most this many best matches.
    static let completionDocuments: UInt32 = 200
    static let maxCompletions = 50
    static let maxFacetValues: UInt32 = 100
    static let maxSnippetLength = 4096
    /// A query's scope names at most this many bundles, and as many types: libxapian 1.4 takes
    /// quadratic time over the alternatives of one OR (20000 took 11 s) and overflows its
    /// stack past about 100000.
    static let maxScopeNames = 1000

    /// The hits' records as the JSON text the store (or the document) holds, not decoded: the
    /// page's ``SearchHit/record``s are then ``placeholder``s and ``Page/recordJSON`` holds
    /// each hit's text. Only for a query without snippets and explanations, which read records.
    var recordsAsJSON = false

    /// The record a hit holds when its JSON text comes apart (``recordsAsJSON``).
    static let placeholder = Record(bundle: "", type: "", id: "", title: "")

    /// A search's result and, with ``recordsAsJSON``, the JSON text of each hit's record.
    struct Page {
        var result: SearchResult
        var recordJSON: [[UInt8]] = []
    }

    func run(_ query: SearchQuery, now: Date) throws -> SearchResult { try runPage(query, now: now).result }

    func runPage(_ query: SearchQuery, now: Date) throws -> Page {
        var steps = SearchStepClock()
        try validate(query)
        guard !recordsAsJSON || (query.snippets == nil && query.explain != true) else {
            throw SpotlightError(.internal, "a search whose hits keep their records' JSON cannot make snippets or explanations")
        }
        var compiler = QueryCompiler(database: database)
        compiler.slots = slots
        compiler.synonyms = synonyms
        compiler.spelling = query.spelling != nil
        compiler.languages = Languages.forQuery(named: query.language, inIndex: languages)
        let compiled = try steps.time(\.compile) { try compiler.compileWithCorrection(query, now: now) }
        var found = try page(compiled, query, &steps)
        if query.spelling != nil, found.result.estimatedTotal <= Self.spellingThreshold,
           let folded = try steps.time(\.compile, { try correction(compiled.corrected, compiler, query.text ?? "") }) {
            let corrected = try steps.time(\.records) { try readableCorrection(folded, typed: query.text ?? "") }
            found.result.correctedText = corrected
            if query.spelling == .retry, found.result.estimatedTotal == 0 {
                var retry = query
                retry.text = corrected
                compiler.spelling = false
                let correctedQuery = try steps.time(\.compile) { try compiler.compileWithCorrection(retry, now: now) }
                var retried = try page(correctedQuery, retry, &steps)
                retried.result.correctedText = corrected
                retried.result.retriedWithCorrection = true
                found = retried
            }
        }
        if let wanted = query.completions, wanted > 0, let text = query.text,
           let prefix = QueryCompiler.partialWord(text) {
            found.result.completions = try database.completions(
                of: prefix, in: compiled.query, maxDocuments: Self.completionDocuments,
                maxResults: UInt32(wanted)).map { try readableCompletion($0.word, typed: text) }
        }
        if query.timing == true { found.result.timing = steps.timing() }
        return found
    }

    /// Xapian's correction of the text, then of its short words it missed (``ShortWordSpelling``).
    private func correction(_ parsed: String?, _ compiler: QueryCompiler, _ text: String) throws -> String? {
        let xapian = try parsed ?? compiler.correctionOfWholeWords(text)
        let base = xapian ?? TextNormalizer.foldQuery(TextNormalizer.trimmed(text))
        return try ShortWordSpelling(database: database).correct(base) ?? xapian
    }

    /// `.invalidInput` unless ``SearchQuery/maxIndexWait`` is absent or a finite number of
    /// seconds, at least 0.
    static func validateIndexWait(_ query: SearchQuery) throws {
        guard let wait = query.maxIndexWait, !(wait.isFinite && wait >= 0) else { return }
        throw SpotlightError(.invalidInput, "maxIndexWait must be a number of seconds ≥ 0, got \(wait)")
    }

    private func validate(_ query: SearchQuery) throws {
        try Self.validateIndexWait(query)
        for (member, names) in [("bundles", query.bundles), ("types", query.types)] {
            guard let count = names?.count, count > Self.maxScopeNames else { continue }
            throw SpotlightError(.invalidInput, "the query names \(count) \(member); the limit is \(Self.maxScopeNames): "
                + "leave \(member) out to search them all, or split the query")
        }
        if let length = query.snippets?.length, !(1...Self.maxSnippetLength).contains(length) {
            throw SpotlightError(.invalidInput, "snippet length must be 1...\(Self.maxSnippetLength), got \(length)")
        }
        if let language = query.language, !Languages.isWellFormed(language) {
            throw SpotlightError(.invalidInput, "the query language \"\(language)\" is not a BCP 47 tag; "
                + "name one such as en, de or fr-CA")
        }
        if let completions = query.completions, !(0...Self.maxCompletions).contains(completions) {
            throw SpotlightError(.invalidInput, "completions must be 0...\(Self.maxCompletions), got \(completions); "
                + "ask for at most \(Self.maxCompletions)")
        }
    }

    /// Runs a compiled query for the page, sorted, with facets, snippets and explanations.
    private func page(_ compiled: QueryCompiler.Compiled, _ query: SearchQuery, _ steps: inout SearchStepClock) throws -> Page {
        let enquire = try XapianEnquire(database: database, query: compiled.query)
        if let sort = query.sort { try enquire.setSort(sortOrder(sort)) }
        let facetNames = query.facets ?? []
        let facets = try facetNames.map { name in
            try facetSlots(name).map { (facet: try enquire.addFacet(slot: $0.slot), kind: $0.kind) }
        }
        let everything = facetNames.isEmpty ? 0 : try database.documentCount()
        let matches = try steps.time(\.match) {
            try enquire.matches(offset: query.offset, limit: query.limit, checkAtLeast: everything)
        }
        var hits: [SearchHit] = []
        var recordJSON: [[UInt8]] = []
        if recordsAsJSON {
            for (index, json) in try steps.time(\.records, { try pageRecordJSON(matches) }).enumerated() {
                guard let json else { continue }
                hits.append(SearchHit(record: Self.placeholder, score: try matches.weight(index) + compiled.scoreOffset))
                recordJSON.append(json)
            }
        } else {
            for (index, record) in try steps.time(\.records, { try pageRecords(matches) }).enumerated() {
                guard let record else { continue }
                var hit = SearchHit(record: record, score: try matches.weight(index) + compiled.scoreOffset)
                if let options = query.snippets { hit.snippet = try SnippetText.make(record, matches, index, options,
                                                                                     language: languageSettings.language(of: record)) }
                if query.explain == true { hit.explanation = try explanation(hit, matches.matchingTerms(index), query) }
                hits.append(hit)
            }
        }
        let totals = try steps.time(\.match) { try matches.totals() }
        var result = SearchResult(hits: hits, estimatedTotal: totals.estimate)
        result.totalLowerBound = totals.lower
        result.totalUpperBound = totals.upper
        if !facetNames.isEmpty {
            var counts: [String: [FacetCount]] = [:]
            for (name, slots) in zip(facetNames, facets) {
                counts[name] = try steps.time(\.match) { try facetCounts(enquire, name, slots) }
            }
            result.facets = counts
        }
        let inexact = try inexactFeatures(query)
        result.inexact = inexact.isEmpty ? nil : inexact
        return Page(result: result, recordJSON: recordJSON)
    }

    /// The record of each match, from its document data or, for a document holding only the
    /// key, from ``lookup`` in one read; nil for a record the lookup no longer has.
    func pageRecords(_ matches: XapianMatchSet) throws -> [Record?] {
        let contents = try (0..<(try matches.count)).map { try DocumentData.read(try matches.data($0), in: database.subject) }
        let keys = contents.compactMap { content -> RecordKey? in
            if case .key(let key) = content { return key }
            return nil
        }
        let found = keys.isEmpty ? [:]
            : Dictionary(try storeLookup().records(keys).map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        return try contents.map { content in
            switch content {
            case .record(let record): return record
            case .key(let key): return try found[key] ?? missing(key)
            }
        }
    }

    /// ``pageRecords(_:)`` as JSON text, not decoded: a document's data when it holds the
    /// record's JSON, else the store's text of the record.
    private func pageRecordJSON(_ matches: XapianMatchSet) throws -> [[UInt8]?] {
        let data = try (0..<(try matches.count)).map { try matches.data($0) }
        let keys = try data.map { bytes -> RecordKey? in
            guard case .key(let key) = try DocumentData.read(keyOf: bytes, in: database.subject) else { return nil }
            return key
        }
        let wanted = keys.compactMap { $0 }
        let found = wanted.isEmpty ? [:] : try storeLookup().recordJSON(wanted)
        return try zip(data, keys).map { bytes, key in
            guard let key else { return bytes }
            return try found[key] ?? missing(key)
        }
    }

    /// ``lookup``, or `.notFound` when documents hold only keys and no store was given.
    private func storeLookup() throws -> RecordLookup {
        guard let lookup else {
            throw SpotlightError(.notFound, "\(database.subject) holds only the keys of its records and no record "
                + "store was given to read them from; a shard's owning spotlightd must run with --records-in-index")
        }
        return lookup
    }

    /// A hit whose key the store does not have: nil (deleted after the revision being
    /// read), or `.notFound` when the lookup must find every key (a shard's).
    private func missing<T>(_ key: RecordKey) throws -> T? {
        guard !(lookup?.mustFind(key) ?? false) else {
            throw SpotlightError(.notFound, "the index holds only the key of \(key) and the record store "
                + "does not have it: a shard's owning spotlightd must run with --records-in-index "
                + "(docs/scale-out.md)")
        }
        return nil
    }

    /// The features of `query` this database cannot answer exactly: a sort, facet or range on a
    /// property one of whose slot keys was refused (``PropertySlots/isComplete(_:)``), and a sort
    /// or facet on a property some record holds text too long for its slots of
    /// (``PropertySlots/values(of:)``: a facet leaves it out, a sort reads its first bytes).
    private func inexactFeatures(_ query: SearchQuery) throws -> [String] {
        var features: [String] = []
        if let sort = query.sort {
            let field = TextNormalizer.fold(sort.by)
            if try !slots.isComplete(field) || (Self.fixedSorts[field] == nil && field != "relevance" && holdsLongText(field)) {
                features.append("sort")
            }
        }
        if try (query.facets ?? []).contains(where: { name in
            let field = TextNormalizer.fold(name)
            return try !slots.isComplete(field) || (Self.fixedFacets[field] == nil && holdsLongText(field))
        }) {
            features.append("facets")
        }
        // Folding only lower-cases ASCII text, so ASCII text comparing no values has no range
        // and is not folded again here (other text can gain some: NFKC makes `‥` two dots).
        let text = query.text ?? ""
        if !text.utf8.allSatisfy({ $0 < 0x80 }) || QueryRanges.mayCompareValues(text) {
            let folded = TextNormalizer.foldQuery(text)
            if QueryRanges.mayCompareValues(folded),
               QueryCompiler.fieldNames(in: folded).contains(where: { !slots.isComplete($0) }) {
                features.append("ranges")
            }
        }
        return features
    }

    /// Whether some record holds a value of `field` longer than its slots keep (``TermSchema/longText(_:)``).
    private func holdsLongText(_ field: String) throws -> Bool {
        try database.termFrequency(TermSchema.longText(field)) > 0
    }

    /// Whether `query` reads property slots: a sort or facet on a property, or a range or a
    /// value compared in its text (``QueryRanges/mayCompareValues(_:)``). A shard front reads the shards' slot registries only for such a query.
    static func usesPropertySlots(_ query: SearchQuery) -> Bool {
        let fixed: Set<String> = ["relevance", "title", "bundle", "type", "rankinghint", "expiration"]
        if let sort = query.sort, !fixed.contains(TextNormalizer.fold(sort.by)) { return true }
        if (query.facets ?? []).contains(where: { !fixed.contains(TextNormalizer.fold($0)) }) { return true }
        return query.text.map(QueryRanges.mayCompareValues) == true
    }

    /// The slot of a sort key; an unknown property sorts by an empty slot (order by relevance).
    private func sortOrder(_ sort: SearchSort) throws -> XapianEnquire.Sort {
        let key = TextNormalizer.fold(sort.by)
        guard key != "relevance" else { return .relevance }
        let slot = Self.fixedSorts[key]?.rawValue ?? slots.sortSlot(for: key) ?? TermSchema.unusedSlot
        return sort.relevanceFirst ? .relevanceThenValue(slot, descending: sort.descending)
                                   : .value(slot, descending: sort.descending)
    }

    /// The sort keys that name a fixed slot rather than a property (folded).
    static let fixedSorts: [String: ValueSlot] = ["title": .title, "bundle": .bundle, "type": .type,
                                                  "rankinghint": .rankingHint, "expiration": .expiration]
    /// The facets that count a fixed slot rather than a property (folded).
    static let fixedFacets: [String: ValueSlot] = ["type": .type, "bundle": .bundle]

    /// The slots a facet counts: a fixed one, or every slot holding the property (one per
    /// bundle and kind).
    private func facetSlots(_ name: String) throws -> [(slot: UInt32, kind: TermSchema.PropertyKind)] {
        let field = TextNormalizer.fold(name)
        if let fixed = Self.fixedFacets[field] { return [(fixed.rawValue, .text)] }
        return slots.entries(for: field).map { ($0.slot, $0.kind) }
    }

    /// A facet's counts over its slots, merged by the value shown (``FacetTally``: a property's
    /// text values that fold alike are one value). With several slots, text that may merge, or
    /// ties at the cut, each slot is read whole, so the merged top values are exact.
    private func facetCounts(_ enquire: XapianEnquire, _ name: String,
                             _ slots: [(facet: UInt32, kind: TermSchema.PropertyKind)]) throws -> [FacetCount] {
        let foldsText = Self.fixedFacets[TextNormalizer.fold(name)] == nil
        let whole = slots.count > 1 || (foldsText && slots.contains { $0.kind == .text })
        var counted = try facetCounts(enquire, slots, foldsText: foldsText,
                                      perSlot: whole ? .max : Self.maxFacetValues + 1)
        if counted.count > Int(Self.maxFacetValues),
           counted[Int(Self.maxFacetValues)].count == counted[Int(Self.maxFacetValues) - 1].count {
            // Xapian cut among equal counts in byte order, not ours: read the slot whole.
            counted = try facetCounts(enquire, slots, foldsText: foldsText, perSlot: .max)
        }
        return Array(counted.prefix(Int(Self.maxFacetValues)))
    }

    /// The merged and ordered counts of the first `perSlot` values of each slot.
    private func facetCounts(_ enquire: XapianEnquire, _ slots: [(facet: UInt32, kind: TermSchema.PropertyKind)],
                             foldsText: Bool, perSlot: UInt32) throws -> [FacetCount] {
        var tally = FacetTally(foldsText: foldsText)
        for (facet, kind) in slots {
            for (count, bytes) in try enquire.facetValues(facet, max: perSlot) {
                tally.add(count: count, bytes: bytes, kind: kind)
            }
        }
        return tally.counts()
    }

    /// A slot value as text: numbers without a needless `.0`, dates in ISO 8601.
    static func display(_ bytes: [UInt8], _ kind: TermSchema.PropertyKind) -> String {
        switch kind {
        case .text: return String(decoding: bytes, as: UTF8.self)
        case .date: return ISO8601.string(from: Date(timeIntervalSince1970: sortableUnserialise(bytes)))
        case .number:
            let number = sortableUnserialise(bytes)
            return number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        }
    }

    private func explanation(_ hit: SearchHit, _ terms: [String], _ query: SearchQuery) throws -> HitExplanation {
        let hasText = !TextNormalizer.trimmed(query.text ?? "").isEmpty
        let boost = hasText ? Double(hit.record.rankingHint ?? 0) * QueryCompiler.rankingHintScale : 0
        return HitExplanation(matches: terms.compactMap(Self.termMatch), relevance: hit.score - boost,
                              rankingHintBoost: boost)
    }

    /// The field a matched term is in, by its prefix (``TermSchema``); nil for boolean filters.
    static func termMatch(_ term: String) -> TermMatch? {
        var rest = Substring(term)
        let stemmed = rest.hasPrefix("Z")
        if stemmed { rest = rest.dropFirst() }
        let field: String
        if rest.hasPrefix("XP"), let colon = rest.firstIndex(of: ":") {
            field = String(rest[rest.index(rest.startIndex, offsetBy: 2)..<colon])
            rest = rest[rest.index(after: colon)...]
        } else if rest.hasPrefix(TermSchema.title) {
            (field, rest) = ("title", rest.dropFirst())
        } else if rest.hasPrefix(TermSchema.keyword) {
            (field, rest) = ("keyword", rest.dropFirst())
        } else if let first = rest.unicodeScalars.first, ("A"..."Z").contains(first) {
            return nil
        } else {
            field = "text"
        }
        return TermMatch(term: String(rest), field: field, stemmed: stemmed)
    }
}
