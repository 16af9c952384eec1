import SpotlightModel

/// A call's result for a caller that reads it from its JSON text itself
/// (``RPCClient/callForText(_:_:timeout:)``): the text as the server wrote it, when the
/// response is the envelope ``RPCMessage/responseLine(id:resultText:)`` writes around a result
/// already in text (``RPCImmediateResult/text(_:)``); otherwise the result parsed as usual.
/// Other responses whose members happen to be written in that envelope's order come back as
/// text too, so a caller reads both cases (``parsed()`` when it wants a value).
///
/// ```swift
/// switch try await client.callForText("query", params, timeout: .seconds(5)) {
/// case .text(let bytes): read(bytes)          // not yet checked to be JSON: the reader checks it
/// case .value(let value): read(value)
/// }
/// ```
public enum RPCResultReply: Sendable {
    /// The result's bytes, cut out of the response unparsed.
    case text([UInt8])
    case value(JSONValue)

    /// The result as a value, parsing the text when there is one.
    /// - Throws: `.internal` when the text is not JSON.
    public func parsed() throws -> JSONValue {
        switch self {
        case .value(let value): return value
        case .text(let bytes):
            do {
                return try bytes.withUnsafeBytes { try JSONValue.parse(bytes: $0) }
            } catch {
                throw SpotlightError(.internal, "the server's result is not JSON: \(error)")
            }
        }
    }
}

extension RPCMessage {
    /// The id and the result's bytes of a frame that is exactly a success response as
    /// ``responseLine(id:resultText:)`` writes it with a numeric id (what this project's servers
    /// send for a result in text); nil for any other frame, which is parsed as usual. Only the
    /// envelope is checked: the result's text is for its reader to check.
    static func textResponse(_ frame: [UInt8]) -> (id: RPCID, result: Range<Int>)? {
        let head = Self.textResponseHead, middle = Self.textResponseMiddle
        guard frame.count > head.count + middle.count + 2, frame.starts(with: head), frame.last == UInt8(ascii: "}") else {
            return nil
        }
        var i = head.count
        let negative = frame[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        var id = 0
        let digits = i
        while i < frame.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(frame[i]), i - digits < 18 {
            id = id * 10 + Int(frame[i] - UInt8(ascii: "0"))
            i += 1
        }
        guard i > digits, frame[digits] != UInt8(ascii: "0") || i == digits + 1,
              frame[i...].starts(with: middle) else { return nil }
        let start = i + middle.count
        return (.number(negative ? -id : id), start..<(frame.count - 1))
    }

    private static let textResponseHead = Array(#"{"jsonrpc":"2.0","id":"#.utf8)
    private static let textResponseMiddle = Array(#","result":"#.utf8)
}
