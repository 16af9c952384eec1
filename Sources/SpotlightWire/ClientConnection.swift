#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SpotlightModel
import Synchronization

/// One connection of an `RPCClient`: a thread polls the socket, resumes each pending call
/// when its response arrives and fails it when its deadline passes. A caller sends its
/// request itself (a non-blocking send under the lock) when nothing is queued before it, so
/// a call costs no thread hand-off on the way out; what the socket cannot take at once is
/// left for the I/O thread. Callers never block on the socket.
final class ClientConnection: Sendable {
    private struct Pending {
        var continuation: CheckedContinuation<Result<Result<RPCResultReply, RPCError>, SpotlightError>, Never>
        var deadline: ContinuousClock.Instant
        var method: String
        var timeout: Duration
        /// The caller reads the result from its text: a text response is handed over unparsed.
        var wantsText: Bool
    }

    /// Shared between callers and the I/O thread; guarded by its lock.
    private struct Shared {
        /// The sending side of the socket: bytes not yet sent, in order. Only ever flushed
        /// under the lock, so callers and the I/O thread never interleave frames.
        var writer: FramedSocket
        var pending: [RPCID: Pending] = [:]
        /// No pending call's deadline is earlier than this (it may be stale: the call may have
        /// been answered); nil when nothing is pending.
        var earliestDeadline: ContinuousClock.Instant?
        /// Set once the connection is closed: why, for every later call.
        var failure: SpotlightError?
        var shutdownRequested = false
        /// The last error the server sent without an id (a refusal, an oversized frame).
        var serverError: SpotlightError?
        /// The last line from the server that answered no call, said as "a line that …":
        /// a call that then times out says it, since its answer may have been that line.
        var strayLine: String?
    }

    private let path: String
    private let fd: Int32
    private let wake: WakePipe
    private let log: SpotlightLog
    private let shared: Mutex<Shared>

    init(path: String, configuration: RPCClient.Configuration) throws {
        self.path = path
        self.log = configuration.log
        let fd = try UnixSocket.connect(path: path)
        do {
            try UnixSocket.setNonBlocking(fd)
            self.wake = try WakePipe()
        } catch {
            UnixSocket.close(fd)
            throw SpotlightError(.io, "cannot set up the connection to \(path)", underlying: "\(error)")
        }
        self.fd = fd
        self.shared = Mutex(Shared(writer: FramedSocket(fd: fd, maxFrameBytes: configuration.maxFrameBytes)))
        let socket = FramedSocket(fd: fd, maxFrameBytes: configuration.maxFrameBytes)
        let thread = Thread { [self] in run(socket) }
        thread.name = "spotlight-wire-client"
        thread.start()
    }

    var isClosed: Bool { shared.withLock { $0.failure != nil } }

    /// Sends `line` and waits for the response with `id`, at most `timeout`. With `wantsText`,
    /// a success response in the text form (``RPCMessage/textResponse(_:)``) resolves as
    /// `.text`, unparsed; anything else resolves as `.value`.
    func send(_ line: [UInt8], id: RPCID, method: String, timeout: Duration,
              wantsText: Bool) async -> Result<Result<RPCResultReply, RPCError>, SpotlightError> {
        await withCheckedContinuation { continuation in
            let deadline = ContinuousClock.now + timeout
            let (refusal, wakeIOThread): (SpotlightError?, Bool) = shared.withLock { state in
                if let failure = state.failure { return (failure, false) }
                state.pending[id] = Pending(continuation: continuation, deadline: deadline, method: method, timeout: timeout,
                                            wantsText: wantsText)
                // The I/O thread sleeps until the earliest deadline it knows of: tell it of an earlier one.
                let earlier = state.earliestDeadline.map { deadline < $0 } ?? true
                if earlier { state.earliestDeadline = deadline }
                return (nil, !Self.send(line, &state) || earlier)
            }
            if let refusal { continuation.resume(returning: .failure(refusal)); return }
            if wakeIOThread { wake.signal() }
        }
    }

    /// Sends bytes (a notification) without waiting for anything.
    func enqueue(_ line: [UInt8]) {
        if !shared.withLock({ Self.send(line, &$0) }) { wake.signal() }
    }

    /// Queues `line` behind anything unsent and sends what the socket takes now. False when
    /// bytes are left (the I/O thread must wait for room) or sending failed (the I/O thread
    /// meets the same error and closes the connection).
    private static func send(_ line: [UInt8], _ state: inout Shared) -> Bool {
        state.writer.enqueue(line)
        do {
            try state.writer.flush()
        } catch {
            return false
        }
        return state.writer.pendingOutboundBytes == 0
    }

    func shutdown() {
        shared.withLock { $0.shutdownRequested = true }
        wake.signal()
    }

    /// Resumes the call `id` once; later resolutions of the same id are ignored.
    private func resolve(_ id: RPCID, _ outcome: Result<Result<RPCResultReply, RPCError>, SpotlightError>) {
        let entry = shared.withLock { state in
            let entry = state.pending.removeValue(forKey: id)
            if entry == nil { state.strayLine = "a line that answers id \(id), which no call waits for" }
            return entry
        }
        entry?.continuation.resume(returning: outcome)
    }

    // MARK: - The I/O thread

    private func run(_ initial: FramedSocket) {
        var socket = initial
        let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 16)
        defer { scratch.deallocate() }
        var reason = "the connection to \(path) closed"
        loop: while true {
            let (stop, flushed, earliest) = shared.withLock { state in
                (state.shutdownRequested, Result { () throws(SystemCallError) in try state.writer.flush() }
                    .map { state.writer.pendingOutboundBytes }, state.earliestDeadline)
            }
            if stop { reason = "the client closed its connection to \(path)"; break }
            let unsent: Int
            switch flushed {
            case .success(let count): unsent = count
            case .failure(let error):
                reason = "the connection to \(path) broke (\(error))"
                drainReplies(&socket, scratch)
                break loop
            }
            var fds = [
                pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0),
                pollfd(fd: fd, events: Int16(POLLIN) | (unsent > 0 ? Int16(POLLOUT) : 0), revents: 0),
            ]
            let waitMilliseconds = earliest.map { Self.milliseconds(until: $0) } ?? -1
            guard (try? systemCall("poll") { poll(&fds, 2, waitMilliseconds) }) != nil else { continue }
            if fds[0].revents != 0 { wake.drain() }
            if let earliest, ContinuousClock.now >= earliest { expireOverdueCalls() }
            if fds[1].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                do {
                    switch try socket.read(into: scratch) {
                    case .wouldBlock: break
                    case .frames(let frames): frames.forEach(handle)
                    case .endOfStream(let last):
                        last.map(handle)
                        reason = "the server at \(path) closed the connection (it stopped or restarted)"
                        break loop
                    }
                } catch let error as LineFramer.FrameTooLarge {
                    // Not the server gone: it answered more than a message may hold.
                    close(failure: SpotlightError.replyTooLarge(from: path, limit: error.limit))
                    return
                } catch {
                    reason = "the connection to \(path) broke (\(error))"
                    break loop
                }
            }
        }
        close(failure: SpotlightError(.unavailable, "\(reason); calls in flight were not answered, the next call reconnects",
                                      underlying: SpotlightError.droppedInFlightCause))
    }

    /// After a failed send, reads what the server had already answered (an error it sent
    /// before closing).
    private func drainReplies(_ socket: inout FramedSocket, _ scratch: UnsafeMutableRawBufferPointer) {
        while case .frames(let frames)? = try? socket.read(into: scratch) { frames.forEach(handle) }
    }

    private func handle(_ frame: [UInt8]) {
        // A result its caller reads from the text itself (a query's hits) is not parsed here.
        if let text = RPCMessage.textResponse(frame) {
            let entry = shared.withLock { state -> Pending? in
                guard state.pending[text.id]?.wantsText == true else { return nil }
                return state.pending.removeValue(forKey: text.id)
            }
            if let entry {
                entry.continuation.resume(returning: .success(.success(.text(Array(frame[text.result])))))
                return
            }
        }
        let decoded = RPCMessage.decode(frame: frame)
        guard case .success(.response(let response)) = decoded else {
            log.write(.debug, "ignoring a frame from \(path) that is not a response")
            let why = if case .failure(let failure) = decoded { failure.error.message } else { "a request, not a response" }
            shared.withLock { $0.strayLine = "a line that is not a JSON-RPC response (\(why))" }
            return
        }
        if let id = response.id {
            resolve(id, .success(response.outcome.map(RPCResultReply.value)))
        } else if case .failure(let error) = response.outcome {
            log.write(.info, "the server at \(path) says: \(error.message)")
            shared.withLock { $0.serverError = error.spotlightError }
        }
    }

    /// Fails every pending call: with the server's own last error if it sent one (a
    /// refusal says why), else `failure`.
    private func close(failure ownFailure: SpotlightError) {
        let (pending, failure) = shared.withLock { state in
            let failure = state.serverError ?? ownFailure
            state.failure = failure
            defer { state.pending.removeAll() }
            return (state.pending.values, failure)
        }
        UnixSocket.close(fd)
        for entry in pending {
            entry.continuation.resume(returning: .failure(failure))
        }
    }

    /// Fails every call whose deadline has passed, and notes the next deadline.
    private func expireOverdueCalls() {
        let now = ContinuousClock.now
        let (overdue, stray): ([Pending], String?) = shared.withLock { state in
            let late = state.pending.filter { $0.value.deadline <= now }
            for id in late.keys { state.pending.removeValue(forKey: id) }
            state.earliestDeadline = state.pending.values.map(\.deadline).min()
            return (Array(late.values), state.strayLine)
        }
        // A server that sent lines answering nothing is not stuck: it speaks another protocol.
        let why = stray.map { "the server sent \($0) instead: check that what serves at \(path) speaks this protocol" }
            ?? "the server may be overloaded or stuck"
        for call in overdue {
            call.continuation.resume(returning: .failure(SpotlightError(.timeout,
                "no reply to \(call.method) from \(path) within \(call.timeout); \(why)")))
        }
    }

    /// A poll(2) timeout that does not wake before `deadline`.
    private static func milliseconds(until deadline: ContinuousClock.Instant) -> Int32 {
        let remaining = deadline - ContinuousClock.now
        guard remaining > .zero else { return 0 }
        let (seconds, attoseconds) = remaining.components
        return Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
    }
}

extension SpotlightError {
    /// The failure of the calls on a connection whose server sent a reply over `limit` bytes,
    /// the frame limit: the reply was dropped and the connection closed.
    package static func replyTooLarge(from path: String, limit: Int) -> SpotlightError {
        SpotlightError(.internal, "a reply from \(path) is over the limit of \(limit) bytes per message, so it was "
            + "dropped and the connection closed; the server must answer with less", underlying: replyTooLargeCause)
    }

    /// Whether this is ``replyTooLarge(from:limit:)``'s failure.
    package var isReplyTooLarge: Bool { code == .internal && underlying == Self.replyTooLargeCause }

    private static let replyTooLargeCause = "reply over the frame limit"

    /// Whether this is the failure of a call that was sent and whose connection then dropped:
    /// the server may have run it or not (a repeatable call can be sent again; a batch's end
    /// or a client-state swap cannot tell its caller anything by being sent again).
    package var droppedInFlight: Bool { code == .unavailable && underlying == Self.droppedInFlightCause }

    fileprivate static let droppedInFlightCause = "the connection dropped after the call was sent"
}
