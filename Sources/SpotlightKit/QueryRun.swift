import Foundation
import Synchronization

/// One run of a query with handlers, as `CSSearchQuery` and `CSUserQuery` have it: started
/// once, cancellable (also before it starts), its completion handler called once at the end.
///
/// ```swift
/// let run = QueryRun()
/// run.completionHandler = { error in print(error ?? "done") }
/// run.start { run in if run.isCancelled { throw CancellationError() } }
/// ```
final class QueryRun: Sendable {
    private let state = Mutex<(isCancelled: Bool, task: Task<Void, Never>?)>((false, nil))
    private let completion = Mutex<(@Sendable ((any Error)?) -> Void)?>(nil)

    /// Called once when the run ends: nil, or the error (`CancellationError` after ``cancel()``).
    var completionHandler: (@Sendable ((any Error)?) -> Void)? {
        get { completion.withLock { $0 } }
        set { completion.withLock { $0 = newValue } }
    }

    /// Whether ``cancel()`` was called.
    var isCancelled: Bool { state.withLock { $0.isCancelled } }

    /// Runs `body` in a task, then `ended` (the owner lets go of its other handlers), then the
    /// completion handler, which the run lets go of too: a handler that captures its query does
    /// not keep it alive once the run is over. A second call does nothing, and a call after
    /// ``cancel()`` does not run `body`.
    func start(_ body: @escaping @Sendable (QueryRun) async throws -> Void,
               ended: @escaping @Sendable () -> Void = {}) {
        state.withLock { state in
            guard state.task == nil else { return }
            state.task = Task {
                var failure: (any Error)?
                do {
                    if self.isCancelled { throw CancellationError() }
                    try await body(self)
                    if self.isCancelled { throw CancellationError() }
                } catch {
                    failure = self.isCancelled ? CancellationError() : error
                }
                ended()
                let handler = self.completion.withLock { handler in
                    defer { handler = nil }
                    return handler
                }
                handler?(failure)
            }
        }
    }

    /// Stops the run; the completion handler gets `CancellationError` unless it ended already.
    func cancel() {
        let task = state.withLock { state in
            state.isCancelled = true
            return state.task
        }
        task?.cancel()
    }
}
