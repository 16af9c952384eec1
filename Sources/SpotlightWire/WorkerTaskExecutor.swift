import Dispatch

/// Runs a server's handler tasks on its worker threads instead of Swift's cooperative pool.
///
/// The pool has one thread per core. Code elsewhere in the process that blocks them (a
/// synchronous wait in an app, tests waiting for child processes side by side) would
/// otherwise hold every request behind it; the workers' queue adds threads when its threads
/// block. A task keeps this preference across its awaits and passes it to its child tasks.
///
/// ```swift
/// let executor = WorkerTaskExecutor(queue: DispatchQueue(label: "requests", attributes: .concurrent))
/// Task(executorPreference: executor) { await answer(request) }
/// ```
package final class WorkerTaskExecutor: TaskExecutor {
    package let queue: DispatchQueue

    package init(queue: DispatchQueue) { self.queue = queue }

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
