import Synchronization

/// A continuation resumed once, by whichever of several racing paths answers first (a
/// result and a deadline, say); later answers are dropped. ``isDone`` lets a slower path
/// skip work whose answer nobody takes.
///
/// ```swift
/// await withCheckedContinuation { continuation in
///     let first = FirstResume(continuation)
///     work.notify(queue: .global()) { first.resume(returning: result()) }
///     DispatchQueue.global().asyncAfter(deadline: .now() + 2) { first.resume(returning: nil) }
/// }
/// ```
package final class FirstResume<Value: Sendable, Failure: Error>: Sendable {
    private let slot: Mutex<CheckedContinuation<Value, Failure>?>

    package init(_ continuation: CheckedContinuation<Value, Failure>) { slot = Mutex(continuation) }

    /// Whether an answer was taken already.
    package var isDone: Bool { slot.withLock { $0 == nil } }

    package func resume(with result: Result<Value, Failure>) {
        let continuation = slot.withLock { slot in
            defer { slot = nil }
            return slot
        }
        continuation?.resume(with: result)
    }

    package func resume(returning value: Value) { resume(with: .success(value)) }
}
