import Synchronization
import SpotlightModel

/// Values that are not Sendable (index and store handles, built documents), handed whole
/// from one thread to another through a lock: a pool of idle reader handles, or the results
/// of parallel workers.
///
/// A value put in is given up by its sender (`sending`: the compiler checks that the sender
/// keeps no reference to it), and a value taken out belongs to the taker alone (`sending`
/// result). So a handle is at any time either in the hand-off, untouched, or with exactly one
/// thread, which is all a Xapian or SQLite handle needs.
///
/// ```swift
/// let idle = Handoff<SearchIndex>()
/// let index = idle.take() ?? (try SearchIndex.openReadOnly(.local(path: path)))
/// let hits = try index.search(query)
/// idle.put(index)
/// ```
// @unchecked: `values` is read and written only under `lock`, and every value crosses the
// boundary as `sending`, so no two threads ever hold the same value. The compiler cannot
// check this one type (a Mutex cannot hand a non-Sendable value back out as `sending`), and
// in exchange it checks every caller.
final class Handoff<Value>: @unchecked Sendable {
    private let lock = Mutex<Void>(())
    private var values: [Value] = []

    init() {}

    /// A hand-off holding `value`: to give one value to a closure that runs on another queue.
    init(_ value: sending Value) {
        values = [value]
    }

    /// Hands `value` over; the caller must not use it afterwards.
    func put(_ value: sending Value) {
        lock.withLock { _ in values.append(value) }
    }

    /// Hands `value` over; when that makes more than `limit` values, gives one back (the
    /// caller closes it).
    func put(_ value: sending Value, limit: Int) -> sending Value? {
        lock.withLock { _ in
            values.append(value)
            return values.count > limit ? values.removeFirst() : nil
        }
    }

    /// The value put in last, now the caller's alone; nil when there is none.
    func take() -> sending Value? {
        lock.withLock { _ in values.popLast() }
    }

    /// The one value of a hand-off made with ``init(_:)``.
    /// - Throws: `.internal` when it was taken already.
    func takeOnly() throws -> sending Value {
        guard let value = take() else {
            throw SpotlightError(.internal, "a value handed to another thread was taken twice")
        }
        return value
    }

    /// Every value, in the order they were put in; the hand-off is empty afterwards.
    func takeAll() -> sending [Value] {
        lock.withLock { _ in
            defer { values.removeAll() }
            return values
        }
    }
}
