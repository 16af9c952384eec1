#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SpotlightModel
import Synchronization

/// The event loop behind `UnixSocketServer`: one thread polls the listener, a wake pipe
/// and every connection. Requests are answered on worker threads or in tasks that prefer
/// those threads (``WorkerTaskExecutor``), which send their responses themselves through
/// the connection's ``ConnectionWriter`` and write a byte to the wake pipe only when the
/// loop has something to do (bytes the socket did not take, a connection to close or to
/// read again).
///
/// What any thread may touch is here, immutable or in the mailbox's lock, or in a
/// connection's writer under its own lock; what only the loop thread touches (the
/// connections' reading side) is in ``LoopThread``, which that thread alone holds,
/// so the compiler checks the split.
final class ServerLoop: Sendable {
    fileprivate let configuration: UnixSocketServer.Configuration
    fileprivate let dispatcher: RPCDispatcher
    fileprivate let ownedPath: (path: String, inode: UInt)?
    fileprivate let wake: WakePipe
    /// The listening socket as it was handed over; the loop thread owns it from `start()`.
    fileprivate let listener: Int32
    /// Where frames are parsed and immediate requests answered, off the loop thread.
    fileprivate let workers = DispatchQueue(label: "spotlight.wire.requests", attributes: .concurrent)
    /// Where handler tasks run: the workers, so requests progress while other code of the
    /// process blocks the cooperative pool.
    fileprivate let taskExecutor: WorkerTaskExecutor
    /// Which frames are requests of the handler's ``RPCHandler/controlMethods``.
    fileprivate let controlFrames: ControlFrames
    /// Where those are answered, one at a time: a serial queue gets a thread of its own even
    /// while CPU-bound requests hold every worker, so a `hello` never waits behind them.
    fileprivate let control = DispatchQueue(label: "spotlight.wire.control")
    fileprivate let controlExecutor: WorkerTaskExecutor

    /// Shared between the loop thread and other threads; guarded by its own lock.
    fileprivate struct Mailbox {
        var stopRequested = false
        var finished = false
        var connectionCount = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
    }
    fileprivate let mailbox = Mutex(Mailbox())

    init(listener: Int32, ownedPath: (String, UInt)?, handler: any RPCHandler,
         configuration: UnixSocketServer.Configuration) throws {
        self.listener = listener
        self.ownedPath = ownedPath
        self.configuration = configuration
        self.dispatcher = RPCDispatcher(handler: handler, log: configuration.log, maxAnswerBytes: configuration.maxFrameBytes)
        self.taskExecutor = WorkerTaskExecutor(queue: workers)
        self.controlFrames = ControlFrames(handler.controlMethods)
        self.controlExecutor = WorkerTaskExecutor(queue: control)
        do {
            self.wake = try WakePipe()
        } catch {
            UnixSocket.close(listener)
            if let ownedPath { SocketPath.unlinkIfOurs(ownedPath.0, inode: ownedPath.1) }
            throw SpotlightError(.io, "cannot create the server's wake pipe", underlying: "\(error)")
        }
    }

    func start() {
        let thread = Thread { [self] in LoopThread(self).run() }
        thread.name = "spotlight-wire-server"
        thread.start()
    }

    func requestStop() {
        mailbox.withLock { $0.stopRequested = true }
        wake.signal()
    }

    func waitUntilFinished() async {
        await withCheckedContinuation { continuation in
            let done = mailbox.withLock { box in
                if box.finished { return true }
                box.waiters.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }

    var connectionCount: Int { mailbox.withLock { $0.connectionCount } }

    /// Called from handler tasks and worker threads: sends the response (or, unless `send`,
    /// queues it for the loop) and wakes the loop if it has something to do about it.
    fileprivate func complete(_ writer: ConnectionWriter, line: [UInt8]?, send: Bool = true) {
        if writer.complete(line, send: send) { wake.signal() }
        logSkipped(writer)
    }

    /// Answers a frame ``ControlFrames/matches(_:)`` picked out, on the control queue; one
    /// that turns out not to be a control request (a nested member named `method`) goes on to
    /// the workers as any other frame. `settle` is called once it is known to be a control request, which no `$/cancelRequest`
    /// cancels (it answers in milliseconds).
    fileprivate func answerControl(_ frame: [UInt8], writer: ConnectionWriter, peer: PeerCredentials,
                                   settle: @escaping @Sendable () -> Void, otherwise: @escaping @Sendable () -> Void) {
        control.async { [self] in
            guard case .success(let message) = RPCMessage.decode(frame: frame), controlFrames.isControl(message) else {
                return otherwise()
            }
            settle()
            Task(executorPreference: controlExecutor) {
                let line = await self.dispatcher.respond(to: message, peer: peer, hungUp: { writer.isAbandoned },
                                                         skipped: { writer.noteSkipped() })
                self.complete(writer, line: line)
            }
        }
    }

    /// One log line per connection whose read-only requests were skipped unrun, once the count
    /// is final (closed, none in flight): by whoever gets there last, the loop or a worker.
    fileprivate func logSkipped(_ writer: ConnectionWriter) {
        guard let (count, reason) = writer.takeSkippedReport() else { return }
        configuration.log.write(.info, "\(writer.label): skipped \(count) queued read-only request\(count == 1 ? "" : "s") "
            + "unrun: \(reason), so no answer could reach it")
    }
}

/// The loop thread's own state and work: created on that thread, never shared.
private final class LoopThread {
    let shared: ServerLoop
    var listener: Int32
    var connections: [Int: ServerConnection] = [:]
    var nextConnectionID = 1
    /// When stopping began; also the start of the grace period for unflushed responses.
    var stoppingSince: ContinuousClock.Instant?
    let outboundHighWater = 1 << 20

    init(_ shared: ServerLoop) {
        self.shared = shared
        listener = shared.listener
    }

    var configuration: UnixSocketServer.Configuration { shared.configuration }
    var dispatcher: RPCDispatcher { shared.dispatcher }
    var ownedPath: (path: String, inode: UInt)? { shared.ownedPath }
    var wake: WakePipe { shared.wake }
    var workers: DispatchQueue { shared.workers }

    // MARK: - The loop

    func run() {
        let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 16)
        defer { scratch.deallocate() }
        while true {
            let now = ContinuousClock.now
            if stoppingSince == nil, shared.mailbox.withLock({ $0.stopRequested }) { beginStopping(now) }
            // Sends what was queued while the loop slept (an answer delivered later) before
            // looking for connections to close: one whose peer stopped writing closes once
            // its last answer is out, and nothing else would wake the loop for it.
            for connection in connections.values { _ = flush(connection) }
            closeFinishedConnections(now)
            if stoppingSince != nil, connections.isEmpty { break }

            var watched: [ServerConnection] = []
            var fds = [pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0)]
            if stoppingSince == nil { fds.append(pollfd(fd: listener, events: Int16(POLLIN), revents: 0)) }
            for connection in connections.values {
                var events: Int16 = 0
                if wantsRead(connection) { events |= Int16(POLLIN) }
                if connection.writer.withState({ $0.socket.pendingOutboundBytes }) > 0 { events |= Int16(POLLOUT) }
                guard events != 0 else { continue }
                watched.append(connection)
                fds.append(pollfd(fd: connection.socket.fd, events: events, revents: 0))
            }
            let ready = (try? systemCall("poll") { poll(&fds, nfds_t(fds.count), pollTimeout(now)) }) ?? 0
            if ready > 0 {
                if fds[0].revents != 0 { wake.drain() }
                let offset = stoppingSince == nil ? 2 : 1
                if offset == 2, fds[1].revents != 0 { acceptConnections() }
                for (index, connection) in watched.enumerated() where fds[index + offset].revents != 0 {
                    serve(connection, events: fds[index + offset].revents, scratch: scratch)
                }
            }
            checkFrameDeadlines(ContinuousClock.now)
        }
        finish()
    }

    /// Whether to read the connection's next requests. Notes in its writer when only the
    /// number of requests in flight stops it, so the answer that lowers it wakes the loop.
    private func wantsRead(_ connection: ServerConnection) -> Bool {
        guard !connection.readClosed, connection.closeDeadline == nil, stoppingSince == nil else { return false }
        let limit = configuration.maxPendingRequestsPerConnection, highWater = outboundHighWater
        return connection.writer.withState { state in
            state.readPaused = state.inFlight >= limit
            return !state.readPaused && state.socket.pendingOutboundBytes < highWater
        }
    }

    private func serve(_ connection: ServerConnection, events: Int16, scratch: UnsafeMutableRawBufferPointer) {
        // A peer that closed its socket (one that only shut down its sending side gets no
        // POLLHUP) reads no answer: its read-only requests still queued are skipped.
        if events & Int16(POLLHUP) != 0 { connection.writer.withState { $0.peerHungUp = true } }
        if events & Int16(POLLOUT) != 0 || events & Int16(POLLERR) != 0 {
            guard flush(connection) else { return }
        }
        guard events & Int16(POLLIN | POLLHUP | POLLERR) != 0, wantsRead(connection) else { return }
        do {
            switch try connection.socket.read(into: scratch) {
            case .wouldBlock:
                break
            case .frames(let frames):
                if !frames.isEmpty { connection.partialSince = nil }
                for frame in frames { dispatch(frame, on: connection) }
            case .endOfStream(let lastFrame):
                connection.readClosed = true
                if let lastFrame { dispatch(lastFrame, on: connection) }
            }
        } catch let error as LineFramer.FrameTooLarge {
            configuration.log.write(.warning, "\(connection): \(error); closing it")
            closeAfterError(connection, .invalidRequest(error.description))
        } catch {
            configuration.log.write(.debug, "\(connection): \(error); dropping it")
            drop(connection)
        }
    }

    /// Parses and answers each frame on a worker thread; only what the handler cannot answer
    /// at once (see ``RPCImmediateHandler``) goes on to a task. A control request (see
    /// ``RPCHandler/controlMethods``) is answered apart, on the control queue.
    private func dispatch(_ frame: [UInt8], on connection: ServerConnection) {
        connection.writer.withState { $0.inFlight += 1 }
        let writer = connection.writer, peer = connection.peer, shared = shared, running = connection.running
        let order = running.admit()
        let answer: @Sendable () -> Void = { Self.answer(frame, order: order, running: running, writer: writer, peer: peer, shared) }
        guard shared.controlFrames.matches(frame) else { return answer() }
        shared.answerControl(frame, writer: writer, peer: peer, settle: { running.settle(order) }, otherwise: answer)
    }

    /// Answers `frame`, admitted to `running` as `order`, on the workers: what
    /// ``dispatch(_:on:)`` does with any frame but a control request.
    private static func answer(_ frame: [UInt8], order: Int, running: RunningRequests, writer: ConnectionWriter,
                               peer: PeerCredentials, _ shared: ServerLoop) {
        let dispatcher = shared.dispatcher, executor = shared.taskExecutor, workers = shared.workers
        guard dispatcher.handler is any RPCImmediateHandler else {
            running.start(order, on: executor) { answering, cancelling in
                // A peer gone or not reading gets no answer: its queued read-only requests are skipped.
                let line = await dispatcher.respond(to: frame, peer: peer, hungUp: { writer.isAbandoned },
                                                    skipped: { writer.noteSkipped() }, answering: answering,
                                                    cancelling: cancelling)
                shared.complete(writer, line: line)
            }
            return
        }
        workers.async {
            switch dispatcher.respondImmediately(to: frame, peer: peer, hungUp: { writer.isAbandoned },
                                                 skipped: { writer.noteSkipped() }) {
            case .answered(let line):
                running.settle(order)
                shared.complete(writer, line: line)
            case .needsTask(let message):
                running.start(order, on: executor) { answering, cancelling in
                    let line = await dispatcher.respond(to: message, peer: peer, hungUp: { writer.isAbandoned },
                                                        skipped: { writer.noteSkipped() }, answering: answering,
                                                        cancelling: cancelling)
                    shared.complete(writer, line: line)
                }
            case .later(let start):
                running.settle(order)
                // Delivered on the thread that finished the work (the store's writer, for a
                // donation), whose time belongs to that work: the loop sends it.
                start { line in shared.complete(writer, line: line, send: false) }
            }
        }
    }

    /// Sends what is queued; drops the connection on a send error, its own or one a worker
    /// met. False if dropped.
    private func flush(_ connection: ServerConnection) -> Bool {
        guard let error = connection.writer.flush() else { return true }
        configuration.log.write(.debug, "\(connection): \(error); dropping it")
        drop(connection)
        return false
    }

    // MARK: - Connections

    private func acceptConnections() {
        for _ in 0..<64 {
            let fd: Int32
            do {
                guard let accepted = try UnixSocket.accept(listener) else { return }
                fd = accepted
            } catch {
                configuration.log.write(.warning, "accept on the listening socket: \(error)")
                return
            }
            admit(fd)
        }
    }

    private func admit(_ fd: Int32) {
        var peer: PeerCredentials
        do {
            peer = try UnixSocket.peerCredentials(fd)
            peer.connection = nextConnectionID
        } catch {
            configuration.log.write(.warning, "cannot read a new connection's peer credentials: \(error); closing it")
            UnixSocket.close(fd)
            return
        }
        let refusal: SpotlightError?
        if connections.count >= configuration.maxConnections {
            refusal = SpotlightError(.busy, "the server has \(connections.count) connections, its limit; retry later")
        } else if connections.values.lazy.filter({ $0.peer.pid == peer.pid }).count >= configuration.maxConnectionsPerPeer {
            refusal = SpotlightError(.busy, "pid \(peer.pid) has \(configuration.maxConnectionsPerPeer) connections "
                + "open, the limit per process; reuse a connection (requests may be pipelined) or close one")
        } else {
            do {
                try configuration.authorizePeer?(peer)
                refusal = nil
            } catch let error as SpotlightError {
                refusal = error
            } catch {
                refusal = SpotlightError(.permissionDenied, "connection refused: \(error)")
            }
        }
        if let refusal {
            configuration.log.write(.warning, "refused connection from \(peer): \(refusal.message)")
            UnixSocket.sendAllBestEffort(fd, RPCDispatcher.line(.error(RPCError(refusal), id: nil)))
            UnixSocket.close(fd)
            return
        }
        let connection = ServerConnection(id: nextConnectionID, peer: peer,
                                          socket: FramedSocket(fd: fd, maxFrameBytes: configuration.maxFrameBytes),
                                          writer: ConnectionWriter(fd: fd, maxFrameBytes: configuration.maxFrameBytes,
                                                                   maxUnsentBytes: configuration.maxUnsentBytesPerConnection,
                                                                   label: "connection \(nextConnectionID) (\(peer))"))
        nextConnectionID += 1
        connections[connection.id] = connection
        publishConnectionCount()
        configuration.log.write(.debug, "\(connection) opened")
    }

    /// Queues `error` for the peer, then closes once it is sent (or the grace period ends).
    private func closeAfterError(_ connection: ServerConnection, _ error: RPCError) {
        connection.writer.withState { $0.socket.enqueue(RPCDispatcher.line(.error(error, id: nil))) }
        connection.closeDeadline = ContinuousClock.now + configuration.frameTimeout
        _ = flush(connection)
    }

    private func drop(_ connection: ServerConnection) {
        guard connections.removeValue(forKey: connection.id) != nil else { return }
        connection.close()
        shared.logSkipped(connection.writer)
        publishConnectionCount()
        notifyClosed(connection)
    }

    /// Tells an ``RPCConnectionObserving`` handler, off the loop thread, that a connection ended.
    private func notifyClosed(_ connection: ServerConnection) {
        guard let observer = dispatcher.handler as? any RPCConnectionObserving else { return }
        let peer = connection.peer
        workers.async { observer.connectionClosed(peer) }
    }

    private func publishConnectionCount() {
        let count = connections.count
        shared.mailbox.withLock { $0.connectionCount = count }
    }

    /// Closes connections with nothing left to do: the peer finished writing, an error
    /// was sent, or the server is stopping, and no request is in flight. Drops those whose
    /// response a worker failed to send.
    private func closeFinishedConnections(_ now: ContinuousClock.Instant) {
        for connection in connections.values {
            let ending = connection.readClosed || connection.closeDeadline != nil || stoppingSince != nil
            let (inFlight, unsent, failure) = connection.writer.withState { state in
                state.ending = ending
                return (state.inFlight, state.socket.pendingOutboundBytes, state.sendFailure)
            }
            if let failure {
                configuration.log.write(failure.errno == ENOBUFS ? .warning : .debug, "\(connection): \(failure); dropping it")
                drop(connection)
                continue
            }
            guard ending, inFlight == 0 else { continue }
            let deadline = connection.closeDeadline ?? stoppingSince.map { $0 + configuration.frameTimeout }
            if unsent == 0 || deadline.map({ now >= $0 }) ?? false {
                configuration.log.write(.debug, "\(connection) closed")
                drop(connection)
            }
        }
    }

    /// Disconnects peers whose current frame has been arriving for longer than the timeout.
    private func checkFrameDeadlines(_ now: ContinuousClock.Instant) {
        for connection in connections.values {
            guard wantsRead(connection), connection.socket.hasPartialFrame else {
                connection.partialSince = nil
                continue
            }
            guard let since = connection.partialSince else {
                connection.partialSince = now
                continue
            }
            if now - since >= configuration.frameTimeout {
                let message = "a frame was not completed within \(configuration.frameTimeout); closing the connection"
                configuration.log.write(.info, "\(connection): \(message)")
                closeAfterError(connection, RPCError(SpotlightError(.timeout, message)))
            }
        }
    }

    /// Milliseconds until the nearest deadline, or -1 for none.
    private func pollTimeout(_ now: ContinuousClock.Instant) -> Int32 {
        var nearest: ContinuousClock.Instant?
        func consider(_ instant: ContinuousClock.Instant?) {
            guard let instant else { return }
            nearest = nearest.map { min($0, instant) } ?? instant
        }
        if let stoppingSince { consider(stoppingSince + configuration.frameTimeout) }
        for connection in connections.values {
            consider(connection.partialSince.map { $0 + configuration.frameTimeout })
            consider(connection.closeDeadline)
        }
        guard let nearest else { return -1 }
        let remaining = nearest - now
        if remaining <= .zero { return 0 }
        let milliseconds = remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000 + 1
        return Int32(clamping: milliseconds)
    }

    private func beginStopping(_ now: ContinuousClock.Instant) {
        stoppingSince = now
        UnixSocket.close(listener)
        listener = -1
        if let ownedPath { SocketPath.unlinkIfOurs(ownedPath.path, inode: ownedPath.inode) }
        configuration.log.write(.info, "stopping: no longer accepting; \(connections.count) connection(s) finishing")
    }

    private func finish() {
        for connection in connections.values {
            connection.close()
            shared.logSkipped(connection.writer)
            notifyClosed(connection)
        }
        connections.removeAll()
        let waiters = shared.mailbox.withLock { box in
            box.finished = true
            box.connectionCount = 0
            defer { box.waiters.removeAll() }
            return box.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}

/// One accepted connection's state. Touched only on the server's loop thread, but for its
/// writer, which the threads answering its requests share.
final class ServerConnection: CustomStringConvertible {
    let id: Int
    let peer: PeerCredentials
    /// The receiving side: requests are read and split into frames here.
    var socket: FramedSocket
    /// The sending side, and the count of requests in flight.
    let writer: ConnectionWriter
    /// The peer will send nothing more; close once in-flight responses are sent.
    var readClosed = false
    /// Set after an error that ends the connection: close when sent or at this instant.
    var closeDeadline: ContinuousClock.Instant?
    /// When the frame now arriving started arriving (for the trickle timeout).
    var partialSince: ContinuousClock.Instant?
    /// Its requests answered in tasks, which its `$/cancelRequest` notifications cancel.
    let running = RunningRequests()

    init(id: Int, peer: PeerCredentials, socket: FramedSocket, writer: ConnectionWriter) {
        self.id = id
        self.peer = peer
        self.socket = socket
        self.writer = writer
    }

    /// Closes the descriptor under the writer's lock, so no worker sends on it afterwards.
    func close() {
        writer.withState { state in
            guard !state.closed else { return }
            state.closed = true
            UnixSocket.close(socket.fd)
        }
    }

    var description: String { writer.label }
}
