import SpotlightModel
import Synchronization

/// A JSON-RPC client over a Unix domain socket. Thread-safe: share one client; many
/// calls may be outstanding at once on its one connection (pipelined, matched by id).
///
/// It connects on the first call. When the connection drops, every pending call fails
/// with `.unavailable` and the next call connects again.
///
/// ```swift
/// let client = RPCClient(socketPath: "/run/user/1000/spotlight/spotlightd.sock")
/// let status = try await client.call("status")
/// let hits: [String] = try await client.call("search", ["text": "saturn"])
/// ```
public final class RPCClient: RPCCaller {
    public struct Configuration: Sendable {
        /// The largest frame sent or accepted, in bytes.
        public var maxFrameBytes = LineFramer.defaultMaxFrameBytes
        /// How long a call waits for its response by default.
        public var callTimeout: Duration = .seconds(30)
        public var log: SpotlightLog = .silent
        /// When the task making a call is cancelled, send the server a `$/cancelRequest`
        /// notification naming the call, so the server cancels the task answering it (see
        /// docs/protocol.md). The call still waits for its response; a call made by a task already
        /// cancelled throws `CancellationError` unsent. A server that does not know the notification
        /// ignores it.
        public var sendsCancelRequests = false

        public init() {}
    }

    public let socketPath: String
    public let configuration: Configuration
    private let ids = IDGenerator()
    /// The current connection; replaced after it drops. Guarded by its lock.
    private let connection = Mutex<ClientConnection?>(nil)

    /// A client for the server at `socketPath`; nothing is opened until the first call.
    public init(socketPath: String, configuration: Configuration = .init()) {
        ignoreSIGPIPE()
        self.socketPath = socketPath
        self.configuration = configuration
    }

    deinit {
        close()
    }

    public func call(_ method: String, _ params: JSONValue?) async throws -> JSONValue {
        try await call(method, params, timeout: configuration.callTimeout)
    }

    /// Calls `method` and waits at most `timeout` for the response.
    /// - Throws: `SpotlightError`: the server's error; `.unavailable` naming the socket if
    ///   no server runs there or the connection dropped; `.timeout`; `.invalidInput` for a
    ///   request over the frame limit.
    public func call(_ method: String, _ params: JSONValue?, timeout: Duration) async throws -> JSONValue {
        try await send(method, params, timeout: timeout, wantsText: false).parsed()
    }

    /// ``call(_:_:timeout:)`` for a caller that reads the result from its JSON text: a result
    /// the server sent as text (``RPCImmediateResult/text(_:)``) comes back as those bytes,
    /// unparsed and unchecked, saving a parse into a tree that the caller would only read
    /// once; any other as the parsed value, or as text when its envelope was written in the
    /// same form (``RPCResultReply``).
    ///
    /// ```swift
    /// let reply = try await client.callForText("query", ["text": "saturn"], timeout: .seconds(5))
    /// ```
    /// - Throws: as ``call(_:_:timeout:)``.
    public func callForText(_ method: String, _ params: JSONValue?, timeout: Duration) async throws -> RPCResultReply {
        try await send(method, params, timeout: timeout, wantsText: true)
    }

    /// ``callForText(_:_:timeout:)`` with params this process already wrote as JSON text (an
    /// object): sent as they are, unchecked, so a caller that writes its params itself skips
    /// building a `JSONValue` for them.
    package func callForText(_ method: String, paramsText: [UInt8], timeout: Duration) async throws -> RPCResultReply {
        let id = ids.next()
        let line = try RPCCallCoding.requestLine(id: id, method: method, paramsText: paramsText,
                                                 maxFrameBytes: configuration.maxFrameBytes)
        return try await send(line, id: id, method: method, timeout: timeout, wantsText: true)
    }

    private func send(_ method: String, _ params: JSONValue?, timeout: Duration, wantsText: Bool) async throws -> RPCResultReply {
        let id = ids.next()
        let line = try RPCCallCoding.requestLine(id: id, method: method, params: params,
                                                 maxFrameBytes: configuration.maxFrameBytes)
        return try await send(line, id: id, method: method, timeout: timeout, wantsText: wantsText)
    }

    private func send(_ line: [UInt8], id: RPCID, method: String, timeout: Duration,
                      wantsText: Bool) async throws -> RPCResultReply {
        let connection = try currentConnection()
        guard configuration.sendsCancelRequests else {
            let outcome = await connection.send(line, id: id, method: method, timeout: timeout, wantsText: wantsText)
            return try RPCCallCoding.result(of: try outcome.get())
        }
        // A call of a task already cancelled is not sent (its cancel would reach the server first).
        try Task.checkCancellation()
        let outcome = await withTaskCancellationHandler {
            await connection.send(line, id: id, method: method, timeout: timeout, wantsText: wantsText)
        } onCancel: {
            let cancel = RPCNotification(method: RunningRequests.cancelMethod, params: .object(["id": id.json]))
            if let cancelLine = try? RPCMessage.notification(cancel).encodedLine() { connection.enqueue(cancelLine) }
        }
        return try RPCCallCoding.result(of: try outcome.get())
    }

    /// Sends a notification (no id, no response).
    public func notify(_ method: String, _ params: JSONValue? = nil) throws {
        let line: [UInt8]
        do {
            line = try RPCMessage.notification(RPCNotification(method: method, params: params)).encodedLine()
        } catch {
            throw SpotlightError(.invalidInput, "the params of \(method) could not be encoded", underlying: "\(error)")
        }
        try currentConnection().enqueue(line)
    }

    /// Closes the connection; pending calls fail with `.unavailable`. A later call reconnects.
    public func close() {
        let current = connection.withLock { slot in
            defer { slot = nil }
            return slot
        }
        current?.shutdown()
    }

    /// Whether the last connection is still open: after a call that failed `.unavailable`,
    /// true means the server answered with that error, false that the connection dropped.
    package var isConnected: Bool {
        connection.withLock { slot in slot.map { !$0.isClosed } ?? false }
    }

    /// The live connection, connecting if there is none or the last one dropped.
    private func currentConnection() throws -> ClientConnection {
        try connection.withLock { slot in
            if let live = slot, !live.isClosed { return live }
            let fresh = try ClientConnection(path: socketPath, configuration: configuration)
            slot = fresh
            return fresh
        }
    }
}
