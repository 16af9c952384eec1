import SpotlightModel

/// Checks a parsed JSON value against JSON-RPC 2.0 and names the member that is wrong.
enum RPCMessageParser {
    typealias Failure = RPCMessage.DecodeFailure

    static func message(from value: JSONValue) -> Result<RPCMessage, Failure> {
        guard case .object(let object) = value else {
            let what = value.arrayValue != nil
                ? "batch requests (JSON arrays) are not supported; send one JSON object per line"
                : "a message must be a JSON object"
            return .failure(Failure(id: nil, error: .invalidRequest(what)))
        }
        let id: RPCID?
        switch readID(object["id"]) {
        case .success(let readable): id = readable
        case .failure(let error): return .failure(Failure(id: nil, error: error))
        }
        func invalid(_ detail: String) -> Result<RPCMessage, Failure> {
            .failure(Failure(id: id, error: .invalidRequest(detail)))
        }
        guard object["jsonrpc"] == .string("2.0") else {
            return invalid("\"jsonrpc\" must be \"2.0\"")
        }
        if let method = object["method"] {
            guard case .string(let name) = method, !name.isEmpty else {
                return invalid("\"method\" must be a non-empty string")
            }
            let params = object["params"]
            switch params {
            case nil, .object?, .array?: break
            default: return invalid("\"params\" must be an object or an array when present")
            }
            guard let id else {
                if object["id"] == .null { return invalid("\"id\" must be a number or a string, not null") }
                return .success(.notification(RPCNotification(method: name, params: params)))
            }
            return .success(.request(RPCRequest(id: id, method: name, params: params)))
        }
        if let result = object["result"] {
            return .success(.response(RPCResponse(id: id, outcome: .success(result))))
        }
        if let error = object["error"] {
            guard let code = error["code"]?.intValue, let message = error["message"]?.stringValue else {
                return invalid("\"error\" must have an integer \"code\" and a string \"message\"")
            }
            let failure = RPCError(code: code, message: message, data: error["data"])
            return .success(.response(RPCResponse(id: id, outcome: .failure(failure))))
        }
        return invalid("a message needs \"method\" (a request) or \"result\"/\"error\" (a response)")
    }

    /// nil for an absent or null id; an error for any other non-id value.
    private static func readID(_ value: JSONValue?) -> Result<RPCID?, RPCError> {
        switch value {
        case nil, .null?: return .success(nil)
        case .string(let text)?: return .success(.string(text))
        case .int?, .double?:
            guard let number = value?.intValue else {
                return .failure(.invalidRequest("\"id\" must be an integer or a string"))
            }
            return .success(.number(number))
        default:
            return .failure(.invalidRequest("\"id\" must be a number or a string"))
        }
    }
}
