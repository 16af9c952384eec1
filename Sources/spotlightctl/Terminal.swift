import Foundation
import SpotlightModel
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Output helpers: what is a terminal, tables, JSON, progress, confirmation.
enum Terminal {
    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }
    static var stdinIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    static func error(_ text: String) {
        StandardError.write(text.hasSuffix("\n") ? text : text + "\n")
    }

    /// Prints `value` as pretty JSON with sorted keys (stable for scripts and diffs).
    static func printJSON<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// Prints `value` as ``printJSON(_:)`` does, but written by the project's codec: records in
    /// their stored JSON form, a double always with a fraction or an exponent (`2.0`, `-0.0`),
    /// where Foundation's encoder writes `2` and `-0`.
    static func printRecordJSON<T: Encodable>(_ value: T) throws {
        print(try JSONValue(encoding: value).prettyText())
    }

    /// Rows in aligned columns; on a terminal, cells longer than `maxWidth` are cut with "…".
    static func table(_ header: [String], _ rows: [[String]], maxWidth: Int = 48) -> String {
        let cut = stdoutIsTerminal
        let cells = ([header] + rows).map { row in
            row.map { cell in cut && cell.count > maxWidth ? String(cell.prefix(maxWidth - 1)) + "…" : cell }
        }
        var widths = Array(repeating: 0, count: header.count)
        for row in cells { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
        return cells.map { row in
            row.enumerated().map { i, cell in
                i == row.count - 1 ? cell : cell.padding(toLength: widths[i], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }

    static func bytes(_ n: Int64) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = Double(n)
        var unit = 0
        while value >= 1024, unit < units.count - 1 { value /= 1024; unit += 1 }
        return unit == 0 ? "\(n) B" : String(format: "%.1f %@", value, units[unit])
    }

    /// Asks a yes/no question on the terminal; only "y" or "yes" is yes.
    static func confirm(_ question: String) -> Bool {
        StandardError.write("\(question) [y/N] ")
        guard let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() else { return false }
        return answer == "y" || answer == "yes"
    }
}

/// Progress on stderr: a bar redrawn in place on a terminal; otherwise a plain line at most
/// once a second (and always the last one), so logs stay readable.
///
/// ```swift
/// let progress = ProgressReporter(label: "import")
/// progress.update(done: 500, total: 2000)
/// progress.finish()
/// ```
final class ProgressReporter: Sendable {
    let label: String
    let isTerminal: Bool
    private struct Drawn {
        var lastLine = Date.distantPast
        var last: (Int, Int)?
        var drewBar = false
    }
    private let drawn = Mutex(Drawn())

    init(label: String, isTerminal: Bool = Terminal.stderrIsTerminal) {
        self.label = label
        self.isTerminal = isTerminal
    }

    func update(done: Int, total: Int) {
        drawn.withLock { drawn in
            guard drawn.last.map({ $0 != (done, total) }) ?? true else { return }
            drawn.last = (done, total)
            if isTerminal {
                let fraction = total > 0 ? min(1, Double(done) / Double(total)) : 0
                let width = 30
                let filled = Int(fraction * Double(width))
                let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
                let text = "\r\u{1B}[K\(label) [\(bar)] \(Int(fraction * 100))% \(done)/\(total)"
                StandardError.write(text)
                drawn.drewBar = true
            } else if Date().timeIntervalSince(drawn.lastLine) >= 1 || done == total {
                drawn.lastLine = Date()
                Terminal.error("\(label): \(done)/\(total)")
            }
        }
    }

    /// Ends the bar's line on a terminal.
    func finish() {
        drawn.withLock { drawn in
            if drawn.drewBar { StandardError.write("\n") }
            drawn.drewBar = false
        }
    }
}
