import Foundation
import SpotlightModel

/// A JSON-RPC request id: an integer or a string, echoed in the response.
public enum RPCID: Hashable, Sendable, CustomStringConvertible {
    case number(Int)
    case string(String)

    var json: JSONValue {
        switch self {
        case .number(let number): .int(Int64(number))
        case .string(let text): .string(text)
        }
    }

    public var description: String {
        switch self {
        case .number(let number): "\(number)"
        case .string(let text): "\"\(text)\""
        }
    }
}

/// A request that expects a response.
///
/// ```swift
/// let request = RPCRequest(id: .number(1), method: "query", params: .object(["text": .string("saturn")]))
/// let line = try RPCMessage.request(request).encodedLine()   // JSON and a "\n"
/// ```
public struct RPCRequest: Hashable, Sendable {
    public var id: RPCID
    public var method: String
    /// An object or an array, or nil when the request has none.
    public var params: JSONValue?

    public init(id: RPCID, method: String, params: JSONValue? = nil) {
        self.id = id
        self.method = method
        self.params = params
    }
}

/// A request without an id: the sender expects no response.
public struct RPCNotification: Hashable, Sendable {
    public var method: String
    public var params: JSONValue?

    public init(method: String, params: JSONValue? = nil) {
        self.method = method
        self.params = params
    }
}

/// The answer to a request: its result, or an error. `id` is nil only for an error about
/// a frame whose id could not be read (a parse error, an oversized frame, a refused peer).
public struct RPCResponse: Hashable, Sendable {
    public var id: RPCID?
    public var outcome: Result<JSONValue, RPCError>

    public init(id: RPCID?, outcome: Result<JSONValue, RPCError>) {
        self.id = id
        self.outcome = outcome
    }

    public static func error(_ error: RPCError, id: RPCID?) -> RPCResponse {
        RPCResponse(id: id, outcome: .failure(error))
    }
}

/// Any JSON-RPC 2.0 message, one per line on the wire.
public enum RPCMessage: Hashable, Sendable {
    case request(RPCRequest)
    case notification(RPCNotification)
    case response(RPCResponse)

    /// The message as one line of JSON, terminated by `\n`. Its members come in a fixed
    /// order (`jsonrpc`, `id`, `method`, `params`; `jsonrpc`, `id`, `result` or `error`), and a
    /// response's result and error data with every object's members sorted by name, so the
    /// same answer is the same text (a trace, a script's diff); a request's params are written
    /// as they are, unsorted, as they may be a large donation.
    public func encodedLine() throws -> [UInt8] {
        var line = Array(#"{"jsonrpc":"2.0""#.utf8)
        func member(_ name: String, _ value: JSONValue, sorted: Bool) {
            line += Array(",\"\(name)\":".utf8)
            value.write(into: &line, sortingKeys: sorted)
        }
        switch self {
        case .request(let request):
            member("id", request.id.json, sorted: false)
            member("method", .string(request.method), sorted: false)
            if let params = request.params { member("params", params, sorted: false) }
        case .notification(let notification):
            member("method", .string(notification.method), sorted: false)
            if let params = notification.params { member("params", params, sorted: false) }
        case .response(let response):
            member("id", response.id?.json ?? .null, sorted: false)
            switch response.outcome {
            case .success(let result): member("result", result, sorted: true)
            case .failure(let error):
                line += Array(#","error":{"code":"#.utf8)
                JSONValue.int(Int64(error.code)).write(into: &line)
                member("message", .string(error.message), sorted: false)
                if let data = error.data { member("data", data, sorted: true) }
                line.append(UInt8(ascii: "}"))
            }
        }
        line += Array("}\n".utf8)
        return line
    }

    /// The line of a request whose params are already JSON text (an object, written by this
    /// process): the text ``encodedLine()`` writes for the same request, without a tree.
    static func requestLine(id: RPCID, method: String, paramsText: [UInt8]) -> [UInt8] {
        var line = Array(#"{"jsonrpc":"2.0","id":"#.utf8)
        line.reserveCapacity(paramsText.count + method.utf8.count + 48)
        id.json.write(into: &line)
        line += Array(#","method":"#.utf8)
        JSONValue.string(method).write(into: &line)
        line += Array(#","params":"#.utf8)
        line += paramsText
        line += Array("}\n".utf8)
        return line
    }

    /// The line of a success response whose result is already JSON text (see
    /// ``RPCImmediateResult/text(_:)``): the envelope around it, the text as it is.
    static func responseLine(id: RPCID, resultText: [UInt8]) throws -> [UInt8] {
        var line = Array(#"{"jsonrpc":"2.0","id":"#.utf8)
        line += try RPCCoding.encode(id.json)
        line += Array(#","result":"#.utf8)
        line += resultText
        line += Array("}\n".utf8)
        return line
    }

    /// Parses one frame. The error says what is wrong and carries the request's id when
    /// it could be read, so the error response can be matched.
    public static func decode(frame: [UInt8]) -> Result<RPCMessage, DecodeFailure> {
        let value: JSONValue
        do {
            value = try RPCCoding.decode(frame)
        } catch {
            return .failure(DecodeFailure(id: nil, error: error))
        }
        return RPCMessageParser.message(from: value)
    }

    /// Why a frame is not a message, with the id when it was readable.
    public struct DecodeFailure: Error, Hashable, Sendable {
        public var id: RPCID?
        public var error: RPCError
    }
}

/// JSON encoding and decoding of frames, in one place.
enum RPCCoding {
    static func encode(_ value: JSONValue) throws -> [UInt8] {
        Array(value.serialized())
    }

    /// Parses a frame into a JSON value; invalid UTF-8 and bad JSON are parse errors
    /// that say where.
    static func decode(_ frame: [UInt8]) throws(RPCError) -> JSONValue {
        do {
            // Parsed where it lies. A frame that parses is valid UTF-8 (the parser validates
            // every string and refuses any other byte above 0x7F), so the frame is checked
            // for UTF-8 only when it does not parse, to say so: a pass over every reply and
            // a copy into Data were 6% of a client's handling of a query's reply.
            return try frame.withUnsafeBytes { try JSONValue.parse(bytes: $0) }
        } catch {
            if String(validating: frame, as: UTF8.self) == nil {
                let offset = firstInvalidUTF8Offset(frame) ?? 0
                throw .parseError("the frame is not valid UTF-8 (first bad byte at offset \(offset)); send UTF-8 JSON")
            }
            if Self.startsWithHeader(frame) {
                throw .parseError("the frame is a header (\(String(decoding: frame.prefix(40), as: UTF8.self))), but this "
                    + "server takes no headers: send each JSON-RPC message as one line of JSON ending in a newline, "
                    + "without Content-Length; see docs/protocol.md")
            }
            throw .parseError("the frame is not valid JSON: \(error); send one JSON-RPC 2.0 object per line, "
                + "see docs/protocol.md")
        }
    }

    /// Whether the frame starts like an LSP-style `Content-Length:` or `Content-Type:` header,
    /// what a client framing messages that way sends first.
    static func startsWithHeader(_ frame: [UInt8]) -> Bool {
        let start = String(decoding: frame.prefix(16), as: UTF8.self).lowercased()
        return start.hasPrefix("content-length:") || start.hasPrefix("content-type:")
    }

    /// The offset of the first byte that does not start or continue a valid UTF-8 sequence.
    static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
        var offset = 0
        while offset < bytes.count {
            let lead = bytes[offset]
            let length = lead < 0x80 ? 1 : lead >= 0xC2 && lead < 0xE0 ? 2 : lead >= 0xE0 && lead < 0xF0 ? 3 : lead >= 0xF0 && lead < 0xF5 ? 4 : 0
            guard length > 0, offset + length <= bytes.count,
                  String(validating: bytes[offset..<offset + length], as: UTF8.self) != nil else { return offset }
            offset += length
        }
        return nil
    }
}
