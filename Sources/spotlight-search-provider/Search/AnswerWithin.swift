import Synchronization

/// The value of `work` if it ends within `limit`; nil when the time is up first, and `work`
/// runs on to its end (its outcome is the task's to report). The desktop gives up on a call
/// after a fixed time, so a slow open is answered before then and finishes on its own.
///
/// ```swift
/// let opening = Task { await backend.openInApp(id, app) }
/// if let outcome = await value(of: opening, within: .seconds(20)) { return outcome }
/// // not yet: answer the desktop now; `opening` still opens the record
/// ```
func value<T: Sendable>(of work: Task<T, Never>, within limit: Duration) async -> T? {
    let first = FirstAnswer<T>()
    return await withCheckedContinuation { continuation in
        first.wait(continuation)
        let timer = Task {
            try? await Task.sleep(for: limit)
            first.answer(nil)
        }
        Task {
            first.answer(await work.value)
            timer.cancel()
        }
    }
}

/// Resumes one continuation with the first answer it is given; later answers are dropped.
private final class FirstAnswer<T: Sendable>: Sendable {
    private let continuation = Mutex<CheckedContinuation<T?, Never>?>(nil)

    /// Called before any answer can come (inside `withCheckedContinuation`, before the tasks start).
    func wait(_ waiting: CheckedContinuation<T?, Never>) { continuation.withLock { $0 = waiting } }

    func answer(_ value: T?) { continuation.withLock { $0.take() }?.resume(returning: value) }
}
