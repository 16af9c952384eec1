import SpotlightModel
import Synchronization

/// The requests of one connection that run in tasks, by id, so that a `$/cancelRequest`
/// notification from the same connection (`{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":7}}`,
/// the Language Server Protocol's convention) cancels the task answering request 7: its handler
/// sees `Task.isCancelled` and `CancellationError`, and the request is still answered (with what
/// the handler returns or throws). An id not running (finished, unknown) is ignored, as a server
/// that does not know the notification ignores it.
///
/// Frames are parsed concurrently, so a cancel may be read before the request it names (sent
/// earlier) has its id: every frame is admitted in the order it arrived, and a cancel for an id
/// not running is kept until each frame that arrived before it has been parsed.
///
/// ```swift
/// let order = running.admit()                     // on the loop thread, in arrival order
/// running.start(order, on: executor) { answering, cancelling in
///     await dispatcher.respond(to: frame, peer: peer, answering: answering, cancelling: cancelling)
/// }
/// ```
final class RunningRequests: Sendable {
    /// The notification's method name.
    static let cancelMethod = "$/cancelRequest"

    /// One task answering a frame.
    private final class Slot: Sendable {
        private struct State {
            var task: Task<Void, Never>?
            var cancelRequested = false
        }
        private let state = Mutex(State())

        func attach(_ task: Task<Void, Never>) {
            let cancel = state.withLock { state in
                state.task = task
                return state.cancelRequested
            }
            if cancel { task.cancel() }
        }

        func cancel() {
            let task = state.withLock { state in
                state.cancelRequested = true
                return state.task
            }
            task?.cancel()
        }
    }

    private struct State {
        var nextOrder = 0
        /// Frames admitted whose request id is not known yet.
        var unparsed: Set<Int> = []
        var running: [RPCID: (order: Int, slot: Slot)] = [:]
        /// Cancels read before the request they name: id -> the cancel's own order.
        var early: [RPCID: Int] = [:]

        /// Drops early cancels no frame still unparsed can be the request of.
        mutating func prune() {
            guard !early.isEmpty else { return }
            let oldest = unparsed.min() ?? Int.max
            early = early.filter { $0.value > oldest }
        }
    }
    private let state = Mutex(State())

    /// Numbers a frame in arrival order; call for every frame, then ``start(_:on:_:)`` or ``settle(_:)``.
    func admit() -> Int {
        state.withLock { state in
            defer { state.nextOrder += 1 }
            state.unparsed.insert(state.nextOrder)
            return state.nextOrder
        }
    }

    /// The frame `order` was answered without a task.
    func settle(_ order: Int) {
        state.withLock { state in
            state.unparsed.remove(order)
            state.prune()
        }
    }

    /// Runs `body` for frame `order` in a task preferring `executor`. `body` calls `answering`
    /// with the id of the request it answers (once parsed), which a cancel then reaches, and
    /// `cancelling` for a `$/cancelRequest` it reads.
    func start(_ order: Int, on executor: any TaskExecutor,
               _ body: @escaping @Sendable (_ answering: @escaping @Sendable (RPCID) -> Void,
                                            _ cancelling: @escaping @Sendable (RPCID) -> Void) async -> Void) {
        let slot = Slot()
        let task = Task(executorPreference: executor) { [self] in
            await body({ id in self.name(order, id, slot) }, { id in self.cancel(id, readAs: order) })
            state.withLock { state in
                state.unparsed.remove(order)
                if let id = state.running.first(where: { $0.value.slot === slot })?.key { state.running[id] = nil }
                state.prune()
            }
        }
        slot.attach(task)
    }

    private func name(_ order: Int, _ id: RPCID, _ slot: Slot) {
        let cancelNow = state.withLock { state in
            state.unparsed.remove(order)
            state.running[id] = (order, slot)
            let cancelled = state.early[id].map { order < $0 } ?? false
            if cancelled { state.early[id] = nil }
            state.prune()
            return cancelled
        }
        if cancelNow { slot.cancel() }
    }

    /// Cancels the request `id` that arrived before the cancel (read as frame `order`).
    private func cancel(_ id: RPCID, readAs order: Int) {
        let slot: Slot? = state.withLock { state in
            if let running = state.running[id], running.order < order { return running.slot }
            if state.unparsed.contains(where: { $0 < order }) { state.early[id] = order }
            return nil
        }
        slot?.cancel()
    }

    /// The id a `$/cancelRequest` notification's params name, or nil when they name none.
    static func requestID(in params: JSONValue?) -> RPCID? {
        guard case .object(let members)? = params else { return nil }
        switch members["id"] {
        case .string(let text)?: return .string(text)
        case .int(let number)?: return Int(exactly: number).map(RPCID.number)
        default: return nil
        }
    }
}
