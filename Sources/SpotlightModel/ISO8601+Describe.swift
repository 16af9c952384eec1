import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension ISO8601 {
    /// A date as a message shows it, also one outside the years 0001-9999 that
    /// ``string(from:)`` writes: UTC to the second, the year with all its digits and its
    /// sign (Foundation's own description of such a date is `<description unavailable>`).
    ///
    /// ```swift
    /// ISO8601.describe(Date(timeIntervalSince1970: 253_402_302_600))   // "10000-01-01T00:30:00Z"
    /// ISO8601.describe(Date(timeIntervalSince1970: -62_135_683_200))   // "0000-12-31T00:00:00Z"
    /// ```
    /// - Parameter date: any date.
    /// - Returns: its UTC time (year 0 is 1 BC), or its seconds since 1970 when even that
    ///   cannot be written.
    public static func describe(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        var parts = tm()
        guard abs(seconds) < 1e15, var time = time_t(exactly: seconds), gmtime_r(&time, &parts) != nil else {
            return "\(date.timeIntervalSince1970) seconds since 1970"
        }
        func pad(_ n: Int, _ width: Int) -> String {
            let digits = String(abs(n))
            return (n < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(Int(parts.tm_year) + 1900, 4))-\(pad(Int(parts.tm_mon) + 1, 2))-\(pad(Int(parts.tm_mday), 2))T"
            + "\(pad(Int(parts.tm_hour), 2)):\(pad(Int(parts.tm_min), 2)):\(pad(Int(parts.tm_sec), 2))Z"
    }
}
