import SpotlightModel

/// A JSON-RPC 2.0 error object: a code, a message that names the problem, optional data.
///
/// Standard codes: -32700 parse error, -32600 invalid request, -32601 method not found,
/// -32602 invalid params, -32603 internal error. A `SpotlightError` travels as a server
/// error in the -32000 range with its code string in `data.code`, and turns back into
/// the same `SpotlightError` on the client side.
///
/// ```swift
/// throw RPCError.methodNotFound("serch", available: ["query", "donate"])
/// // {"code":-32601,"message":"unknown method \"serch\"; available methods: donate, query"}
/// ```
public struct RPCError: Error, Hashable, Sendable, CustomStringConvertible {
    public var code: Int
    public var message: String
    public var data: JSONValue?

    public init(code: Int, message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    public static let parseErrorCode = -32700
    public static let invalidRequestCode = -32600
    public static let methodNotFoundCode = -32601
    public static let invalidParamsCode = -32602
    public static let internalErrorCode = -32603
    /// Server errors are -32000 ... -32099; -32000 itself is a SpotlightError of a code this
    /// version does not know.
    public static let serverErrorCode = -32000

    /// The frame is not JSON (or not UTF-8); `detail` says where.
    public static func parseError(_ detail: String) -> RPCError {
        RPCError(code: parseErrorCode, message: "parse error: \(detail)")
    }

    /// The JSON is not a valid JSON-RPC 2.0 request; `detail` says which member is wrong.
    public static func invalidRequest(_ detail: String) -> RPCError {
        RPCError(code: invalidRequestCode, message: "invalid request: \(detail)")
    }

    /// No method named `method`; the message lists the ones that exist and, when given, where
    /// they are described. Servers send it through ``RPCMethodSet/unknown(_:)``.
    public static func methodNotFound(_ method: String, available: [String], documentation: String? = nil) -> RPCError {
        let list = available.isEmpty ? "none" : available.sorted().joined(separator: ", ")
        return RPCError(code: methodNotFoundCode,
                        message: "unknown method \"\(method)\"; available methods: \(list)" + see(documentation),
                        data: .object(["method": .string(method), "available": .array(available.sorted().map(JSONValue.string))]))
    }

    /// The params are wrong; `detail` names the param and what was expected.
    public static func invalidParams(_ detail: String) -> RPCError {
        RPCError(code: invalidParamsCode, message: invalidParamsPrefix + detail)
    }

    /// This invalid-params error saying whose params they are and where those are described:
    /// `invalid params of add: params.b: expected Int, found string "two"; see docs/protocol.md`.
    func naming(method: String, documentation: String?) -> RPCError {
        let detail = message.hasPrefix(Self.invalidParamsPrefix) ? String(message.dropFirst(Self.invalidParamsPrefix.count)) : message
        return RPCError(code: code, message: "invalid params of \(method): \(detail)" + Self.see(documentation),
                        data: .object(["method": .string(method)]))
    }

    private static let invalidParamsPrefix = "invalid params: "

    private static func see(_ documentation: String?) -> String {
        documentation.map { "; see \($0)" } ?? ""
    }

    /// A failure inside the server that is not the caller's fault.
    public static func internalError(_ detail: String) -> RPCError {
        RPCError(code: internalErrorCode, message: "internal error: \(detail)")
    }

    public var description: String { "JSON-RPC error \(code): \(message)" }
}

// MARK: - SpotlightError on the wire

extension RPCError {
    /// Server error numbers per SpotlightError code; the string in `data.code` is what
    /// the client reads back, the number is for tools that only look at `code`.
    static let serverCodes: [SpotlightError.Code: Int] = [
        .invalidInput: -32001, .notFound: -32002, .locked: -32003, .corrupt: -32004, .io: -32005,
        .permissionDenied: -32006, .conflict: -32007, .unavailable: -32008, .timeout: -32009,
        .internal: -32010, .busy: -32011,
    ]

    /// A server error carrying `error`: its code string in `data.code`, its message, and
    /// its underlying cause in `data.underlying`.
    public init(_ error: SpotlightError) {
        var data: [String: JSONValue] = ["code": .string(error.code.rawValue)]
        if let underlying = error.underlying { data["underlying"] = .string(underlying) }
        self.init(code: Self.serverCodes[error.code] ?? Self.serverErrorCode, message: error.message,
                  data: .object(data))
    }

    /// Any error a handler throws, as the error response to send: RPCError as is,
    /// SpotlightError as a server error, DecodingError as invalid params naming the field,
    /// anything else as an internal error with its description.
    public init(from error: any Error) {
        switch error {
        case let error as RPCError: self = error
        case let error as SpotlightError: self.init(error)
        case let error as DecodingError: self = .invalidParams(ParamsDecoding.describe(error, in: nil))
        default: self = .internalError(String(describing: error))
        }
    }

    /// This error as a `SpotlightError` for the caller of a client: the code from
    /// `data.code` when the server sent one, else from the JSON-RPC code.
    public var spotlightError: SpotlightError {
        let underlying = data?["underlying"]?.stringValue
        if let code = data?["code"]?.stringValue {
            return SpotlightError(SpotlightError.Code(rawValue: code), message, underlying: underlying)
        }
        let mapped: SpotlightError.Code = switch code {
        case Self.parseErrorCode, Self.invalidRequestCode, Self.invalidParamsCode: .invalidInput
        case Self.methodNotFoundCode: .notFound
        default: .internal
        }
        return SpotlightError(mapped, message, underlying: underlying ?? "JSON-RPC error \(code)")
    }
}
