import Foundation

/// Why a JSON value is not a record, as ``Record/reading(json:)`` found it.
public struct RecordJSONProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, naming the record (its key, once read) and the field or property.
    public var message: String
    /// A property's number does not fit its declared kind (an int beyond 64 bits or with a
    /// fraction, a double beyond its range); false when the JSON is not shaped like a record.
    public var numberDoesNotFit: Bool

    public var description: String { message }
}

/// Reading a record from a parsed ``JSONValue`` without `Codable`, for hot paths (every
/// search hit is read back from the index this way) and as the strict reader of what others
/// send (donations, imports). Accepts what `Record.init(from:)` accepts, except numbers that
/// do not fit their kind (see docs/records.md, Numbers).
extension Record {
    /// - Throws: `SpotlightError(.invalidInput)` naming the record (its key, once read) and
    ///   the field or property that is wrong.
    public init(json: JSONValue) throws {
        switch Self.reading(json: json) {
        case .success(let record): self = record
        case .failure(let problem): throw SpotlightError(.invalidInput, problem.message)
        }
    }

    /// The record in `json`, or what is wrong with it.
    ///
    /// ```swift
    /// if case .failure(let problem) = Record.reading(json: value), problem.numberDoesNotFit { ... }
    /// ```
    public static func reading(json: JSONValue) -> Result<Record, RecordJSONProblem> {
        do {
            return .success(try Record(reading: json))
        } catch let problem as RecordJSONProblem {
            return .failure(problem)
        } catch {
            return .failure(RecordJSONProblem(message: "not a record: \(error)", numberDoesNotFit: false))
        }
    }

    private init(reading json: JSONValue) throws {
        guard case .object(let o) = json else { throw Self.bad("a record must be a JSON object") }
        func text(_ key: String) throws -> String? {
            switch o[key] {
            case nil, .null?: return nil
            case .string(let s)?: return s
            default: throw Self.bad("\(key) must be a string")
            }
        }
        guard let bundle = try text("bundle") else { throw Self.bad("bundle is missing") }
        guard let type = try text("type") else { throw Self.bad("type is missing") }
        guard let id = try text("id") else { throw Self.bad("id is missing") }
        let key = RecordKey(bundle: bundle, type: type, id: id)
        func bad(_ message: String, numberDoesNotFit: Bool = false) -> RecordJSONProblem {
            Self.bad(message, key: key, numberDoesNotFit: numberDoesNotFit)
        }
        func texts(_ name: String) throws -> [String] {
            switch o[name] {
            case nil, .null?: return []
            case .array(let a)?:
                return try a.map { guard case .string(let s) = $0 else { throw bad("\(name) must hold strings") }; return s }
            default: throw bad("\(name) must be an array of strings")
            }
        }
        var properties: [String: PropertyValue] = [:]
        switch o["properties"] {
        case nil, .null?: break
        case .object(let p)?:
            for (name, value) in p {
                do {
                    properties[name] = try PropertyValue(json: value)
                } catch let problem as PropertyValue.Problem {
                    throw bad("property \(name) \(problem.message)", numberDoesNotFit: problem.numberDoesNotFit)
                }
            }
        default: throw bad("properties must be an object")
        }
        var expiration: Date?
        switch o["expiration"] {
        case nil, .null?: break
        case .string(let e)?:
            guard let d = ISO8601.date(from: e) else { throw bad("expiration is not an ISO 8601 date: \(e)") }
            expiration = d
        default: throw bad("expiration must be a string")
        }
        var hint: Int?
        switch o["rankingHint"] {
        case nil, .null?: break
        case let value?:
            guard let n = value.intValue, (0...100).contains(n) else {
                throw bad("rankingHint must be a whole number 0...100, got \(String(decoding: value.serialized(), as: UTF8.self))")
            }
            hint = n
        }
        self.init(bundle: bundle, type: type, id: id, title: try text("title") ?? "", subtitle: try text("subtitle"),
                  synonyms: try texts("synonyms"), keywords: try texts("keywords"), properties: properties,
                  domain: try text("domain"), expiration: expiration, rankingHint: hint, language: try text("language"))
    }

    static func bad(_ message: String, key: RecordKey? = nil, numberDoesNotFit: Bool = false) -> RecordJSONProblem {
        RecordJSONProblem(message: key.map { "record \($0): " + message } ?? "not a record: " + message,
                          numberDoesNotFit: numberDoesNotFit)
    }
}

extension PropertyValue {
    /// Why a JSON value is not a property value, worded to follow "property NAME".
    struct Problem: Error {
        var message: String
        /// A number that does not fit the kind its key names, rather than a value of the wrong shape.
        var numberDoesNotFit = false
    }

    /// A property value from its tagged JSON form (see docs/records.md). An `int` must be a
    /// whole number in 64 bits (an integer literal, or a whole double below 2^53 in
    /// magnitude); a `double` must be finite, and an integer literal given for it must be
    /// one a double holds exactly.
    init(json: JSONValue) throws {
        // Exactly one type key; other keys are ignored, as the Codable form ignores them.
        guard case .object(let o) = json else {
            throw Problem(message: "must be an object with exactly one type key (\(Self.typeKeys.joined(separator: ", ")))")
        }
        let tags = o.keys.filter(Self.typeKeys.contains)
        guard tags.count == 1, let tag = tags.first, let value = o[tag] else {
            throw Problem(message: tags.isEmpty
                ? "must be an object with exactly one type key (\(Self.typeKeys.joined(separator: ", ")))"
                : "has \(tags.count) type keys (\(tags.sorted().joined(separator: ", "))); give exactly one")
        }
        func string() throws -> String {
            guard case .string(let s) = value else { throw Problem(message: "(\(tag)) must be a string") }
            return s
        }
        func shown() -> String { String(decoding: json.serialized(), as: UTF8.self) }
        switch (tag, value) {
        case ("string", _): self = .string(try string())
        case ("enum", _): self = .enumCase(try string())
        case ("int", .int(let n)): self = .int(Int(n))
        case ("int", .double(let d)):
            guard d.rounded() == d, abs(d) < JSONValue.exactDoubleIntegerLimit else {
                throw Problem(message: "is \(shown()): an int is a whole number from \(Int64.min) to \(Int64.max); "
                    + "write it as an integer without a fraction or exponent, or donate it as a double",
                    numberDoesNotFit: true)
            }
            self = .int(Int(d))
        case ("double", .double(let d)):
            guard d.isFinite else {
                throw Problem(message: "is beyond the range of a double (about ±1.8e308); a double must be finite",
                              numberDoesNotFit: true)
            }
            self = .double(d)
        case ("double", .int(let n)):
            guard let d = Double(exactly: n) else {
                throw Problem(message: "is \(shown()): a double cannot hold \(n) exactly; donate it as an int",
                              numberDoesNotFit: true)
            }
            self = .double(d)
        case ("bool", .bool(let b)): self = .bool(b)
        case ("date", _):
            let s = try string()
            guard let d = ISO8601.date(from: s) else { throw Problem(message: "is not an ISO 8601 date: \(s)") }
            self = .date(d)
        case ("url", _):
            let s = try string()
            guard let u = URL(string: s) else { throw Problem(message: "is not a URL: \(s)") }
            self = .url(u)
        case ("entity", .object(let ref)):
            guard case .string(let type)? = ref["type"], case .string(let id)? = ref["id"] else {
                throw Problem(message: "(entity) needs a string type and id")
            }
            self = .entity(EntityReference(type: type, id: id))
        case ("array", .array(let items)):
            var elements: [PropertyValue] = []
            elements.reserveCapacity(items.count)
            for (n, item) in items.enumerated() {
                do {
                    elements.append(try PropertyValue(json: item))
                } catch let problem as Problem {
                    throw Problem(message: "element \(n) " + problem.message, numberDoesNotFit: problem.numberDoesNotFit)
                }
            }
            self = .array(elements)
        default:
            throw Problem(message: "is \(shown()): the value is not of the kind its key \(tag) names")
        }
    }

    /// The keys that name a property value's type.
    static let typeKeys = ["string", "int", "double", "bool", "date", "url", "enum", "entity", "array"]
}

/// Writing a record as a ``JSONValue`` without `Codable`: the same JSON form as
/// `Record.encode(to:)`, for hot paths (every search hit the daemon sends).
extension Record {
    public var jsonValue: JSONValue {
        var o: [String: JSONValue] = ["bundle": .string(bundle), "type": .string(type), "id": .string(id),
                                      "title": .string(title)]
        if let subtitle { o["subtitle"] = .string(subtitle) }
        if !synonyms.isEmpty { o["synonyms"] = .array(synonyms.map(JSONValue.string)) }
        if !keywords.isEmpty { o["keywords"] = .array(keywords.map(JSONValue.string)) }
        if !properties.isEmpty { o["properties"] = .object(properties.mapValues(\.jsonValue)) }
        if let domain { o["domain"] = .string(domain) }
        if let expiration { o["expiration"] = .string(ISO8601.string(from: expiration)) }
        if let rankingHint { o["rankingHint"] = .int(Int64(rankingHint)) }
        if let language { o["language"] = .string(language) }
        return .object(o)
    }
}

extension PropertyValue {
    /// The tagged JSON form (see docs/records.md).
    public var jsonValue: JSONValue {
        switch self {
        case .string(let v): return .object(["string": .string(v)])
        case .int(let v): return .object(["int": .int(Int64(v))])
        case .double(let v): return .object(["double": .double(v)])
        case .bool(let v): return .object(["bool": .bool(v)])
        case .date(let v): return .object(["date": .string(ISO8601.string(from: v))])
        case .url(let v): return .object(["url": .string(v.absoluteString)])
        case .enumCase(let v): return .object(["enum": .string(v)])
        case .entity(let r): return .object(["entity": .object(["type": .string(r.type), "id": .string(r.id)])])
        case .array(let vs): return .object(["array": .array(vs.map(\.jsonValue))])
        }
    }
}

extension SearchResult {
    /// The JSON form of the result (the same as its `Codable` form), written directly:
    /// Foundation's JSONEncoder was a fifth of the daemon's own cost per query.
    ///
    /// ```swift
    /// let bytes = try result.jsonValue().serialized()
    /// ```
    public func jsonValue() throws -> JSONValue {
        let hits = try hits.map { hit in
            var h: [String: JSONValue] = ["record": hit.record.jsonValue, "score": .double(hit.score)]
            if let snippet = hit.snippet { h["snippet"] = .string(snippet) }
            if let explanation = hit.explanation { h["explanation"] = try JSONValue(encoding: explanation) }
            return JSONValue.object(h)
        }
        var o: [String: JSONValue] = ["hits": .array(hits), "estimatedTotal": .int(Int64(estimatedTotal))]
        if let n = totalLowerBound { o["totalLowerBound"] = .int(Int64(n)) }
        if let n = totalUpperBound { o["totalUpperBound"] = .int(Int64(n)) }
        if let s = correctedText { o["correctedText"] = .string(s) }
        if let b = retriedWithCorrection { o["retriedWithCorrection"] = .bool(b) }
        if let c = completions { o["completions"] = .array(c.map(JSONValue.string)) }
        if let facets {
            o["facets"] = .object(facets.mapValues { counts in
                .array(counts.map { .object(["value": .string($0.value), "count": .int(Int64($0.count))]) })
            })
        }
        if let m = missingShards { o["missingShards"] = .array(m.map(JSONValue.string)) }
        if let i = inexact { o["inexact"] = .array(i.map(JSONValue.string)) }
        return .object(o)
    }
}

extension SearchResult {
    /// Reads a result from its JSON form, each hit's record without `Codable`.
    /// - Throws: `SpotlightError(.invalidInput)` or a `DecodingError` naming what is wrong.
    public init(json: JSONValue) throws {
        guard case .object(var o) = json, case .array(let hits)? = o["hits"] else {
            throw SpotlightError(.invalidInput, "not a search result: it needs a hits array")
        }
        o["hits"] = .array([])
        var result = try SearchResult.topLevel(o) ?? JSONValue.object(o).decode(SearchResult.self)
        result.hits = try hits.map { hit in
            guard case .object(let h) = hit, let record = h["record"], let score = h["score"]?.doubleValue else {
                throw SpotlightError(.invalidInput, "not a search hit: it needs a record and a score")
            }
            var read = SearchHit(record: try Record(json: record), score: score)
            if case .string(let snippet)? = h["snippet"] { read.snippet = snippet }
            if let explanation = h["explanation"], explanation != .null {
                read.explanation = try explanation.decode(HitExplanation.self)
            }
            return read
        }
        self = result
    }
}

extension SearchResult {
    /// The result's members other than its hits, read directly; nil when one is not of the
    /// expected kind, so that `Codable` reports it with its usual wording.
    static func topLevel(_ o: [String: JSONValue]) -> SearchResult? {
        // .some(nil) for a member absent or null, nil for one of another kind.
        func int(_ key: String) -> Int?? {
            guard let value = o[key], value != .null else { return .some(nil) }
            return value.intValue.map { .some($0) }
        }
        func strings(_ key: String) -> [String]?? {
            guard let value = o[key], value != .null else { return .some(nil) }
            return value.stringArrayValue.map { .some($0) }
        }
        guard case .some(.some(let total)) = int("estimatedTotal"),
              case .some(let lower) = int("totalLowerBound"), case .some(let upper) = int("totalUpperBound"),
              case .some(let completions) = strings("completions"),
              case .some(let missing) = strings("missingShards"),
              case .some(let inexact) = strings("inexact") else { return nil }
        var result = SearchResult(hits: [], estimatedTotal: total, missingShards: missing)
        result.inexact = inexact
        result.totalLowerBound = lower
        result.totalUpperBound = upper
        result.completions = completions
        switch o["correctedText"] {
        case nil, .null?: break
        case .string(let s)?: result.correctedText = s
        default: return nil
        }
        switch o["retriedWithCorrection"] {
        case nil, .null?: break
        case .bool(let b)?: result.retriedWithCorrection = b
        default: return nil
        }
        switch o["facets"] {
        case nil, .null?: break
        case .object(let facets)?:
            var read: [String: [FacetCount]] = [:]
            for (name, value) in facets {
                guard case .array(let counts) = value else { return nil }
                var list: [FacetCount] = []
                for count in counts {
                    guard case .object(let c) = count, case .string(let v)? = c["value"],
                          let n = c["count"]?.intValue else { return nil }
                    list.append(FacetCount(value: v, count: n))
                }
                read[name] = list
            }
            result.facets = read
        default: return nil
        }
        return result
    }
}
