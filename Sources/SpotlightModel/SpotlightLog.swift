import Foundation

/// Where a part of Spotlight reports what happened: one line per event, with a level. The
/// engine, spotlightd, the socket server, IntentKit's app service and the desktop provider
/// all take one; whoever starts the process decides where the lines go and which levels
/// are kept. A message below `minimum` is never built.
///
/// ```swift
/// let log = SpotlightLog.standardError(tag: "cometcal", minimum: .info)
/// log(.warning, "the calendar file is read-only; changes are kept in memory")
/// // stderr: cometcal: warning: the calendar file is read-only; changes are kept in memory
/// log.debug("not written: below info")
/// ```
public struct SpotlightLog: Sendable {
    public enum Level: String, Sendable, Comparable, CaseIterable {
        case debug, info, warning, error

        private var rank: Int {
            switch self {
            case .debug: 0
            case .info: 1
            case .warning: 2
            case .error: 3
            }
        }
        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rank < rhs.rank }
    }

    /// The lowest level passed on; lower ones are dropped before their message is built.
    public let minimum: Level
    private let sink: @Sendable (_ level: Level, _ line: String) -> Void

    /// A log that hands each line at `minimum` or above to `sink`.
    public init(minimum: Level = .debug, _ sink: @escaping @Sendable (_ level: Level, _ line: String) -> Void) {
        self.minimum = minimum
        self.sink = sink
    }

    /// Reports `message` at `level`.
    public func callAsFunction(_ level: Level, _ message: @autoclosure () -> String) {
        guard level >= minimum else { return }
        sink(level, message())
    }

    /// Reports `message` at `level`; the same as calling the log.
    public func write(_ level: Level, _ message: @autoclosure () -> String) {
        guard level >= minimum else { return }
        sink(level, message())
    }

    public func debug(_ message: @autoclosure () -> String) { write(.debug, message()) }
    public func info(_ message: @autoclosure () -> String) { write(.info, message()) }
    public func warning(_ message: @autoclosure () -> String) { write(.warning, message()) }
    public func error(_ message: @autoclosure () -> String) { write(.error, message()) }

    /// Lines to standard error as `<tag>: <level>: <message>`, one line each.
    public static func standardError(tag: String, minimum: Level = .info) -> SpotlightLog {
        SpotlightLog(minimum: minimum) { level, message in
            StandardError.write("\(tag): \(level.rawValue): \(oneLine(message))\n")
        }
    }

    /// Lines to standard error as `<UTC time> <level> <message>`, one line each: a daemon's
    /// log, read in the journal or a redirected file.
    public static func timestamped(minimum: Level = .info) -> SpotlightLog {
        SpotlightLog(minimum: minimum) { level, message in
            StandardError.write("\(ISO8601.string(from: Date())) \(level.rawValue) \(oneLine(message))\n")
        }
    }

    /// Discards everything.
    public static let silent = SpotlightLog(minimum: .error) { _, _ in }

    /// `message` as one line a terminal shows as it is: a newline becomes a space, any other
    /// control character (`\r`, ESC, NUL, DEL, C1) is written out (`\x1B`, `\u{9B}`). A log line
    /// quotes what clients sent (a bundle they named), which must not forge or recolour lines.
    private static func oneLine(_ message: String) -> String {
        func isControl(_ value: UInt32) -> Bool { (value < 0x20 && value != 0x09) || (0x7F...0x9F).contains(value) }
        guard message.unicodeScalars.contains(where: { isControl($0.value) }) else { return message }
        var line = String.UnicodeScalarView()
        for scalar in message.unicodeScalars {
            if scalar == "\n" {
                line.append(" ")
            } else if isControl(scalar.value) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                line.append(contentsOf: (scalar.value < 0x80 ? "\\x" + (hex.count < 2 ? "0" : "") + hex : "\\u{\(hex)}").unicodeScalars)
            } else {
                line.append(scalar)
            }
        }
        return String(line)
    }
}
