#if canImport(Glibc)
import Glibc
#endif

/// Writes text to standard error and never traps.
///
/// `FileHandle.standardError.write(_:)` stops the process when the write fails (a full disk
/// under a redirected log, a closed pipe); a log line must never cost the process. This writes
/// with `write(2)`, retries short writes and EINTR, and drops the text on any other error.
///
/// ```swift
/// StandardError.write("spotlightd: listening\n")
/// ```
public enum StandardError {
    public static func write(_ text: String) {
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { raw in
            guard var next = raw.baseAddress else { return }
            var left = raw.count
            while left > 0 {
                let written = Glibc.write(STDERR_FILENO, next, left)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return }
                next += written
                left -= written
            }
        }
    }
}
