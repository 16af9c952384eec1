import Foundation
import SpotlightModel

/// Ranges in query text, `name:low..high`: for a number or date property, either side may
/// be empty (open-ended). Dates are written as a person types them (`2026`-`06`, `2026-06-01`,
/// or full ISO 8601 `2026-06-01T20:00:00Z`, UTC) and become seconds since 1970 before Xapian's
/// number range processor reads them. A month or day as the upper bound means its end. A
/// rewritten range is marked with ``dateMark`` after the colon, so it applies to the date
/// slots of the name only (another app's number property of that name is not matched by a
/// date); a range of plain numbers applies to its number and date slots.
///
/// ```swift
/// QueryRanges.rewrite("party startdate:2026-06..2026-06", dateFields: ["startdate"])
/// // "party startdate:d1780272000.000..1782863999.999"
/// ```
enum QueryRanges {
    /// Follows the colon of a range whose dates were rewritten to seconds.
    static let dateMark = "d"

    /// Whether `text` holds the two dots of a range: a scan of its bytes (Foundation's
    /// `contains` bridges through NSString, and was half of a query's check for ranges).
    ///
    /// ```swift
    /// QueryRanges.holdsRange("size:10..20")   // true
    /// ```
    static func holdsRange(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "."), previous == UInt8(ascii: ".") { return true }
            previous = byte
        }
        return false
    }

    /// Rewrites every `name:low..high` token of folded text whose name is in `dateFields`
    /// so that its dates are seconds; other tokens (and unreadable dates) stay as typed.
    static func rewrite(_ folded: String, dateFields: Set<String>) -> String {
        guard !dateFields.isEmpty, holdsRange(folded) else { return folded }
        var output = ""
        var token = ""
        for character in folded {
            if character.isWhitespace {
                output += rewriteToken(token, dateFields) + String(character)
                token = ""
            } else {
                token.append(character)
            }
        }
        return output + rewriteToken(token, dateFields)
    }

    private static func rewriteToken(_ token: String, _ dateFields: Set<String>) -> String {
        let lead = token.prefix { "(+-".contains($0) }
        let trail = token.reversed().prefix { $0 == ")" }
        let body = token.dropFirst(lead.count).dropLast(trail.count)
        guard let colon = body.firstIndex(of: ":"), dateFields.contains(String(body[..<colon])),
              let dots = body.range(of: "..") else { return token }
        let low = String(body[body.index(after: colon)..<dots.lowerBound])
        let high = String(body[dots.upperBound...])
        guard let lowSeconds = bound(low, upper: false), let highSeconds = bound(high, upper: true) else { return token }
        guard [low, high].contains(where: { !$0.isEmpty && Double($0) == nil }) else { return token }   // plain numbers
        return lead + body[...colon] + dateMark + lowSeconds + ".." + highSeconds + String(trail)
    }

    /// The seconds of a typed date ("" for an open end), or nil when it is not a date.
    private static func bound(_ text: String, upper: Bool) -> String? {
        if text.isEmpty { return "" }
        if Double(text) != nil { return text }
        guard let (start, next) = period(text.uppercased()) else { return nil }
        let seconds = upper ? next.timeIntervalSince1970 - 0.001 : start.timeIntervalSince1970
        return String(format: "%.3f", seconds)
    }

    /// The start of the period a typed date names and the start of the next one.
    static func period(_ text: String) -> (Date, Date)? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { Int($0) }
        if numbers.count == parts.count, parts.first?.count == 4, (2...3).contains(parts.count) {
            let components = DateComponents(year: numbers[0], month: numbers[1], day: numbers.count == 3 ? numbers[2] : 1)
            guard (1...12).contains(numbers[1]), let start = calendar.date(from: components),
                  let next = calendar.date(byAdding: numbers.count == 3 ? .day : .month, value: 1, to: start)
            else { return nil }
            return (start, next)
        }
        guard text.contains("T"), let instant = ISO8601.date(from: text) else { return nil }
        return (instant, instant.addingTimeInterval(0.001))
    }
}
