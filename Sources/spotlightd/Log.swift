import Foundation
import SpotlightModel

/// One line per event on stderr: `<time> <level> <message>`; debug lines only with --verbose.
struct Log: Sendable {
    enum Level: String, Sendable { case debug, info, warning, error }
    let verbose: Bool

    func callAsFunction(_ level: Level, _ message: String) {
        if level == .debug && !verbose { return }
        let line = "\(ISO8601.string(from: Date())) \(level.rawValue) \(message.replacingOccurrences(of: "\n", with: " "))\n"
        StandardError.write(line)
    }

    /// For the engine's `info: ...`/`warning: ...` lines.
    func engineLine(_ line: String) {
        for level in [Level.error, .warning, .info, .debug] where line.hasPrefix(level.rawValue + ": ") {
            self(level, String(line.dropFirst(level.rawValue.count + 2)))
            return
        }
        self(.info, line)
    }
}
