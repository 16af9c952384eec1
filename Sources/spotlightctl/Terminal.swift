import Foundation
import SpotlightModel
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Output helpers: what is a terminal, tables, JSON, progress, confirmation.
enum Terminal {
    /// `n` and the noun, plural unless n is 1: `counted(1, "record")` is "1 record".
    static func counted(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }
    static var stdinIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    /// Sends what `print` left buffered. What could not be written is a failure, so a full
    /// disk or a closed pipe under `> out.json` is not an exit status 0 with the output lost.
    /// - Throws: `CLIError(.failure)` naming the error.
    static func flushStandardOutput() throws {
        // Every stream: stderr is unbuffered, so this is print's stdout (a write that failed
        // before leaves its bytes in the buffer, and fails again here).
        guard fflush(nil) != 0 else { return }
        throw outputError(errno)
    }

    /// The failure of writing the command's output: `error` is the errno, or a Foundation
    /// error of a `FileHandle` write that carries one.
    static func outputError(_ error: Int32) -> CLIError {
        CLIError(.failure, "cannot write the output: \(String(cString: strerror(error))) (errno \(error))")
    }

    static func outputError(_ error: any Error) -> CLIError {
        outputError(POSIXCause.code(of: error) ?? EIO)
    }

    static func error(_ text: String) {
        StandardError.write(text.hasSuffix("\n") ? text : text + "\n")
    }

    /// A warning on standard error, the command going on: `spotlightctl: warning: MESSAGE`, or
    /// with `json` (a command's `--json`) one line `{"warning":{"message":MESSAGE}}`, as
    /// ``CLIError/report(json:)`` writes an error.
    ///
    /// ```swift
    /// Terminal.warning("record counts unknown: spotlightd is not running", json: true)
    /// // {"warning":{"message":"record counts unknown: spotlightd is not running"}}
    /// ```
    static func warning(_ message: String, json: Bool) {
        guard json else { return error("spotlightctl: warning: \(message)") }
        let object = JSONValue.object(["warning": .object(["message": .string(message)])])
        error(String(decoding: object.serializedWithSortedKeys(), as: UTF8.self))
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

    /// Rows in aligned columns; on a terminal, cells wider than `maxWidth` columns are cut with
    /// "…". Widths are a terminal's columns (``columns(_:)``), so CJK text lines up.
    /// Cells are ``printable(_:)``: a donated title cannot break a row or send escape codes,
    /// and a cell with right-to-left text is an isolate (``isolated(_:)``), so it cannot
    /// reorder the cells after it.
    static func table(_ header: [String], _ rows: [[String]], maxWidth: Int = 48) -> String {
        let cut = stdoutIsTerminal
        let cells = ([header] + rows).map { row in
            row.map(printable).map { cell in
                isolated(cut && columns(cell) > maxWidth ? cutToColumns(cell, maxWidth - 1) + "…" : cell)
            }
        }
        var widths = Array(repeating: 0, count: header.count)
        for row in cells { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], columns(cell)) } }
        return cells.map { row in
            row.enumerated().map { i, cell in
                i == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[i] - columns(cell))
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }

    /// App or user text shown within a line of output (a snippet, a facet value, a completion,
    /// a correction): ``printable(_:)`` then ``isolated(_:)``, as a table cell is, so right-to-left
    /// text cannot reorder what follows it on the line.
    ///
    /// ```swift
    /// Terminal.inLine("שלום\n")   // "\u{2068}שלום\\n\u{2069}"
    /// ```
    static func inLine(_ text: String) -> String {
        isolated(printable(text))
    }

    /// `text` between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE when it holds
    /// right-to-left letters or marks, so a terminal that lays out bidi text orders it apart
    /// from the text around it (the two take no columns); other text as it is.
    ///
    /// ```swift
    /// Terminal.isolated("שלום")    // "\u{2068}שלום\u{2069}"
    /// Terminal.isolated("hello")   // "hello"
    /// ```
    static func isolated(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isRightToLeft($0) || $0 == "\u{200E}" }) else { return text }
        return "\u{2068}" + text + "\u{2069}"
    }

    /// Letters of right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko and their
    /// presentation forms and supplements) and the right-to-left and Arabic letter marks.
    private static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0x061C, 0x200F, 0xFB1D...0xFDFF, 0xFE70...0xFEFE, 0x10800...0x10FFF, 0x1E800...0x1EFFF:
            return true
        default:
            return false
        }
    }

    /// `text` with its control characters written out (`\n`, `\t`, `\r`, else `\x1B`,
    /// `\u{9B}`), as apps' text is shown on a line of its own: a newline in a title would
    /// break the table, and an escape sequence would be run by the terminal. The line and
    /// paragraph separators and the bidi embeddings, overrides and isolates (U+202A–U+202E,
    /// U+2066–U+2069) are written out too (`\u{202E}`): one would reorder the rest of the line.
    ///
    /// ```swift
    /// Terminal.printable("a\nb\u{1B}[31m")   // a\nb\x1B[31m
    /// Terminal.printable("a\u{202E}b")        // a\u{202E}b
    /// ```
    static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isEscaped) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            guard isEscaped(scalar) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += scalar.value < 0x80 ? "\\x" + (hex.count < 2 ? "0" + hex : hex) : "\\u{\(hex)}"
            }
        }
        return out
    }

    /// Whether ``printable(_:)`` writes `scalar` out: a control character, a line or paragraph
    /// separator, or a bidi embedding, override or isolate.
    private static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: return true
        default: return scalar.properties.generalCategory == .control
        }
    }

    /// The terminal columns `text` takes, as glibc's `wcwidth` counts them: two for each wide
    /// character (CJK ideographs, kana, Hangul, fullwidth forms, emoji shown as emoji: every
    /// scalar with Emoji_Presentation but the regional indicators, one each, so a flag takes
    /// two), none for a combining mark, a format character (a zero width joiner, a
    /// right-to-left mark; not the soft hyphen) or a Hangul medial or final jamo, one for the rest.
    ///
    /// ```swift
    /// Terminal.columns("관측 party")   // 10
    /// ```
    static func columns(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + columns(of: $1) }
    }

    private static func columns(of scalar: Unicode.Scalar) -> Int {
        let category = scalar.properties.generalCategory
        if category == .nonspacingMark || category == .enclosingMark || (category == .format && scalar.value != 0xAD)
            || (0x1160...0x11FF).contains(scalar.value) {
            return 0
        }
        if scalar.properties.isEmojiPresentation && !(0x1F1E6...0x1F1FF).contains(scalar.value) { return 2 }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// The longest start of `text` that fits in `width` columns.
    private static func cutToColumns(_ text: String, _ width: Int) -> String {
        var used = 0
        var result = ""
        for character in text {
            let wide = columns(String(character))
            if used + wide > width { break }
            used += wide
            result.append(character)
        }
        return result
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
/// once a second (and always the last one), so logs stay readable. With `json` (a command's
/// `--json`) each such line is a JSON object instead, terminal or not:
/// `{"done":500,"progress":"import","total":2000}` (`total` absent when unknown).
///
/// ```swift
/// let progress = ProgressReporter(label: "import")
/// progress.update(done: 500, total: 2000)
/// progress.finish()
/// ```
final class ProgressReporter: Sendable {
    let label: String
    let isTerminal: Bool
    let json: Bool
    private struct Drawn {
        var lastLine = Date.distantPast
        var last: (Int, Int)?
        var drewBar = false
    }
    private let drawn = Mutex(Drawn())

    init(label: String, json: Bool = false, isTerminal: Bool = Terminal.stderrIsTerminal) {
        self.label = label
        self.json = json
        self.isTerminal = isTerminal && !json
    }

    /// One progress line for scripts: `{"done":500,"progress":"import","total":2000}`.
    static func jsonLine(label: String, done: Int, total: Int?) -> String {
        var object: [String: JSONValue] = ["progress": .string(label), "done": .int(Int64(done))]
        if let total { object["total"] = .int(Int64(total)) }
        return String(decoding: JSONValue.object(object).serializedWithSortedKeys(), as: UTF8.self)
    }

    /// Shows `done` of `total`; without a total (input read as it comes), the count alone.
    func update(done: Int, total: Int?) {
        drawn.withLock { drawn in
            guard drawn.last.map({ $0 != (done, total ?? -1) }) ?? true else { return }
            drawn.last = (done, total ?? -1)
            if isTerminal {
                guard let total else {
                    StandardError.write("\r\u{1B}[K\(label) \(done)")
                    drawn.drewBar = true
                    return
                }
                let fraction = total > 0 ? min(1, Double(done) / Double(total)) : 0
                let width = 30
                let filled = Int(fraction * Double(width))
                let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
                let text = "\r\u{1B}[K\(label) [\(bar)] \(Int(fraction * 100))% \(done)/\(total)"
                StandardError.write(text)
                drawn.drewBar = true
            } else if Date().timeIntervalSince(drawn.lastLine) >= 1 || done == total {
                drawn.lastLine = Date()
                Terminal.error(json ? Self.jsonLine(label: label, done: done, total: total)
                                    : "\(label): \(done)" + (total.map { "/\($0)" } ?? ""))
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
