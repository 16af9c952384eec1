import SpotlightModel
import Synchronization

/// Warnings that would repeat with every keystroke (spotlightd down while someone types, an
/// app whose manifest is refused), each written to the log at most once a minute however
/// they interleave. Under D-Bus activation the log is the bus's stderr (the journal on a
/// systemd desktop).
///
/// ```swift
/// let repeated = RepeatedWarning(log: .standardError(tag: "spotlight-search-provider"))
/// repeated.warning("spotlightd is not answering")   // written
/// repeated.warning("org.example.A is refused")      // written
/// repeated.warning("spotlightd is not answering")   // not written again within a minute
/// ```
final class RepeatedWarning: Sendable {
    let log: SpotlightLog
    static let interval: Duration = .seconds(60)
    /// When each warning of the last minute was written.
    private let written = Mutex<[String: ContinuousClock.Instant]>([:])

    init(log: SpotlightLog) { self.log = log }

    /// Writes `message` as a warning unless the same one was written less than a minute ago.
    func warning(_ message: String) {
        let now = ContinuousClock.now
        let fresh = written.withLock { written in
            if let at = written[message], now - at < Self.interval { return false }
            // Forget the warnings of more than a minute ago, so the table stays small.
            written = written.filter { now - $0.value < Self.interval }
            written[message] = now
            return true
        }
        if fresh { log.warning(message) }
    }

    /// Forgets the warnings written, so each is written again the next time it happens.
    func reset() { written.withLock { $0.removeAll() } }
}
