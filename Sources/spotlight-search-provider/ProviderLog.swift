import Foundation
import SpotlightModel
import Synchronization

/// One line per event on stderr, `spotlight-search-provider: <level>: <message>`: under D-Bus
/// activation stderr is the bus's (the journal on a systemd desktop). A message repeated
/// within a minute (spotlightd down while someone types) is written once.
final class ProviderLog: Sendable {
    let verbose: Bool
    private let lastRepeatable = Mutex<(text: String, at: ContinuousClock.Instant)?>(nil)

    init(verbose: Bool) { self.verbose = verbose }

    func debug(_ message: String) { if verbose { write("debug", message) } }
    func info(_ message: String) { write("info", message) }
    func warning(_ message: String) { write("warning", message) }
    func error(_ message: String) { write("error", message) }

    /// A warning written at most once a minute while it stays the same.
    func warningOnce(_ message: String) {
        let now = ContinuousClock.now
        let fresh = lastRepeatable.withLock { last in
            if let last, last.text == message, now - last.at < .seconds(60) { return false }
            last = (message, now)
            return true
        }
        if fresh { warning(message) }
    }

    /// Forgets the repeated warning, so it is written again the next time it happens.
    func resetRepeated() { lastRepeatable.withLock { $0 = nil } }

    private func write(_ level: String, _ message: String) {
        StandardError.write("spotlight-search-provider: \(level): \(message.replacingOccurrences(of: "\n", with: " "))\n")
    }
}
