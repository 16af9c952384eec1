import SpotlightModel

/// What a server calls for each request. One handler serves every connection, and
/// requests may arrive concurrently (pipelined on one connection or from many).
///
/// ```swift
/// struct Echo: RPCHandler {
///     func handle(method: String, params: JSONValue?, peer: PeerCredentials) async throws -> JSONValue {
///         guard method == "echo" else { throw RPCError.methodNotFound(method, available: ["echo"]) }
///         return params ?? .null
///     }
/// }
/// ```
public protocol RPCHandler: Sendable {
    /// Returns the result, or throws (SpotlightError or RPCError) -> an error response.
    /// A DecodingError becomes invalid params naming the field; anything else an
    /// internal error.
    func handle(method: String, params: JSONValue?, peer: PeerCredentials) async throws -> JSONValue
}

/// A handler that can answer some requests at once, without suspending: the socket server
/// calls ``handleImmediately(method:params:peer:)`` on a worker thread (off the Swift
/// concurrency pool, so it may block briefly on disk reads) and sends its result straight
/// back; nil sends the request on to ``RPCHandler/handle(method:params:peer:)`` in a task.
/// Skipping the task and its continuations is what keeps a query's round trip short.
///
/// ```swift
/// struct Clock: RPCImmediateHandler {
///     func handleImmediately(method: String, params: JSONValue?, peer: PeerCredentials) throws -> JSONValue? {
///         method == "now" ? .double(Date().timeIntervalSince1970) : nil
///     }
///     func handle(method: String, params: JSONValue?, peer: PeerCredentials) async throws -> JSONValue {
///         throw RPCError.methodNotFound(method, available: ["now"])
///     }
/// }
/// ```
public protocol RPCImmediateHandler: RPCHandler {
    /// The result when it can be had now; nil to have ``RPCHandler/handle(method:params:peer:)``
    /// answer instead. Throws as `handle` does (an error response).
    func handleImmediately(method: String, params: JSONValue?, peer: PeerCredentials) throws -> JSONValue?
}

/// A handler that keeps state per connection (keyed by ``PeerCredentials/connection``) and
/// must drop it when the connection ends: the socket server calls
/// ``connectionClosed(_:)`` once per connection, after its last request was answered (or when
/// the server stops), on a worker thread.
///
/// ```swift
/// final class Sessions: RPCConnectionObserving {
///     let open = Mutex<[Int: String]>([:])
///     func connectionClosed(_ peer: PeerCredentials) { _ = open.withLock { $0.removeValue(forKey: peer.connection) } }
///     func handle(method: String, params: JSONValue?, peer: PeerCredentials) async throws -> JSONValue { .null }
/// }
/// ```
public protocol RPCConnectionObserving: RPCHandler {
    /// The connection `peer.connection` has closed; no request of it is in flight.
    func connectionClosed(_ peer: PeerCredentials)
}

/// A handler that routes by method name, with typed params and results, and answers
/// an unknown method with the list of known ones.
///
/// ```swift
/// struct Add: Codable { var a: Int; var b: Int }
/// var router = RPCRouter()
/// router.register("add") { (p: Add, _) in p.a + p.b }
/// let server = try UnixSocketServer(path: "/tmp/demo/demo.sock", handler: router)
/// ```
public struct RPCRouter: RPCHandler {
    public typealias Method = @Sendable (_ params: JSONValue?, _ peer: PeerCredentials) async throws -> JSONValue
    private var methods: [String: Method] = [:]

    public init() {}

    /// The registered method names, sorted.
    public var methodNames: [String] { methods.keys.sorted() }

    /// Registers `name` with an untyped body; a later registration replaces it.
    public mutating func register(_ name: String, _ body: @escaping Method) {
        methods[name] = body
    }

    /// Registers `name` with params decoded as `Params` (invalid params name the field)
    /// and a result encoded from `Result`.
    public mutating func register<Params: Decodable & Sendable, Result: Encodable & Sendable>(
        _ name: String,
        _ body: @escaping @Sendable (_ params: Params, _ peer: PeerCredentials) async throws -> Result
    ) {
        methods[name] = { params, peer in
            let decoded = try params.decode(Params.self)
            let result = try await body(decoded, peer)
            do {
                return try JSONValue(encoding: result)
            } catch {
                throw RPCError.internalError("the result of \(name) could not be encoded: \(error)")
            }
        }
    }

    public func handle(method: String, params: JSONValue?, peer: PeerCredentials) async throws -> JSONValue {
        guard let body = methods[method] else {
            throw RPCError.methodNotFound(method, available: methodNames)
        }
        return try await body(params, peer)
    }
}

/// Turns one frame into the bytes of its response: parse, validate, call the handler,
/// encode. Shared by the socket server and `LocalConnection`; never throws, so a
/// client's bad frame can only ever produce an error response.
struct RPCDispatcher: Sendable {
    let handler: any RPCHandler
    let log: SpotlightLog

    /// The response line for `frame`, or nil for a notification.
    func respond(to frame: [UInt8], peer: PeerCredentials) async -> [UInt8]? {
        switch RPCMessage.decode(frame: frame) {
        case .failure(let failure):
            return Self.line(.error(failure.error, id: failure.id))
        case .success(let message):
            return await respond(to: message, peer: peer)
        }
    }

    /// What a frame needs: its response line now (nil for a notification), or a task that
    /// runs ``respond(to:peer:)-(RPCMessage,_)`` on the parsed message.
    enum Immediate {
        case answered([UInt8]?)
        case needsTask(RPCMessage)
    }

    /// Parses `frame` and answers it at once when it is malformed, or when the handler is an
    /// ``RPCImmediateHandler`` that answers the request now.
    func respondImmediately(to frame: [UInt8], peer: PeerCredentials) -> Immediate {
        let message: RPCMessage
        switch RPCMessage.decode(frame: frame) {
        case .failure(let failure): return .answered(Self.line(.error(failure.error, id: failure.id)))
        case .success(let parsed): message = parsed
        }
        guard case .request(let request) = message, let immediate = handler as? any RPCImmediateHandler else {
            return .needsTask(message)
        }
        do {
            guard let result = try immediate.handleImmediately(method: request.method, params: request.params, peer: peer) else {
                return .needsTask(message)
            }
            return .answered(Self.line(RPCResponse(id: request.id, outcome: .success(result))))
        } catch {
            return .answered(Self.line(RPCResponse(id: request.id, outcome: .failure(RPCError(from: error)))))
        }
    }

    /// The response line for a parsed message, or nil for a notification.
    func respond(to message: RPCMessage, peer: PeerCredentials) async -> [UInt8]? {
        switch message {
        case .response:
            return Self.line(.error(.invalidRequest("a server takes requests, not responses"), id: nil))
        case .notification(let notification):
            do {
                _ = try await handler.handle(method: notification.method, params: notification.params, peer: peer)
            } catch {
                log.write(.info, "notification \(notification.method) from \(peer) failed: \(RPCError(from: error).message)")
            }
            return nil
        case .request(let request):
            let outcome: Result<JSONValue, RPCError>
            do {
                outcome = .success(try await handler.handle(method: request.method, params: request.params, peer: peer))
            } catch {
                outcome = .failure(RPCError(from: error))
            }
            return Self.line(RPCResponse(id: request.id, outcome: outcome))
        }
    }

    /// The encoded response; a result that cannot be encoded becomes an internal error.
    static func line(_ response: RPCResponse) -> [UInt8] {
        do {
            return try RPCMessage.response(response).encodedLine()
        } catch {
            let fallback = RPCResponse.error(.internalError("the result could not be encoded: \(error)"), id: response.id)
            return (try? RPCMessage.response(fallback).encodedLine()) ?? Array("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32603,\"message\":\"internal error\"}}\n".utf8)
        }
    }
}
