import Foundation

/// Reading a query's answer straight from its JSON text, with no ``JSONValue`` tree between:
/// what a client does with spotlightd's reply to `query`. Parsing the reply into a tree and
/// then reading the result from it took about 0.1 ms for ten hits, mostly building a
/// dictionary per object and a string per member name.
///
/// It takes the shape ``SearchResult``'s tree reader takes (``JSONTreeReadable``): hits of a
/// record and a score only, the estimate and bounds as ints, the optional texts and lists,
/// and the steps' timing as doubles. Anything else (snippets, explanations, facets, an unknown
/// member, a value of another type, text after the object) gives nil, and the caller parses
/// the text and decodes it the usual way, which words every error. So a reply reads the same
/// either way.
///
/// ```swift
/// let result = try SearchResult.read(text: bytes) ?? JSONValue.parse(bytes: bytes).decode(SearchResult.self)
/// ```
extension SearchResult {
    package static func read(text: UnsafeRawBufferPointer) -> SearchResult? {
        var reader = JSONPullReader(bytes: text)
        guard let result = reader.searchResult(), reader.atEnd() else { return nil }
        return result
    }
}

extension JSONPullReader {
    /// A query's answer of the usual shape (``SearchResult/read(text:)``'s), or nil.
    mutating func searchResult() -> SearchResult? {
        var hits: [SearchHit]?
        var estimate: Int?
        var result = SearchResult(hits: [], estimatedTotal: 0)
        guard var more = open(UInt8(ascii: "{")) else { return nil }
        while more {
            guard let name = memberName() else { return nil }
            // As the tree reader: a null member is as if absent, but hits and the estimate must be there.
            if !nullValue() {
                switch name {
                case _ where Self.equal(name, "hits"): guard let read = searchHits() else { return nil }; hits = read
                case _ where Self.equal(name, "estimatedTotal"): guard let n = int() else { return nil }; estimate = n
                case _ where Self.equal(name, "totalLowerBound"): guard let n = int() else { return nil }; result.totalLowerBound = n
                case _ where Self.equal(name, "totalUpperBound"): guard let n = int() else { return nil }; result.totalUpperBound = n
                case _ where Self.equal(name, "correctedText"): guard let text = string() else { return nil }; result.correctedText = text
                case _ where Self.equal(name, "retriedWithCorrection"):
                    guard let retried = bool() else { return nil }
                    result.retriedWithCorrection = retried
                case _ where Self.equal(name, "completions"): guard let texts = strings() else { return nil }; result.completions = texts
                case _ where Self.equal(name, "missingShards"): guard let texts = strings() else { return nil }; result.missingShards = texts
                case _ where Self.equal(name, "inexact"): guard let texts = strings() else { return nil }; result.inexact = texts
                case _ where Self.equal(name, "timing"): guard let timing = searchTiming() else { return nil }; result.timing = timing
                default: return nil
                }
            } else if Self.equal(name, "hits") || Self.equal(name, "estimatedTotal") {
                return nil
            }
            guard let next = close(UInt8(ascii: "}")) else { return nil }
            more = next
        }
        guard let hits, let estimate else { return nil }
        result.hits = hits
        result.estimatedTotal = estimate
        return result
    }

    /// Hits of a record and a finite score (written as a double) each, nothing else.
    private mutating func searchHits() -> [SearchHit]? {
        var hits: [SearchHit] = []
        guard var more = open(UInt8(ascii: "[")) else { return nil }
        while more {
            var record: Record?
            var score: Double?
            guard var member = open(UInt8(ascii: "{")) else { return nil }
            while member {
                guard let name = memberName() else { return nil }
                if Self.equal(name, "record"), record == nil {
                    guard let read = self.record() else { return nil }
                    record = read
                } else if Self.equal(name, "score"), score == nil {
                    guard case .double(let value)? = number(), value.isFinite else { return nil }
                    score = value
                } else {
                    return nil
                }
                guard let next = close(UInt8(ascii: "}")) else { return nil }
                member = next
            }
            guard let record, let score else { return nil }
            hits.append(SearchHit(record: record, score: score))
            guard let next = close(UInt8(ascii: "]")) else { return nil }
            more = next
        }
        return hits
    }

    /// A search's timing: its four steps' seconds, each once as a finite double, nothing else.
    /// A query that asks for timing (`spotlightctl query --timing`, the benchmark) reads its
    /// reply this way too; through the tree it took about 0.1 ms more.
    private mutating func searchTiming() -> SearchTiming? {
        var seconds: [Double?] = [nil, nil, nil, nil]
        guard var more = open(UInt8(ascii: "{")) else { return nil }
        while more {
            guard let name = memberName() else { return nil }
            let step: Int
            switch name {
            case _ where Self.equal(name, "compileSeconds"): step = 0
            case _ where Self.equal(name, "matchSeconds"): step = 1
            case _ where Self.equal(name, "recordsSeconds"): step = 2
            case _ where Self.equal(name, "searchSeconds"): step = 3
            default: return nil
            }
            guard seconds[step] == nil, case .double(let value)? = number(), value.isFinite else { return nil }
            seconds[step] = value
            guard let next = close(UInt8(ascii: "}")) else { return nil }
            more = next
        }
        guard let compile = seconds[0], let match = seconds[1], let records = seconds[2], let search = seconds[3] else {
            return nil
        }
        return SearchTiming(compileSeconds: compile, matchSeconds: match, recordsSeconds: records, searchSeconds: search)
    }

    /// An integer that fits an `Int` (the tree reader's `.int`).
    private mutating func int() -> Int? {
        guard case .int(let value)? = number() else { return nil }
        return Int(exactly: value)
    }
}
