import SpotlightModel

/// What a server calls for each request. One handler serves every connection, and
/// requests may arrive concurrently (pipelined on one connection or from many). The socket
/// server calls ``handle(method:params:peer:)`` in a task whose executor preference is its
/// worker threads, not Swift's cooperative pool, so requests progress while other code of the
/// process blocks the pool; an actor-isolated handler still runs on its actor.
///
/// ```swift
/// struct Echo: RPCHandler {
///     func handle(method: String, params: JSONValue?, peer: PeerCredentials) async throws -> JSONValue {
///         guard method == "echo" else { throw RPCError.methodNotFound(method, available: ["echo"], documentation: "docs/echo.md") }
///         return params ?? .null
///     }
/// }
/// ```
public protocol RPCHandler: Sendable {
    /// Returns the result, or throws (SpotlightError or RPCError) -> an error response.
    /// A DecodingError becomes invalid params naming the field; anything else an
    /// internal error.
    func handle(method: String, params: JSONValue?, peer: PeerCredentials) async throws -> JSONValue

    /// Whether a request of `method` does nothing but answer: it changes no state. The socket
    /// server skips such a request, still queued, of a peer that closed its socket, since no
    /// answer can reach it; any other request is run. False unless the handler says so.
    func isReadOnly(method: String) -> Bool

    /// The methods answered apart from the rest: cheap requests (a greeting, a status) that
    /// must not wait while CPU-bound requests hold every worker thread. The socket server runs
    /// them on a thread of their own, one at a time, when a request names one as clients of
    /// this package write it (`"method":"NAME"`, in a frame of at most
    /// ``ControlFrames/maxBytes``). Only methods that answer in milliseconds belong here.
    /// None unless the handler says so.
    var controlMethods: Set<String> { get }
}

extension RPCHandler {
    public func isReadOnly(method: String) -> Bool { false }
    public var controlMethods: Set<String> { [] }
}

/// A handler that can answer some requests at once, without suspending: the socket server
/// calls ``handleImmediately(method:params:peer:)`` on a worker thread (off the Swift
/// concurrency pool, so it may block briefly on disk reads) and sends its result straight
/// back; nil sends the request on to ``RPCHandler/handle(method:params:peer:)`` in a task.
/// Skipping the task and its continuations is what keeps a query's round trip short.
///
/// ```swift
/// struct ImmediateClock: RPCImmediateHandler {
///     func handleImmediately(method: String, params: JSONValue?, peer: PeerCredentials) throws -> RPCImmediateResult? {
///         method == "now" ? .value(.double(Date().timeIntervalSince1970)) : nil
///     }
///     func handle(method: String, params: JSONValue?, peer: PeerCredentials) async throws -> JSONValue {
///         try await ClockMethod.dispatch(method) { _ in .double(Date().timeIntervalSince1970) }
///     }
/// }
/// ```
public protocol RPCImmediateHandler: RPCHandler {
    /// The result when it can be had now; nil to have ``RPCHandler/handle(method:params:peer:)``
    /// answer instead. Throws as `handle` does (an error response).
    func handleImmediately(method: String, params: JSONValue?, peer: PeerCredentials) throws -> RPCImmediateResult?
}

/// What ``RPCImmediateHandler/handleImmediately(method:params:peer:)`` answers: a value, or
/// the result's JSON text as it goes on the wire, for a handler that has it written already
/// (spotlightd splices the record store's JSON of each hit into a query's result).
public enum RPCImmediateResult: Sendable {
    case value(JSONValue)
    /// One complete JSON value, UTF-8, no line break: sent as the response's `result` unchecked.
    case text([UInt8])
    /// Work that waits on something other than the CPU (a durable write): `start` begins it
    /// and must call the reply it is given exactly once, on any thread, with the result or the
    /// error (worded as the async method would throw it). No task is made and no continuation
    /// resumed on the way; the reply is sent from the thread that calls it.
    ///
    /// ```swift
    /// return .later { reply in store.write(record) { outcome in reply(outcome.map { .int($0.sequence) }) } }
    /// ```
    case later(@Sendable (_ reply: @escaping @Sendable (Result<JSONValue, any Error>) -> Void) -> Void)
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

/// The methods of one protocol: an enum whose raw values are the method names on the wire.
/// With ``RPCService`` it is the one way a server turns a method name into its code, so an
/// unknown method and params that do not decode get the same error from every server.
///
/// ```swift
/// enum ClockMethod: String, RPCMethodSet {
///     case now, zone
///     static let documentation = "docs/clock.md"
/// }
/// ```
public protocol RPCMethodSet: RawRepresentable<String>, CaseIterable, Sendable {
    /// Where the methods and their params are described, named in error messages so the
    /// caller knows where to look ("docs/protocol.md").
    static var documentation: String { get }

    /// The method changes no state, only answers (see ``RPCHandler/isReadOnly(method:)``).
    /// False unless the method set says so.
    var isReadOnly: Bool { get }

    /// The method only answers, in milliseconds, and should not wait behind CPU-bound requests
    /// (see ``RPCHandler/controlMethods``). False unless the method set says so.
    var isControl: Bool { get }
}

extension RPCMethodSet {
    public var isReadOnly: Bool { false }
    public var isControl: Bool { false }

    /// The method called `name`.
    /// - Throws: ``unknown(_:)`` when there is none.
    public static func named(_ name: String) throws(RPCError) -> Self {
        guard let method = Self(rawValue: name) else { throw unknown(name) }
        return method
    }

    /// The error for a method this protocol does not have: -32601, listing the methods it has
    /// and where they are described.
    public static func unknown(_ name: String) -> RPCError {
        RPCError.methodNotFound(name, available: allCases.map(\.rawValue), documentation: documentation)
    }

    /// Runs `body` for the method called `name`: the one place a request's method name becomes
    /// a method, and its params' errors become the invalid-params error naming the method.
    ///
    /// ```swift
    /// try await ClockMethod.dispatch("now") { method in try await clock.answer(method, params) }
    /// ```
    /// - Throws: ``unknown(_:)``; what `body` throws, invalid params (an `RPCError` -32602 or a
    ///   `DecodingError`) as ``explained(_:)``.
    public static func dispatch<Result>(_ name: String, _ body: (Self) async throws -> Result) async throws -> Result {
        let method = try named(name)
        do {
            return try await body(method)
        } catch {
            throw method.explained(error)
        }
    }

    /// `error` as the caller gets it: invalid params (from a typed decode, a hand-written
    /// reader, or a raw `DecodingError`) name this method and where its params are described;
    /// anything else is passed on unchanged.
    public func explained(_ error: any Error) -> any Error {
        switch error {
        case let error as RPCError where error.code == RPCError.invalidParamsCode:
            return error.naming(method: rawValue, documentation: Self.documentation)
        case let error as DecodingError:
            return RPCError(from: error).naming(method: rawValue, documentation: Self.documentation)
        default:
            return error
        }
    }
}

/// A handler whose methods are the cases of ``Method``: it answers each known method;
/// finding the method, refusing an unknown one and explaining bad params is done here, the
/// same for every server (spotlightd and each app service).
///
/// ```swift
/// struct Clock: RPCService {
///     func handle(_ method: ClockMethod, params: JSONValue?, peer: PeerCredentials) async throws -> JSONValue {
///         switch method {
///         case .now: .double(Date().timeIntervalSince1970)
///         case .zone: .string(TimeZone.current.identifier)
///         }
///     }
/// }
/// let server = try UnixSocketServer(path: "/tmp/demo/clock.sock", handler: Clock())
/// ```
public protocol RPCService: RPCHandler {
    associatedtype Method: RPCMethodSet
    /// Answers one request of a known method; throws as ``RPCHandler/handle(method:params:peer:)``.
    func handle(_ method: Method, params: JSONValue?, peer: PeerCredentials) async throws -> JSONValue
}

extension RPCService {
    public func handle(method name: String, params: JSONValue?, peer: PeerCredentials) async throws -> JSONValue {
        try await Method.dispatch(name) { method in try await handle(method, params: params, peer: peer) }
    }

    public func isReadOnly(method name: String) -> Bool { Method(rawValue: name)?.isReadOnly ?? false }

    public var controlMethods: Set<String> { Set(Method.allCases.filter(\.isControl).map(\.rawValue)) }
}

/// Turns one frame into the bytes of its response: parse, validate, call the handler,
/// encode. Shared by the socket server and `LocalConnection`; never throws, so a
/// client's bad frame can only ever produce an error response.
struct RPCDispatcher: Sendable {
    let handler: any RPCHandler
    let log: SpotlightLog
    /// The longest answer line sent: the frame limit both sides read with. A longer answer is
    /// replaced by an error saying so, since the peer would drop the connection on reading it.
    var maxAnswerBytes = LineFramer.defaultMaxFrameBytes

    /// `line`, or the error of an answer to `id` too long to send.
    func bounded(_ line: [UInt8], id: RPCID) -> [UInt8] {
        guard line.count > maxAnswerBytes else { return line }
        log.write(.warning, "an answer of \(line.count) bytes is over the frame limit of \(maxAnswerBytes); sent an error instead")
        return Self.line(.error(RPCError(from: SpotlightError.answerOverLimit(bytes: line.count, limit: maxAnswerBytes)), id: id))
    }

    /// Whether to skip `message` unrun: a request of a method the handler declares read-only
    /// while `hungUp` says its peer closed its socket, so its answer would reach no one.
    /// `skipped` is called for each request skipped (the server counts them for its log).
    func skips(_ message: RPCMessage, hungUp: () -> Bool, skipped: () -> Void = {}) -> Bool {
        // The peer's state first: one lock, where the method's name is a string match on every request.
        guard case .request(let request) = message, hungUp(), handler.isReadOnly(method: request.method) else { return false }
        skipped()
        return true
    }

    /// The response line for `frame`, or nil for a notification (or a request ``skips(_:hungUp:)``).
    /// `answering` is told the id of a request before its handler runs; with `cancelling`, a
    /// `$/cancelRequest` notification goes there instead of to the handler (see ``RunningRequests``).
    func respond(to frame: [UInt8], peer: PeerCredentials, hungUp: () -> Bool = { false },
                 skipped: () -> Void = {}, answering: (RPCID) -> Void = { _ in },
                 cancelling: ((RPCID) -> Void)? = nil) async -> [UInt8]? {
        switch RPCMessage.decode(frame: frame) {
        case .failure(let failure):
            return Self.line(.error(failure.error, id: failure.id))
        case .success(let message):
            return await respond(to: message, peer: peer, hungUp: hungUp, skipped: skipped, answering: answering,
                                 cancelling: cancelling)
        }
    }

    /// What a frame needs: its response line now (nil for a notification), or a task that
    /// runs ``respond(to:peer:)-(RPCMessage,_)`` on the parsed message.
    enum Immediate {
        case answered([UInt8]?)
        case needsTask(RPCMessage)
        /// Started; the response line is handed to the given closure once it is ready.
        case later(@Sendable (_ deliver: @escaping @Sendable ([UInt8]) -> Void) -> Void)
    }

    /// Parses `frame` and answers it at once when it is malformed, or when the handler is an
    /// ``RPCImmediateHandler`` that answers the request now; nothing for a request it ``skips(_:hungUp:)``.
    func respondImmediately(to frame: [UInt8], peer: PeerCredentials, hungUp: () -> Bool = { false },
                            skipped: () -> Void = {}) -> Immediate {
        let message: RPCMessage
        switch RPCMessage.decode(frame: frame) {
        case .failure(let failure): return .answered(Self.line(.error(failure.error, id: failure.id)))
        case .success(let parsed): message = parsed
        }
        if skips(message, hungUp: hungUp, skipped: skipped) { return .answered(nil) }
        guard case .request(let request) = message, let immediate = handler as? any RPCImmediateHandler else {
            return .needsTask(message)
        }
        do {
            switch try immediate.handleImmediately(method: request.method, params: request.params, peer: peer) {
            case nil:
                return .needsTask(message)
            case .value(let result)?:
                return .answered(bounded(Self.line(RPCResponse(id: request.id, outcome: .success(result))), id: request.id))
            case .text(let result)?:
                return .answered(bounded(try RPCMessage.responseLine(id: request.id, resultText: result), id: request.id))
            case .later(let start)?:
                let id = request.id
                return .later { deliver in
                    start { outcome in
                        deliver(self.bounded(Self.line(RPCResponse(id: id, outcome: outcome.mapError { RPCError(from: $0) })), id: id))
                    }
                }
            }
        } catch {
            return .answered(Self.line(RPCResponse(id: request.id, outcome: .failure(RPCError(from: error)))))
        }
    }

    /// The response line for a parsed message, or nil for a notification (or a request it
    /// ``skips(_:hungUp:)``). `answering` and `cancelling` as for a frame.
    func respond(to message: RPCMessage, peer: PeerCredentials, hungUp: () -> Bool = { false },
                 skipped: () -> Void = {}, answering: (RPCID) -> Void = { _ in },
                 cancelling: ((RPCID) -> Void)? = nil) async -> [UInt8]? {
        if skips(message, hungUp: hungUp, skipped: skipped) { return nil }
        switch message {
        case .response:
            return Self.line(.error(.invalidRequest("a server takes requests, not responses"), id: nil))
        case .notification(let notification) where notification.method == RunningRequests.cancelMethod && cancelling != nil:
            if let id = RunningRequests.requestID(in: notification.params) { cancelling?(id) }
            return nil
        case .notification(let notification):
            do {
                _ = try await handler.handle(method: notification.method, params: notification.params, peer: peer)
            } catch {
                log.write(.info, "notification \(notification.method) from \(peer) failed: \(RPCError(from: error).message)")
            }
            return nil
        case .request(let request):
            answering(request.id)
            let outcome: Result<JSONValue, RPCError>
            do {
                outcome = .success(try await handler.handle(method: request.method, params: request.params, peer: peer))
            } catch {
                outcome = .failure(RPCError(from: error))
            }
            return bounded(Self.line(RPCResponse(id: request.id, outcome: outcome)), id: request.id)
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
