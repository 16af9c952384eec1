import Synchronization
import SpotlightModel

/// An engine's log lines, collected for tests that assert what it logged.
///
/// ```swift
/// let lines = LogLines()
/// options.log = lines.log
/// #expect(lines.contain("compacted the index"))
/// ```
final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])

    /// A log that collects each line as `level: line`.
    var log: SpotlightLog { SpotlightLog { level, line in self.append("\(level.rawValue): \(line)") } }

    func append(_ line: String) { lines.withLock { $0.append(line) } }
    func contain(_ text: String) -> Bool { count(text) > 0 }
    func count(_ text: String) -> Int { lines.withLock { $0.filter { $0.contains(text) }.count } }
}
