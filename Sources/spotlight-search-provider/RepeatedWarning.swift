import SpotlightModel
import Synchronization

/// Warnings that would repeat with every keystroke (spotlightd down while someone types),
/// written to the log at most once a minute while they stay the same. Under D-Bus activation
/// the log is the bus's stderr (the journal on a systemd desktop).
///
/// ```swift
/// let repeated = RepeatedWarning(log: .standardError(tag: "spotlight-search-provider"))
/// repeated.warning("spotlightd is not answering")   // written
/// repeated.warning("spotlightd is not answering")   // not written again within a minute
/// ```
final class RepeatedWarning: Sendable {
    let log: SpotlightLog
    private let last = Mutex<(text: String, at: ContinuousClock.Instant)?>(nil)

    init(log: SpotlightLog) { self.log = log }

    /// Writes `message` as a warning unless it was the last one, written less than a minute ago.
    func warning(_ message: String) {
        let now = ContinuousClock.now
        let fresh = last.withLock { last in
            if let last, last.text == message, now - last.at < .seconds(60) { return false }
            last = (message, now)
            return true
        }
        if fresh { log.warning(message) }
    }

    /// Forgets the last warning, so it is written again the next time it happens.
    func reset() { last.withLock { $0 = nil } }
}
