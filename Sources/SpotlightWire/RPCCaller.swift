import SpotlightModel

/// Anything that sends JSON-RPC calls: `RPCClient` over a socket, `LocalConnection` in
/// process. Errors are always `SpotlightError`.
///
/// ```swift
/// struct Add: Codable, Sendable { var a: Int; var b: Int }
/// let sum: Int = try await caller.call("add", Add(a: 2, b: 3))
/// ```
public protocol RPCCaller: Sendable {
    /// Sends `method` with `params` and returns its result.
    /// - Throws: `SpotlightError`: the server's error, `.unavailable`, `.timeout`, ...
    func call(_ method: String, _ params: JSONValue?) async throws -> JSONValue
}

extension RPCCaller {
    /// Calls `method` with no params.
    public func call(_ method: String) async throws -> JSONValue {
        try await call(method, nil)
    }

    /// Calls `method` with params already in JSON form. Without this overload a non-optional
    /// `JSONValue` would pick the generic Encodable/Decodable one below, which passes the
    /// params and the reply through the codec (JSONValueEncoder/Decoder) once more for nothing.
    public func call(_ method: String, _ params: JSONValue) async throws -> JSONValue {
        try await call(method, Optional(params))
    }

    /// Calls `method` with params encoded from `params` and decodes the result as `Result`.
    /// - Throws: `SpotlightError`; `.invalidInput` if `params` does not encode,
    ///   `.internal` naming the field if the result does not decode.
    public func call<Params: Encodable, Result: Decodable>(
        _ method: String, _ params: Params, as resultType: Result.Type = Result.self
    ) async throws -> Result {
        let encoded = try encodedParams(params, of: method)
        let result = try await call(method, encoded)
        do {
            return try result.decode(Result.self)
        } catch let error as DecodingError {
            let detail = ParamsDecoding.describe(error, in: result).replacingOccurrences(of: "params", with: "result")
            throw SpotlightError(.internal, "the reply to \(method) is not a \(Result.self): \(detail)")
        }
    }
}

/// Encoding a call and reading its response, shared by every `RPCCaller`.
enum RPCCallCoding {
    static func requestLine(id: RPCID, method: String, params: JSONValue?, maxFrameBytes: Int) throws -> [UInt8] {
        let line: [UInt8]
        do {
            line = try RPCMessage.request(RPCRequest(id: id, method: method, params: params)).encodedLine()
        } catch {
            throw SpotlightError(.invalidInput, "the params of \(method) could not be encoded", underlying: "\(error)")
        }
        return try checked(line, method: method, maxFrameBytes: maxFrameBytes)
    }

    /// ``requestLine(id:method:params:maxFrameBytes:)`` for params already written as JSON text.
    static func requestLine(id: RPCID, method: String, paramsText: [UInt8], maxFrameBytes: Int) throws -> [UInt8] {
        try checked(RPCMessage.requestLine(id: id, method: method, paramsText: paramsText),
                    method: method, maxFrameBytes: maxFrameBytes)
    }

    /// `line`, or `.invalidInput` when it is over the frame limit.
    private static func checked(_ line: [UInt8], method: String, maxFrameBytes: Int) throws -> [UInt8] {
        guard line.count - 1 <= maxFrameBytes else {
            throw SpotlightError(.invalidInput, """
                the request \(method) is \(line.count - 1) bytes, over the frame limit of \(maxFrameBytes); \
                send it in smaller batches
                """)
        }
        return line
    }

    static func result<Value>(of outcome: Result<Value, RPCError>) throws -> Value {
        switch outcome {
        case .success(let value): return value
        case .failure(let error): throw error.spotlightError
        }
    }
}

/// `params` as the JSON a call of `method` sends.
/// - Throws: `SpotlightError(.invalidInput)` naming the method when `params` does not encode
///   (a non-finite double, say).
package func encodedParams<Params: Encodable>(_ params: Params, of method: String) throws -> JSONValue {
    do {
        return try JSONValue(encoding: params)
    } catch {
        throw SpotlightError(.invalidInput, "the params of \(method) could not be encoded", underlying: "\(error)")
    }
}
