#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SpotlightModel
import Synchronization

/// One connection of an `RPCClient`: a thread polls the socket, sends queued requests and
/// resumes each pending call when its response arrives. Callers never block on the socket.
final class ClientConnection: Sendable {
    private struct Pending {
        var continuation: CheckedContinuation<Result<Result<JSONValue, RPCError>, SpotlightError>, Never>
        var timer: Task<Void, Never>?
    }

    /// Shared between callers and the I/O thread; guarded by its lock.
    private struct Shared {
        var outbound: [UInt8] = []
        var pending: [RPCID: Pending] = [:]
        /// Set once the connection is closed: why, for every later call.
        var failure: SpotlightError?
        var shutdownRequested = false
        /// The last error the server sent without an id (a refusal, an oversized frame).
        var serverError: SpotlightError?
    }

    private let path: String
    private let fd: Int32
    private let wake: WakePipe
    private let log: WireLog
    private let shared = Mutex(Shared())

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
        let socket = FramedSocket(fd: fd, maxFrameBytes: configuration.maxFrameBytes)
        let thread = Thread { [self] in run(socket) }
        thread.name = "spotlight-wire-client"
        thread.start()
    }

    var isClosed: Bool { shared.withLock { $0.failure != nil } }

    /// Queues `line` and waits for the response with `id`, at most `timeout`.
    func send(_ line: [UInt8], id: RPCID, method: String,
              timeout: Duration) async -> Result<Result<JSONValue, RPCError>, SpotlightError> {
        await withCheckedContinuation { continuation in
            let refusal: SpotlightError? = shared.withLock { state in
                if let failure = state.failure { return failure }
                let timer = Task { [weak self] in
                    try? await Task.sleep(for: timeout)
                    guard !Task.isCancelled else { return }
                    self?.resolve(id, .failure(SpotlightError(.timeout, """
                        no reply to \(method) from \(self?.path ?? "the server") within \(timeout); \
                        the server may be overloaded or stuck
                        """)))
                }
                state.pending[id] = Pending(continuation: continuation, timer: timer)
                return nil
            }
            if let refusal { continuation.resume(returning: .failure(refusal)); return }
            enqueue(line)
        }
    }

    /// Queues bytes for the I/O thread.
    func enqueue(_ line: [UInt8]) {
        let wasEmpty = shared.withLock { state in
            defer { state.outbound.append(contentsOf: line) }
            return state.outbound.isEmpty
        }
        if wasEmpty { wake.signal() }
    }

    func shutdown() {
        shared.withLock { $0.shutdownRequested = true }
        wake.signal()
    }

    /// Resumes the call `id` once; later resolutions of the same id are ignored.
    private func resolve(_ id: RPCID, _ outcome: Result<Result<JSONValue, RPCError>, SpotlightError>) {
        let entry = shared.withLock { $0.pending.removeValue(forKey: id) }
        entry?.timer?.cancel()
        entry?.continuation.resume(returning: outcome)
    }

    // MARK: - The I/O thread

    private func run(_ initial: FramedSocket) {
        var socket = initial
        let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 16)
        defer { scratch.deallocate() }
        var reason = "the connection to \(path) closed"
        loop: while true {
            let (queued, stop) = shared.withLock { state in
                defer { state.outbound.removeAll(keepingCapacity: true) }
                return (state.outbound, state.shutdownRequested)
            }
            if stop { reason = "the client closed its connection to \(path)"; break }
            socket.enqueue(queued)
            do {
                try socket.flush()
            } catch {
                reason = "the connection to \(path) broke (\(error))"
                drainReplies(&socket, scratch)
                break
            }
            var fds = [
                pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0),
                pollfd(fd: fd, events: Int16(POLLIN) | (socket.pendingOutboundBytes > 0 ? Int16(POLLOUT) : 0), revents: 0),
            ]
            guard (try? systemCall("poll") { poll(&fds, 2, -1) }) != nil else { continue }
            if fds[0].revents != 0 { wake.drain() }
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
                } catch {
                    reason = "the connection to \(path) broke (\(error))"
                    break loop
                }
            }
        }
        close(reason: reason)
    }

    /// After a failed send, reads what the server had already answered (an error it sent
    /// before closing).
    private func drainReplies(_ socket: inout FramedSocket, _ scratch: UnsafeMutableRawBufferPointer) {
        while case .frames(let frames)? = try? socket.read(into: scratch) { frames.forEach(handle) }
    }

    private func handle(_ frame: [UInt8]) {
        guard case .success(.response(let response)) = RPCMessage.decode(frame: frame) else {
            log.write(.debug, "ignoring a frame from \(path) that is not a response")
            return
        }
        if let id = response.id {
            resolve(id, .success(response.outcome))
        } else if case .failure(let error) = response.outcome {
            log.write(.info, "the server at \(path) says: \(error.message)")
            shared.withLock { $0.serverError = error.spotlightError }
        }
    }

    /// Fails every pending call: with the server's own last error if it sent one (a
    /// refusal says why), else `.unavailable`.
    private func close(reason: String) {
        let (pending, failure) = shared.withLock { state in
            let failure = state.serverError
                ?? SpotlightError(.unavailable, "\(reason); calls in flight were not answered, the next call reconnects")
            state.failure = failure
            defer { state.pending.removeAll() }
            return (state.pending.values, failure)
        }
        UnixSocket.close(fd)
        for entry in pending {
            entry.timer?.cancel()
            entry.continuation.resume(returning: .failure(failure))
        }
    }
}
