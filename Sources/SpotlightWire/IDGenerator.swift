import Synchronization

/// Request ids for one client: 1, 2, 3, ... from any thread.
final class IDGenerator: Sendable {
    private let counter = Atomic<Int>(0)

    func next() -> RPCID {
        .number(counter.add(1, ordering: .relaxed).newValue)
    }
}
