internal import CXapian

/// One search session on a database (Xapian's Enquire): a query, an order, facets; then
/// one page of matches as a ``XapianMatchSet``. Freed in `deinit`.
final class XapianEnquire {
    let handle: OpaquePointer
    let database: XapianDatabase   // kept alive: the enquire reads it

    enum Sort { case relevance, value(UInt32, descending: Bool), relevanceThenValue(UInt32, descending: Bool) }

    init(database: XapianDatabase, query: XapianQuery) throws {
        var out: OpaquePointer? = nil
        try check(database.subject, "search") { cx_enquire_new(database.handle, &out, $0) }
        handle = out!
        self.database = database
        try check(database.subject, "search") { cx_enquire_set_query(handle, query.handle, $0) }
    }

    deinit { cx_enquire_destroy(handle) }

    func setSort(_ sort: Sort) throws {
        let (kind, slot, descending): (cx_sort, UInt32, Bool)
        switch sort {
        case .relevance: (kind, slot, descending) = (CX_SORT_RELEVANCE, 0, false)
        case .value(let s, let d): (kind, slot, descending) = (CX_SORT_VALUE_THEN_RELEVANCE, s, d)
        case .relevanceThenValue(let s, let d): (kind, slot, descending) = (CX_SORT_RELEVANCE_THEN_VALUE, s, d)
        }
        try check(database.subject, "sort") { cx_enquire_set_sort(handle, kind, slot, descending ? 1 : 0, $0) }
    }

    /// Counts the values in `slot` over all matches; returns the facet's number.
    func addFacet(slot: UInt32) throws -> UInt32 {
        var facet: UInt32 = 0
        try check(database.subject, "count facets") { cx_enquire_add_facet(handle, slot, &facet, $0) }
        return facet
    }

    /// After ``matches(offset:limit:checkAtLeast:)``: the `max` most frequent values of a facet.
    func facetValues(_ facet: UInt32, max: UInt32) throws -> [(count: UInt64, value: [UInt8])] {
        try countedStrings(database.subject, "count facets") { cx_enquire_facet_values(handle, facet, max, $0, $1, $2) }
    }

    func matches(offset: Int, limit: Int, checkAtLeast: Int = 0) throws -> XapianMatchSet {
        var mset: OpaquePointer? = nil
        try check(database.subject, "search") {
            cx_enquire_get_mset_checking(handle, UInt64(max(0, offset)), UInt64(max(0, limit)),
                                         UInt64(max(0, checkAtLeast)), &mset, $0)
        }
        return XapianMatchSet(handle: mset!, enquire: self)
    }
}

/// One page of matches (Xapian's MSet), freed in `deinit`.
final class XapianMatchSet {
    let handle: OpaquePointer
    let enquire: XapianEnquire
    private var subject: String { enquire.database.subject }

    init(handle: OpaquePointer, enquire: XapianEnquire) {
        self.handle = handle
        self.enquire = enquire
    }

    deinit { cx_mset_destroy(handle) }

    var count: Int {
        get throws {
            var size: UInt64 = 0
            try check(subject, "search") { cx_mset_size(handle, &size, $0) }
            return Int(size)
        }
    }

    /// Xapian's estimate of the number of matches and its bounds.
    func totals() throws -> (estimate: Int, lower: Int, upper: Int) {
        var estimate: UInt64 = 0, lower: UInt64 = 0, upper: UInt64 = 0
        try check(subject, "search") { cx_mset_matches_estimated(handle, &estimate, $0) }
        try check(subject, "search") { cx_mset_matches_bounds(handle, &lower, &upper, $0) }
        return (Int(estimate), Int(lower), Int(upper))
    }

    func weight(_ index: Int) throws -> Double {
        var weight = 0.0
        try check(subject, "read a match") { cx_mset_weight(handle, UInt64(index), &weight, $0) }
        return weight
    }

    func data(_ index: Int) throws -> [UInt8] {
        var data: UnsafeMutablePointer<CChar>? = nil
        var count = 0
        try check(subject, "read a match") { cx_mset_document_data(handle, UInt64(index), &data, &count, $0) }
        return takeBytes(data, count: count)
    }

    /// The query terms the match at `index` holds.
    func matchingTerms(_ index: Int) throws -> [String] {
        try countedStrings(subject, "explain a match") {
            cx_enquire_matching_terms(enquire.handle, handle, UInt64(index), $0, $1, $2)
        }.map { String(decoding: $0.value, as: UTF8.self) }
    }

    /// Xapian's snippet of `text` for this page's query (HTML-escaped by Xapian), the words
    /// stemmed in `language` (a BCP 47 tag; "" is English).
    func snippet(_ text: String, length: Int, start: String, end: String, language: String = "") throws -> String {
        var out: UnsafeMutablePointer<CChar>? = nil
        var count = 0
        try withBytes(text) { bytes, byteCount in
            try check(subject, "make a snippet") {
                cx_mset_snippet(handle, bytes, byteCount, max(0, length), start, end, language, &out, &count, $0)
            }
        }
        return String(decoding: takeBytes(out, count: count), as: UTF8.self)
    }
}

/// Calls a CXapian function that returns a counted-string list (see cxapian.h) and decodes it.
func countedStrings(_ subject: String, _ operation: String,
                    _ body: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, UnsafeMutablePointer<Int>, CXErrorOut) -> cx_status)
    throws -> [(count: UInt64, value: [UInt8])] {
    var list: UnsafeMutablePointer<CChar>? = nil
    var length = 0
    try check(subject, operation) { body(&list, &length, $0) }
    let bytes = takeBytes(list, count: length)
    var result: [(count: UInt64, value: [UInt8])] = []
    var at = 0
    func number() -> UInt64 {
        defer { at += 8 }
        return (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[at + $1]) << (8 * UInt64($1)) }
    }
    while at + 16 <= bytes.count {
        let count = number()
        let size = Int(number())
        guard at + size <= bytes.count else { break }
        result.append((count, Array(bytes[at..<at + size])))
        at += size
    }
    return result
}
