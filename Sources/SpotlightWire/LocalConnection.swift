import SpotlightModel
import Synchronization

/// Connection numbers of local connections, apart from a socket server's (which count from 1).
private let localConnectionNumbers = Atomic<Int>(1 << 40)

/// A client and a handler joined in process, with no socket: every call is encoded to a
/// frame, dispatched exactly as the socket server does, and its response decoded. For
/// tests of handlers and of code that takes an `RPCCaller`.
///
/// ```swift
/// let connection = LocalConnection(handler: Clock())   // an RPCService
/// let result = try await connection.call("ping")
/// ```
public struct LocalConnection: RPCCaller {
    private let dispatcher: RPCDispatcher
    /// The credentials the handler sees as the peer; a connection number of its own unless
    /// `peer` brought one.
    public let peer: PeerCredentials
    public let maxFrameBytes: Int
    private let ids = IDGenerator()

    public init(handler: any RPCHandler, peer: PeerCredentials = .current,
                maxFrameBytes: Int = LineFramer.defaultMaxFrameBytes, log: SpotlightLog = .silent) {
        self.dispatcher = RPCDispatcher(handler: handler, log: log)
        var peer = peer
        if peer.connection == 0 { peer.connection = localConnectionNumbers.add(1, ordering: .relaxed).newValue }
        self.peer = peer
        self.maxFrameBytes = maxFrameBytes
    }

    /// Ends the connection for the handler: an ``RPCConnectionObserving`` handler drops what it
    /// kept for it, as when a socket closes.
    public func close() {
        (dispatcher.handler as? any RPCConnectionObserving)?.connectionClosed(peer)
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
