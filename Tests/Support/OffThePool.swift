import Dispatch
import SpotlightWire

/// Runs `body` as a task on threads of its own instead of Swift's cooperative pool (as a
/// server runs its handlers), and returns its result. Tests run side by side, and those that
/// wait synchronously (for a child process, say) hold the pool's threads, one per core: a
/// test whose steps must follow one another closely (inside a batch's idle timeout), or that
/// reads a state right after an await, runs them here.
///
/// ```swift
/// let stillRunning = try await offThePool { try await client.call("slow", params); return isRunning() }
/// ```
public func offThePool<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
    try await taskOffThePool(body).value
}

/// ``offThePool(_:)`` for a body that throws nothing.
public func offThePool<T: Sendable>(_ body: @escaping @Sendable () async -> T) async -> T {
    await Task(executorPreference: testTaskExecutor) { await body() }.value
}

private let testTaskExecutor = WorkerTaskExecutor(queue: DispatchQueue(label: "tests.off-the-pool", attributes: .concurrent))

/// Starts `body` as a task off the cooperative pool (see ``offThePool(_:)``) and returns it:
/// for a call a test starts and awaits later, which must get going while the pool is held.
///
/// ```swift
/// let slow = taskOffThePool { try await client.call("slow", params) }
/// #expect(await eventually { SlowCalls.hasStarted(marker) })
/// ```
public func taskOffThePool<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) -> Task<T, any Error> {
    Task(executorPreference: testTaskExecutor) { try await body() }
}
