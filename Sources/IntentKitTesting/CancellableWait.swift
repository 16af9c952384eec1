import Synchronization

/// Awaits `body` until it ends or the calling task is cancelled, whichever comes first: a
/// cancelled test (a Swift Testing `.timeLimit`, a task group a test cancels) stops waiting at
/// once with `CancellationError`, instead of when the app answers or the harness's timeout ends.
///
/// `body` runs on in a task of its own and what it gives is dropped. With `passingCancellationOn`
/// that task is cancelled too: a call to the app then tells the app to cancel it (its `perform()`
/// sees `Task.isCancelled` / `CancellationError`; an app built before it knew how runs the intent
/// to its end). Without, the work (a launch, say) finishes for the next caller.
///
/// ```swift
/// let result: RunIntentResult = try await untilCancelled { try await launcher.call("runIntent", params) }
/// ```
/// - Throws: `CancellationError` when the calling task is (or was already) cancelled; else what `body` throws.
func untilCancelled<T: Sendable>(passingCancellationOn: Bool = false,
                                  _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    try Task.checkCancellation()
    let outcome = OneOutcome<T>()
    let work = Task { outcome.deliver(await Result { try await body() }) }
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { outcome.wait($0) }
    } onCancel: {
        outcome.deliver(.failure(CancellationError()))
        if passingCancellationOn { work.cancel() }
    }
}

/// The first of two outcomes (the work's, or cancellation) handed to one waiting continuation,
/// whichever of the outcome and the continuation arrives first.
private final class OneOutcome<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<T, any Error>?
        /// The first outcome; later ones are dropped.
        var outcome: Result<T, any Error>?
    }
    private let state = Mutex(State())

    func wait(_ continuation: CheckedContinuation<T, any Error>) {
        let ready: Result<T, any Error>? = state.withLock { state in
            if state.outcome == nil { state.continuation = continuation }
            return state.outcome
        }
        if let ready { continuation.resume(with: ready) }
    }

    func deliver(_ outcome: Result<T, any Error>) {
        let waiting: CheckedContinuation<T, any Error>? = state.withLock { state in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            defer { state.continuation = nil }
            return state.continuation
        }
        waiting?.resume(with: outcome)
    }
}

extension Result where Failure == any Error {
    /// The outcome of an async throwing body.
    init(catching body: () async throws -> Success) async {
        do {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }
}
