import Foundation
import SpotlightModel

/// Turns a record into its Xapian document following ``TermSchema``, and the document
/// data back into the record. The data is the record's JSON (sorted keys), so a search
/// returns exactly what was donated, or only its key (``DocumentData``) when the record
/// store beside the index holds the record.
enum RecordDocument {
    /// - Parameters:
    ///   - donated: when the store last took the record; the `modified` slot falls back to it.
    ///   - slots: the writer's slot registry; a property value goes into its slot when the
    ///     registry accepts the slot's key (register ``PropertySlots/values(of:)`` first).
    ///   - language: the BCP 47 tag the text is stemmed in (``Languages``).
    ///   - data: what the document data holds.
    static func make(_ record: Record, donated: Date? = nil, slots: PropertySlots,
                     language: String = Languages.english, data: DocumentData.Mode = .record) throws -> XapianDocument {
        let doc = try XapianDocument()
        try doc.setLanguage(language)
        try doc.addBooleanTerm(UniqueKey.term(for: record.key))
        for term in booleanTerms(record) { try doc.addBooleanTerm(term) }

        let fold = TextNormalizer.fold
        // Every word once with positions in the free text; field terms once, as stems, without
        // positions (a field phrase is matched on the free text: cx_query_expand_wildcards).
        let title = fold(record.title)
        try doc.indexFieldText(title, prefix: TermSchema.title)
        try doc.indexText(title, weight: TermSchema.titleWeight)
        // French, Italian, Catalan: `d'orion` is also found by `orion` (in the title field too).
        let elided = Elision.remainders(of: title, language: language)
        if !elided.isEmpty {
            try doc.indexFieldText(elided, prefix: TermSchema.title)
            try doc.indexText(elided, weight: TermSchema.titleWeight)
        }
        for synonym in record.synonyms { try doc.indexText(fold(synonym), weight: TermSchema.titleWeight) }
        if let subtitle = record.subtitle { try indexTextAndElisions(fold(subtitle), language, doc) }
        for keyword in record.keywords {
            try doc.indexFieldText(fold(keyword), prefix: TermSchema.keyword)
            try indexTextAndElisions(fold(keyword), language, doc)
        }
        for (name, value) in record.properties.sorted(by: { $0.key < $1.key }) {
            let field = propertyField(name)
            var markedLong = false
            for text in value.searchableText {
                if let field, text.utf8.count > TermSchema.longTextBytes {
                    if !markedLong { try doc.addBooleanTerm(TermSchema.longText(field)) }
                    markedLong = true
                } else if let field {
                    try doc.indexFieldText(fold(text), prefix: TermSchema.property(field))
                }
                try indexTextAndElisions(fold(text), language, doc)
            }
            // `done:true`, `attendees:12`: flags and whole numbers as field words, not free text.
            if let field {
                for word in filterWords(value) { try doc.indexFieldText(word, prefix: TermSchema.property(field)) }
            }
        }

        if let expiration = record.expiration {
            try doc.setValue(.expiration, sortableSerialise(expiration.timeIntervalSince1970))
        }
        if let time = RecencyBoost.time(of: record, donated: donated) { try doc.setValue(.modified, sortableSerialise(time)) }
        if let hint = record.rankingHint { try doc.setValue(.rankingHint, sortableSerialise(Double(hint))) }
        try doc.setValue(.bundle, Array(record.bundle.utf8))
        try doc.setValue(.type, Array(record.type.utf8))
        try doc.setValue(.title, Array(title.utf8))
        for stored in PropertySlots.values(of: record) where slots.accepts(stored.key) {
            try doc.setValue(slot: stored.slot, stored.bytes)
        }
        try doc.setData(try DocumentData.encode(record, data))
        return doc
    }

    /// Indexes folded `text` as free text, then the words its elided articles hid (``Elision``).
    private static func indexTextAndElisions(_ text: String, _ language: String, _ doc: XapianDocument) throws {
        try doc.indexText(text)
        let elided = Elision.remainders(of: text, language: language)
        if !elided.isEmpty { try doc.indexText(elided) }
    }

    /// The record as stored in the document data: JSON with sorted keys, as in the record store.
    static func encode(_ record: Record) throws -> Data { try StoredJSON.encode(record) }

    static func decode(_ data: [UInt8], in subject: String) throws -> Record {
        do {
            return try data.withUnsafeBytes(StoredJSON.decodeRecord(from:))
        } catch {
            throw SpotlightError(.corrupt, "a document in \(subject) does not hold a record; "
                + "rebuild the index from the record store", underlying: "\(error)")
        }
    }

    /// `a.b.c` -> `a`, `a.b`, `a.b.c` (folded); empty for no domain.
    static func domainAncestors(_ domain: String) -> [String] {
        let parts = TextNormalizer.fold(domain).split(separator: ".", omittingEmptySubsequences: false)
        guard !domain.isEmpty else { return [] }
        return (1...parts.count).map { parts.prefix($0).joined(separator: ".") }
    }

    /// The bundle, type and domain terms (each domain ancestor's) of a record; a value past
    /// Xapian's term limit is hashed (``TermSchema/booleanTerm(_:_:)``), so a record a store
    /// took before donations were checked for it is indexed instead of stopping the index.
    static func booleanTerms(_ record: Record) -> [String] {
        [TermSchema.booleanTerm(TermSchema.bundle, record.bundle), TermSchema.booleanTerm(TermSchema.type, record.type)]
            + domainAncestors(record.domain ?? "").map { TermSchema.booleanTerm(TermSchema.domain, $0) }
    }

    /// Checks, before the store takes a record, that its bundle, type and domain fit the index
    /// whole (a hashed term could not be filtered by `type:`, `bundle:` or `domain:`).
    /// - Throws: `.invalidInput` naming the value that is too long.
    static func checkTerms(_ record: Record) throws {
        let values = [(TermSchema.bundle, record.bundle, "bundle"), (TermSchema.type, record.type, "type")]
            + domainAncestors(record.domain ?? "").map { (TermSchema.domain, $0, "domain") }
        for (prefix, value, what) in values where TermSchema.wholeTerm(prefix, value) == nil {
            let whole = what == "domain" ? record.domain ?? value : value
            throw SpotlightError(.invalidInput, "the \(what) of record \(record.key.brief) is \(whole.utf8.count) bytes; "
                + "the index allows at most \(TermSchema.maxTermBytes - prefix.utf8.count) (folded): shorten it")
        }
    }

    /// The words a bool or a non-negative int (or an array of them) is found by in its field:
    /// `true`/`false`, the decimal digits. A negative int would lose its sign to the word
    /// splitter, so it is found by its value slot only (`n:-2` is the range `-2..-2`, see
    /// ``QueryRanges``).
    static func filterWords(_ value: PropertyValue) -> [String] {
        switch value {
        case .bool(let flag): return [flag ? "true" : "false"]
        case .int(let number) where number >= 0: return [String(number)]
        case .array(let items): return items.flatMap(filterWords)
        default: return []
        }
    }

    /// The folded property name usable as a query field (`[a-z][a-z0-9_]*`, at most 64
    /// bytes), or nil when the property can only be found by unprefixed words.
    static func propertyField(_ name: String) -> String? {
        let folded = TextNormalizer.fold(name)
        guard let first = folded.unicodeScalars.first, ("a"..."z").contains(first),
              folded.utf8.count <= 64,
              folded.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" })
        else { return nil }
        return folded
    }
}
