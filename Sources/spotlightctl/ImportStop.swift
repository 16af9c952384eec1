import Foundation
import Synchronization

/// Ctrl-C during `import`. What is stored is exactly the batches donated, so the import ends
/// at once (reading a terminal or a quiet pipe, it would otherwise wait for the next line),
/// unless a batch is on its way to spotlightd: then as soon as that batch is stored, or at a
/// second Ctrl-C. The error says how many records were donated, and that running it again
/// is safe.
///
/// ```swift
/// let stop = ImportStop(file: "-", json: false, progress: progress)
/// let sigint = Interrupt.handle { stop.interrupt() }
/// try await stop.donating({ donation.donated }) { try await donation.add(record) }
/// stop.handled(line: 7)
/// ```
final class ImportStop: Sendable {
    private struct State {
        var interrupted = false
        var donating = false
        /// The last line read and dealt with (added to a batch, or skipped).
        var line = 0
        var donated = 0
    }
    private let state = Mutex(State())
    private let file: String
    private let json: Bool
    private let progress: ProgressReporter

    init(file: String, json: Bool, progress: ProgressReporter) {
        self.file = file
        self.json = json
        self.progress = progress
    }

    /// For the SIGINT handler: ends the import now, or after the batch being donated; a
    /// second Ctrl-C meanwhile ends it at once, that batch stored or not.
    func interrupt() {
        state.withLock { state in
            let again = state.interrupted
            state.interrupted = true
            guard !state.donating || again else { return }
            progress.finish()
            Interrupt.exit(again && state.donating ? inFlight(state) : error(state), json: json)
        }
    }

    /// Notes that `line` was read and dealt with.
    func handled(line: Int) {
        state.withLock { $0.line = line }
    }

    /// Runs `body`, which may donate a batch, as one step Ctrl-C does not cut.
    /// - Parameter donated: the records donated once `body` is done.
    /// - Throws: `CLIError(.interrupted)` when Ctrl-C came meanwhile; what `body` throws.
    func donating<T>(_ donated: () -> Int, _ body: () async throws -> T) async throws -> T {
        state.withLock { $0.donating = true }
        let result: Result<T, any Error>
        do { result = .success(try await body()) } catch { result = .failure(error) }
        let count = donated()
        try state.withLock { state in
            state.donating = false
            state.donated = count
            if state.interrupted, case .success = result {
                progress.finish()
                throw error(state)
            }
        }
        return try result.get()
    }

    /// A second Ctrl-C while a batch was on its way: whether spotlightd stored it is unknown.
    private func inFlight(_ state: State) -> CLIError {
        CLIError(.interrupted, "import interrupted again at line \(state.line + 1) of \(file), while a batch was "
            + "on its way to spotlightd: \(Terminal.counted(state.donated, "record")) were donated before it, and that "
            + "batch may or may not be stored; run it again to import the rest (a record with the same key is replaced)")
    }

    private func error(_ state: State) -> CLIError {
        CLIError(.interrupted, "import interrupted at line \(state.line + 1) of \(file): "
            + "\(Terminal.counted(state.donated, "record")) were donated before it, in whole batches; "
            + "run it again to import the rest (a record with the same key is replaced)")
    }
}
