import SpotlightModel

/// A client and a handler joined in process, with no socket: every call is encoded to a
/// frame, dispatched exactly as the socket server does, and its response decoded. For
/// tests of handlers and of code that takes an `RPCCaller`.
///
/// ```swift
/// let connection = LocalConnection(handler: router)
/// let result = try await connection.call("ping")
/// ```
public struct LocalConnection: RPCCaller {
    private let dispatcher: RPCDispatcher
    /// The credentials the handler sees as the peer.
    public let peer: PeerCredentials
    public let maxFrameBytes: Int
    private let ids = IDGenerator()

    public init(handler: any RPCHandler, peer: PeerCredentials = .current,
                maxFrameBytes: Int = LineFramer.defaultMaxFrameBytes, log: WireLog = .silent) {
        self.dispatcher = RPCDispatcher(handler: handler, log: log)
        self.peer = peer
        self.maxFrameBytes = maxFrameBytes
    }

    public func call(_ method: String, _ params: JSONValue?) async throws -> JSONValue {
        let id = ids.next()
        let line = try RPCCallCoding.requestLine(id: id, method: method, params: params, maxFrameBytes: maxFrameBytes)
        guard let reply = await send(frame: Array(line.dropLast())) else {
            throw SpotlightError(.internal, "no response to \(method)")
        }
        switch RPCMessage.decode(frame: Array(reply.dropLast())) {
        case .success(.response(let response)):
            return try RPCCallCoding.result(of: response.outcome)
        default:
            throw SpotlightError(.internal, "the response to \(method) is not a JSON-RPC response")
        }
    }

    /// Dispatches one raw frame (without its newline) and returns the response line, or
    /// nil for a notification. Lets tests send bytes no client would.
    public func send(frame: [UInt8]) async -> [UInt8]? {
        await dispatcher.respond(to: frame, peer: peer)
    }
}
