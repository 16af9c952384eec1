#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The sending side of one server connection, shared by the loop thread and the threads
/// that answer its requests: a worker sends its response itself, under the lock, when
/// nothing is queued before it, so an answer costs no hand-off back to the loop thread.
/// What the socket cannot take at once stays queued for the loop to send when it can.
///
/// The lock also guards the descriptor's life: the loop closes it under the lock and marks
/// the writer closed, so no thread sends on a number the kernel has given to another socket.
final class ConnectionWriter: Sendable {
    struct State {
        /// Only the outbound queue is used; the loop reads through its own `FramedSocket`.
        var socket: FramedSocket
        /// Requests read but not yet answered.
        var inFlight = 0
        /// The loop will read no more requests: close once `inFlight` is 0 and all is sent.
        var ending = false
        /// The descriptor is closed; responses are dropped.
        var closed = false
        /// A send failed; the loop drops the connection when it next looks.
        var sendFailure: SystemCallError?
        /// The loop stopped reading because `inFlight` reached the connection's limit.
        var readPaused = false
        /// The peer closed its socket (poll said POLLHUP), not only its sending side: it reads
        /// no answer, though what it sent before may still change state.
        var peerHungUp = false
        /// Requests skipped unrun because no answer could reach the peer (``isAbandoned``).
        var skippedRequests = 0
        /// The skipped requests were reported (``takeSkippedReport()``).
        var skipsReported = false
    }

    /// The connection in log lines: `connection 7 (pid 4242 uid 1000 gid 1000)`.
    let label: String
    private let state: Mutex<State>
    /// Unsent answer bytes beyond which the peer counts as not reading (``complete(_:send:)``).
    private let maxUnsentBytes: Int

    init(fd: Int32, maxFrameBytes: Int, maxUnsentBytes: Int = .max, label: String = "connection") {
        state = Mutex(State(socket: FramedSocket(fd: fd, maxFrameBytes: maxFrameBytes)))
        self.label = label
        self.maxUnsentBytes = maxUnsentBytes
    }

    /// No answer would reach the peer: it closed its socket, or stopped reading (a send
    /// failed), or the connection is closed. Its read-only requests not yet run are skipped
    /// (``RPCHandler/isReadOnly(method:)``); any other still runs.
    var isAbandoned: Bool { state.withLock { $0.peerHungUp || $0.closed || $0.sendFailure != nil } }

    /// Counts a request skipped because the connection ``isAbandoned``.
    func noteSkipped() { state.withLock { $0.skippedRequests += 1 } }

    /// How many requests were skipped and why, once per connection: when it is closed and
    /// nothing of it is in flight, so the count is final. Nil before then, after, or for none.
    func takeSkippedReport() -> (count: Int, reason: String)? {
        state.withLock { state in
            guard state.closed, state.inFlight == 0, state.skippedRequests > 0, !state.skipsReported else { return nil }
            state.skipsReported = true
            let reason = state.peerHungUp ? "its peer hung up"
                : state.sendFailure != nil ? "its peer stopped reading (an answer could not be sent)" : "it was closed"
            return (state.skippedRequests, reason)
        }
    }

    func withState<T>(_ body: (inout State) -> T) -> T {
        state.withLock { body(&$0) }
    }

    /// Sends what is queued, unless a send failed before. The error of the send that failed.
    func flush() -> SystemCallError? {
        state.withLock { state in
            guard !state.closed else { return nil }
            if let failure = state.sendFailure { return failure }
            state.sendFailure = Self.flush(&state)
            return state.sendFailure
        }
    }

    /// Sends what the socket takes; the error if a send failed. A send refused because the
    /// peer closed its socket (EPIPE, ECONNRESET) marks it hung up, as POLLHUP does: the loop
    /// may meet the failure first, or not poll the connection at all while its reading is
    /// paused at the in-flight limit.
    private static func flush(_ state: inout State) -> SystemCallError? {
        do {
            try state.socket.flush()
            return nil
        } catch {
            if error.errno == EPIPE || error.errno == ECONNRESET { state.peerHungUp = true }
            return error
        }
    }

    /// Sends a request's response (nil: none, for a notification), or only queues it for the
    /// loop unless `send`, and counts the request answered. True when the loop must look at
    /// this connection: bytes are left to send, a send failed, it may close now, or it may
    /// read again.
    func complete(_ line: [UInt8]?, send: Bool = true) -> Bool {
        state.withLock { state in
            state.inFlight -= 1
            guard !state.closed else { return false }
            if let line, state.sendFailure == nil {
                if state.socket.pendingOutboundBytes > maxUnsentBytes {
                    // Earlier answers still unread past the limit (one large answer alone never
                    // is): ENOBUFS stands for "the peer reads none of them", and the loop drops it.
                    state.sendFailure = SystemCallError(call: "send (\(state.socket.pendingOutboundBytes) bytes of "
                        + "answers unread, over the limit of \(maxUnsentBytes))", errno: ENOBUFS)
                } else {
                    state.socket.enqueue(line)
                    if send { state.sendFailure = Self.flush(&state) }
                }
            }
            return state.socket.pendingOutboundBytes > 0 || state.sendFailure != nil
                || (state.ending && state.inFlight == 0) || state.readPaused
        }
    }
}
