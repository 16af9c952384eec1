import Foundation

/// The text a `DateComponents` value is on the app service wire, in records and in `describe`:
/// ISO 8601 of the fields set. A date `2026-06-01`, `2026-06`, `2026` or `--06-01`, a time
/// `20:30:15`, `20:30` or `20`, or both joined by `T`. Other fields are not carried.
///
/// ```swift
/// DateComponents(hour: 7, minute: 45).iso8601Text               // "07:45"
/// DateComponents(iso8601Text: "--12-24")                        // month 12, day 24
/// ```
extension DateComponents {
    /// The fields as ISO 8601 text: `2026-06-01T20:30`, `20:30`, `--06-01`.
    public var iso8601Text: String {
        func two(_ n: Int) -> String { n < 10 && n >= 0 ? "0\(n)" : String(n) }
        func four(_ n: Int) -> String { n >= 0 && n < 1000 ? String(repeating: "0", count: 4 - String(n).count) + String(n) : String(n) }
        var date = ""
        switch (year, month, day) {
        case let (y?, m?, d?): date = "\(four(y))-\(two(m))-\(two(d))"
        case let (y?, m?, nil): date = "\(four(y))-\(two(m))"
        case let (y?, nil, _): date = four(y)
        case let (nil, m?, d?): date = "--\(two(m))-\(two(d))"
        default: break
        }
        var time = ""
        if let h = hour {
            time = two(h)
            if let m = minute {
                time += ":\(two(m))"
                if let s = second { time += ":\(two(s))" }
            }
        }
        return date.isEmpty || time.isEmpty ? date + time : date + "T" + time
    }

    /// Parses the forms ``iso8601Text`` writes; nil for anything else or a field out of range.
    public init?(iso8601Text text: String) {
        let parts = text.split(separator: "T", omittingEmptySubsequences: false).map(String.init)
        guard parts.count <= 2 else { return nil }
        var (datePart, timePart) = parts.count == 2 ? (parts[0], parts[1]) : ("", parts[0])
        if parts.count == 1, text.contains("-") || text.count == 4 { (datePart, timePart) = (text, "") }
        guard parts.count == 1 || !timePart.isEmpty else { return nil }
        self.init()
        if !datePart.isEmpty {
            if datePart.hasPrefix("--") {
                let fields = datePart.dropFirst(2).split(separator: "-", omittingEmptySubsequences: false)
                guard fields.count == 2, let m = Self.field(fields[0], 2, 1...12), let d = Self.field(fields[1], 2, 1...31) else { return nil }
                (month, day) = (m, d)
            } else {
                let fields = datePart.split(separator: "-", omittingEmptySubsequences: false)
                guard fields.count <= 3, let y = Self.field(fields[0], 4, 0...9999) else { return nil }
                year = y
                if fields.count > 1 { guard let m = Self.field(fields[1], 2, 1...12) else { return nil }; month = m }
                if fields.count > 2 { guard let d = Self.field(fields[2], 2, 1...31) else { return nil }; day = d }
            }
        }
        if !timePart.isEmpty {
            let fields = timePart.split(separator: ":", omittingEmptySubsequences: false)
            guard fields.count <= 3, let h = Self.field(fields[0], 2, 0...23) else { return nil }
            hour = h
            if fields.count > 1 { guard let m = Self.field(fields[1], 2, 0...59) else { return nil }; minute = m }
            if fields.count > 2 { guard let s = Self.field(fields[2], 2, 0...59) else { return nil }; second = s }
        }
    }

    private static func field(_ text: Substring, _ digits: Int, _ range: ClosedRange<Int>) -> Int? {
        guard text.count == digits, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber),
              let n = Int(text), range.contains(n) else { return nil }
        return n
    }
}
