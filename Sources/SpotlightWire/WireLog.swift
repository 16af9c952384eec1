#if canImport(Glibc)
import Glibc
#endif

/// Where the transport reports events (refused peers, timeouts, closed connections):
/// one line per event with a level.
///
/// ```swift
/// var configuration = UnixSocketServer.Configuration()
/// configuration.log = WireLog { level, line in print(level, line) }
/// ```
public struct WireLog: Sendable {
    public enum Level: String, Sendable, Comparable {
        case debug, info, warning, error

        private var rank: Int { [.debug, .info, .warning, .error].firstIndex(of: self)! }
        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rank < rhs.rank }
    }

    public var write: @Sendable (_ level: Level, _ line: String) -> Void

    public init(_ write: @escaping @Sendable (_ level: Level, _ line: String) -> Void) {
        self.write = write
    }

    /// Lines at `minimum` or above to standard error, as `spotlight-wire: warning: ...`.
    public static func standardError(minimum: Level = .info) -> WireLog {
        WireLog { level, line in
            guard level >= minimum else { return }
            let bytes = Array("spotlight-wire: \(level.rawValue): \(line)\n".utf8)
            bytes.withUnsafeBytes { raw in _ = try? systemCall("write") { Glibc.write(2, raw.baseAddress, raw.count) } }
        }
    }

    /// Discards everything.
    public static let silent = WireLog { _, _ in }
}
