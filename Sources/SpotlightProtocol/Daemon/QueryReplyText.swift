import SpotlightModel

/// The `query` method's result as JSON text with each hit's record spliced in as the record
/// store's JSON text of it (docs/records.md), so spotlightd never decodes a hit's record to
/// encode it again. Everything else is written by the one codec (``JSONValueEncoder``) from
/// ``SearchResult`` and ``SearchHit``; only their `hits` and `record` members are put together
/// here. A client reads the text as any ``SearchResult``.
///
/// ```swift
/// let text = try QueryReplyText.encode(result, recordJSON: recordJSON)   // {"hits":[{"record":{...},"score":9.4}],...}
/// ```
public enum QueryReplyText {
    /// - Parameters:
    ///   - result: the result; its hits' records are ignored (placeholders).
    ///   - recordJSON: each hit's record as complete JSON text, in hit order.
    /// - Throws: `.internal` when the counts differ or a value cannot be encoded.
    public static func encode(_ result: SearchResult, recordJSON: [[UInt8]]) throws -> [UInt8] {
        guard recordJSON.count == result.hits.count else {
            throw SpotlightError(.internal, "\(result.hits.count) hits but \(recordJSON.count) records to reply with")
        }
        var rest = result
        rest.hits = []
        var out = Array(#"{"hits":["#.utf8)
        for (index, hit) in result.hits.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out += Array(#"{"record":"#.utf8)
            out += recordJSON[index]
            appendMembers(of: try members(of: hit), except: "record", to: &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "]"))
        appendMembers(of: try JSONValue(encoding: rest), except: "hits", to: &out)
        out.append(UInt8(ascii: "}"))
        return out
    }

    /// The hit as the codec writes it. A hit with only its score (what a query without
    /// snippets or explanations gives) is written here, without encoding its placeholder
    /// record through `Encodable` only to drop it again.
    private static func members(of hit: SearchHit) throws -> JSONValue {
        guard hit.snippet == nil, hit.explanation == nil, hit.score.isFinite else { return try JSONValue(encoding: hit) }
        return .object(["score": .double(hit.score)])
    }

    /// Appends `,` and the members of `object` but `excluded`, as the codec writes them, sorted
    /// by name as the rest of a response's result is (docs/protocol.md).
    private static func appendMembers(of object: JSONValue, except excluded: String, to out: inout [UInt8]) {
        guard case .object(var members) = object else { return }
        members[excluded] = nil
        guard !members.isEmpty else { return }
        var text: [UInt8] = []
        JSONValue.object(members).write(into: &text, sortingKeys: true)   // "{...}"
        out.append(UInt8(ascii: ","))
        out += text[1..<(text.count - 1)]
    }
}
