import Foundation
import SpotlightModel
import SpotlightProtocol
import SpotlightWire

/// The one client of spotlightd's protocol (docs/protocol.md): typed calls by
/// ``DaemonProtocol/Method`` over one ``RPCClient`` connection, retried while the daemon is
/// unreachable for a while (it may be restarting). ``SearchableIndex``, spotlightctl and the
/// test harness all call the daemon through it.
///
/// The params of ``call(_:_:timeout:)`` (`DeleteParams`, `HelloParams`, …) are in
/// `SpotlightProtocol`; SpotlightKit re-exports the results, not them:
///
/// ```swift
/// import SpotlightKit
/// import SpotlightProtocol   // DeleteParams
///
/// let daemon = DaemonClient(reconnectWindow: .zero, clientName: "mytool 1.0")   // SPOTLIGHT_SOCKET or the default
/// let status = try await daemon.status()
/// let result: WriteResult = try await daemon.call(.delete, DeleteParams(type: "Note", ids: ["1"]))
/// daemon.close()
/// ```
public final class DaemonClient: Sendable {
    /// Where spotlightd is asked.
    public let socketPath: String
    /// How long calls keep retrying while the daemon is unreachable; `.zero`: fail at once.
    public let reconnectWindow: Duration
    /// Who calls, as the messages name it ("this SpotlightKit", "spotlightctl 0.1.0").
    public let clientName: String
    /// Whether the final `.unavailable` error says where it looked and how to start spotlightd.
    public let explainsUnavailable: Bool
    let client: RPCClient

    /// - Parameters:
    ///   - socketPath: spotlightd's socket; nil: `SPOTLIGHT_SOCKET`, else the default.
    ///   - reconnectWindow: how long to retry while the daemon is unreachable (restarting).
    ///   - callTimeout: how long a call waits for its answer unless it says otherwise.
    ///   - clientName: the caller's name and version for messages, as in "spotlightd's reply to
    ///     query is not what `clientName` expects".
    ///   - explainsUnavailable: false: an `.unavailable` error is passed on as the connection
    ///     reports it, for a caller that says in its own words where it looked and what to do
    ///     (spotlightctl, the test harness).
    public init(socketPath: String? = nil, reconnectWindow: Duration = .seconds(5), callTimeout: Duration = .seconds(30),
                clientName: String = "this SpotlightKit", explainsUnavailable: Bool = true) {
        self.socketPath = SpotlightPaths.socket(socketPath)
        self.reconnectWindow = reconnectWindow
        self.clientName = clientName
        self.explainsUnavailable = explainsUnavailable
        var configuration = RPCClient.Configuration()
        configuration.callTimeout = callTimeout
        self.client = RPCClient(socketPath: self.socketPath, configuration: configuration)
    }

    /// Calls `method` and decodes its result.
    ///
    /// ```swift
    /// let hello: HelloResult = try await daemon.call(.hello, HelloParams(client: "mytool"))
    /// ```
    /// - Parameter timeout: how long to wait for the answer; nil: the client's call timeout.
    /// - Throws: `SpotlightError`: the daemon's own error; `.unavailable` when it cannot be
    ///   reached within the reconnect window (saying where it looked and how to start it);
    ///   `.timeout`; `.internal` when the reply is not what this client expects (another version).
    public func call<P: Encodable, R: Decodable>(_ method: DaemonProtocol.Method, _ params: P,
                                                 timeout: Duration? = nil) async throws -> R {
        try decode(try await callValue(method, params, timeout: timeout), of: method)
    }

    /// Calls `method` and returns the reply's JSON, with the rules of ``call(_:_:timeout:)``.
    ///
    /// ```swift
    /// let reply = try await daemon.callValue(.status, [String: String]())
    /// ```
    public func callValue<P: Encodable>(_ method: DaemonProtocol.Method, _ params: P,
                                        timeout: Duration? = nil) async throws -> JSONValue {
        let encoded = try encodedParams(params, of: method)
        return try await reconnecting(method, repeatable: Self.isRepeatable(method, encoded)) {
            // Always the JSONValue overload: without `timeout:`, `client.call(method, encoded)`
            // picks RPCCaller's generic Encodable/Decodable one, which would pass the params
            // and the reply through the codec a second time.
            try await client.call(method.rawValue, encoded, timeout: timeout ?? client.configuration.callTimeout)
        }
    }

    /// `params` as JSON, or `.invalidInput` naming the method.
    private func encodedParams<P: Encodable>(_ params: P, of method: DaemonProtocol.Method) throws -> JSONValue {
        do {
            return try JSONValue(encoding: params)
        } catch {
            throw SpotlightError(.invalidInput, "the params of \(method.rawValue) could not be encoded",
                                 underlying: "\(error)")
        }
    }

    /// `call`, retried while the daemon is unreachable or busy (at its connection limit), up to
    /// the reconnect window; then the `.unavailable` or `.busy` error, explained when
    /// ``explainsUnavailable`` (a busy daemon runs: no hint to start it).
    /// A call sent whose connection then dropped is sent again only if `repeatable`; otherwise
    /// the error says it may have been applied, since the repeat's answer would mislead (a
    /// batch's end: "no batch", a client-state swap: "conflict", though both were stored).
    private func reconnecting<T>(_ method: DaemonProtocol.Method, repeatable: Bool,
                                 _ call: () async throws -> T) async throws -> T {
        let deadline = ContinuousClock.now + reconnectWindow
        while true {
            do {
                return try await call()
            } catch let error as SpotlightError where error.droppedInFlight && !repeatable {
                throw SpotlightError(.unavailable, "the connection to spotlightd at \(socketPath) dropped after "
                    + "\(method.rawValue) was sent and before its answer, so it may or may not have been applied "
                    + "and was not sent again: \(Self.checkHint(method)) before trying again", underlying: error.message)
            } catch let error as SpotlightError where error.code == .unavailable || error.code == .busy {
                if ContinuousClock.now < deadline {
                    try await Task.sleep(for: .milliseconds(100))
                    continue
                }
                guard explainsUnavailable else { throw error }
                if error.code == .busy {
                    throw SpotlightError(.busy, "spotlightd at \(socketPath) is busy and refused the connection: "
                        + "\(error.message)", underlying: error.underlying)
                }
                throw SpotlightError(.unavailable,
                    "spotlightd is not answering at \(socketPath): \(error.message); \(SpotlightPaths.startHint(socket: socketPath))",
                    underlying: error.underlying)
            }
        }
    }

    /// Whether sending `method` again after its connection dropped answers as the first would
    /// have: reads, donations and deletes without a client state (a record stored twice is
    /// stored once), synonym tables, a batch's begin (an unused batch expires).
    static func isRepeatable(_ method: DaemonProtocol.Method, _ params: JSONValue) -> Bool {
        if method.isReadOnly { return true }
        switch method {
        case .donate, .delete:
            if case .object(let members) = params, let state = members["clientState"], state != .null { return false }
            return true
        case .setSynonyms, .beginBatch: return true
        default: return false
        }
    }

    /// What to look at to learn whether `method`, cut off before its answer, was applied.
    static func checkHint(_ method: DaemonProtocol.Method) -> String {
        switch method {
        case .donate, .delete: "read the bundle's client state (clientState) to see whether the swap was stored"
        case .endBatch: "look the batch's records up (get) to see whether it was stored"
        case .abandonBatch: "nothing of an abandoned batch is stored either way; begin a new one"
        case .rebuild, .check, .compact: "ask spotlightd's status whether it runs"
        default: "check its effect"
        }
    }

    /// `value`, a reply to `method`, as `R`.
    /// - Throws: `.internal` saying the daemon and this client may be different versions.
    public func decode<R: Decodable>(_ value: JSONValue, of method: DaemonProtocol.Method,
                                     as type: R.Type = R.self) throws -> R {
        do {
            return try value.decode(R.self)
        } catch {
            throw SpotlightError(.internal, "spotlightd's reply to \(method.rawValue) is not what \(clientName) "
                + "expects; are spotlightd and \(clientName) the same version?", underlying: "\(error)")
        }
    }

    /// Who the daemon thinks this process is, and which bundles it may write.
    ///
    /// ```swift
    /// try await daemon.hello(client: "mytool").writableBundles   // ["com.example.Notes"]
    /// ```
    public func hello(client: String? = nil) async throws -> HelloResult {
        try await call(.hello, HelloParams(client: client))
    }

    /// The daemon's and the index's status.
    public func status() async throws -> DaemonStatus {
        try await call(.status, [String: String]())
    }

    /// Runs a query (docs/query.md).
    ///
    /// ```swift
    /// let hits = try await daemon.query(SearchQuery(text: "grocer")).hits
    /// ```
    public func query(_ query: SearchQuery) async throws -> SearchResult {
        let method = DaemonProtocol.Method.query.rawValue
        let timeout = client.configuration.callTimeout
        // Most queries' params are written straight as text; the rest go through the tree.
        let text = query.jsonText()
        let encoded = text == nil ? try encodedParams(query, of: .query) : nil
        let reply = try await reconnecting(.query, repeatable: true) {
            if let text { return try await client.callForText(method, paramsText: text, timeout: timeout) }
            return try await client.callForText(method, encoded, timeout: timeout)
        }
        // The hits read straight from the reply's text (spotlightd splices the stored records
        // in as text): parsing it into a tree first was most of a client's part of a query.
        if case .text(let bytes) = reply, let result = bytes.withUnsafeBytes({ SearchResult.read(text: $0) }) {
            return result
        }
        let value: JSONValue
        do {
            value = try reply.parsed()
        } catch {
            throw SpotlightError(.internal, "spotlightd's reply to query is not what \(clientName) "
                + "expects; are spotlightd and \(clientName) the same version?", underlying: "\(error)")
        }
        return try decode(value, of: .query)
    }

    /// Closes the connection; the next call reconnects.
    public func close() { client.close() }
}
