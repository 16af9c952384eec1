import SpotlightModel
import SpotlightWire

/// The query method's params read without Foundation's JSONDecoder, which was a large part
/// of the daemon's own cost per query (the result is written by `SearchResult.jsonValue()`).
/// Anything the fast reader does not recognise goes through `Codable`, so errors (and their
/// wording) are unchanged.
enum QueryWire {
    /// The query in `params`: read directly when it has the common shape, else decoded
    /// with `Codable` (which names a wrong field).
    ///
    /// ```swift
    /// let q = try QueryWire.query(from: .object(["text": .string("saturn"), "limit": .int(10)]))
    /// ```
    static func query(from params: JSONValue?) throws(RPCError) -> SearchQuery {
        if let fast = fastQuery(params ?? .object([:])) { return fast }
        return try params.decode(SearchQuery.self)
    }

    /// nil when a member is of a kind the fast reader leaves to `Codable` (a sort, snippet
    /// options, a wrong type, a number that is not an exact integer).
    static func fastQuery(_ params: JSONValue) -> SearchQuery? {
        guard case .object(let o) = params else { return nil }
        var query = SearchQuery(text: nil)
        for (key, value) in o where value != .null {
            switch key {
            case "text": guard case .string(let s) = value else { return nil }; query.text = s
            case "bundles": guard let a = value.stringArrayValue else { return nil }; query.bundles = a
            case "types": guard let a = value.stringArrayValue else { return nil }; query.types = a
            case "facets": guard let a = value.stringArrayValue else { return nil }; query.facets = a
            case "offset": guard let n = value.intValue else { return nil }; query.offset = n
            case "limit": guard let n = value.intValue else { return nil }; query.limit = n
            case "completions": guard let n = value.intValue else { return nil }; query.completions = n
            case "explain": guard case .bool(let b) = value else { return nil }; query.explain = b
            case "language": guard case .string(let s) = value else { return nil }; query.language = s
            case "spelling":
                guard case .string(let s) = value, let mode = SpellingMode(rawValue: s) else { return nil }
                query.spelling = mode
            case "sort", "snippets": return nil
            default: continue  // unknown members are ignored, as Codable does
            }
        }
        return query
    }
}
