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
/// A property compared with one value is a range too: `startDate:2026-06-01` is that day
/// (`startDate:2026-06`, that month), `price:9.5` and `priority:-2` that number. A whole
/// number ≥ 0 is also kept as the field's word (`attendees:12`), which finds an int property
/// and another app's string property of that name holding the digits. A range after `+` or
/// `-` is bracketed, which Xapian's parser needs to love or hate it.
///
/// ```swift
/// QueryRanges.rewrite("party startdate:2026-06..2026-06") { _ in .init(number: false, date: true) }
/// // "party startdate:d1780272000.000..1782863999.999"
/// QueryRanges.rewrite("milk -price:9.5") { _ in .init(number: true, date: false) }
/// // "milk -(price:9.5 OR price:9.5..9.5)"
/// ```
enum QueryRanges {
    /// Follows the colon of a range whose dates were rewritten to seconds.
    static let dateMark = "d"

    /// The kinds of range a property name has value slots for, over every bundle.
    struct Kinds {
        var number: Bool
        var date: Bool
    }

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

    /// Whether `text` may compare a property with values: two dots, or a colon before a digit
    /// or a minus sign (`attendees:12`, `n:-2`, `startdate:2026-06-01`). Such text needs the
    /// property slots (``rewrite(_:kinds:)``); other text is left as typed.
    ///
    /// ```swift
    /// QueryRanges.mayCompareValues("attendees:12")   // true
    /// QueryRanges.mayCompareValues("title:roof")     // false
    /// ```
    static func mayCompareValues(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "."), previous == UInt8(ascii: ".") { return true }
            if previous == UInt8(ascii: ":"), byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                return true
            }
            previous = byte
        }
        return false
    }

    /// Rewrites every `name:low..high` and `name:value` token of folded text whose name has
    /// number or date slots (`kinds`) as described above; other tokens, and values that are
    /// neither numbers nor dates, stay as typed.
    static func rewrite(_ folded: String, kinds: (String) -> Kinds) -> String {
        guard mayCompareValues(folded) else { return folded }
        var output = ""
        var token = ""
        for character in folded {
            if character.isWhitespace {
                output += rewriteToken(token, kinds) + String(character)
                token = ""
            } else {
                token.append(character)
            }
        }
        return output + rewriteToken(token, kinds)
    }

    private static func rewriteToken(_ token: String, _ kinds: (String) -> Kinds) -> String {
        let lead = token.prefix { "(+-".contains($0) }
        let trail = token.reversed().prefix { $0 == ")" }
        let body = token.dropFirst(lead.count).dropLast(trail.count)
        guard let colon = body.firstIndex(of: ":") else { return token }
        let name = String(body[..<colon]), value = body[body.index(after: colon)...]
        let kind = kinds(name)
        guard kind.number || kind.date else { return token }
        let rewritten: String
        // A field that only apps' dates use reads a year as a date (`startdate:2027..`).
        let years = kind.date && !kind.number
        if let dots = value.range(of: "..") {
            let low = String(value[..<dots.lowerBound]), high = String(value[dots.upperBound...])
            if low.isEmpty, high.isEmpty {
                rewritten = "\(name):\(everyValue)"   // `name:..`: any value, not every record
            } else {
                rewritten = kind.date ? datedRange(name, low, high, years: years) ?? String(body) : String(body)
            }
        } else if kind.date, !isNumber(value) || (years && isYear(value)), value.first?.isNumber == true,
                  let dated = datedRange(name, String(value), String(value), years: years) {
            rewritten = dated
        } else if kind.number, isNumber(value) {
            let range = "\(name):\(value)..\(value)"
            rewritten = value.hasPrefix("-") ? range : "(\(body) OR \(range))"
        } else {
            return token
        }
        let bracket = lead.contains { $0 == "+" || $0 == "-" } && !rewritten.hasPrefix("(")
        return lead + (bracket ? "(" + rewritten + ")" : rewritten) + String(trail)
    }

    /// The range from the lowest to the highest finite number: `name:..` means the property
    /// has a value (Xapian reads a range open at both ends as every document).
    static let everyValue = "-1.7976931348623157e308..1.7976931348623157e308"

    /// `name:d<seconds>..<seconds>` when either end is a typed date (with `years`, also four
    /// digits alone) and both are dates or numbers; nil for a range of plain numbers or an
    /// unreadable date.
    private static func datedRange(_ name: String, _ low: String, _ high: String, years: Bool) -> String? {
        func isDate(_ text: String) -> Bool { !text.isEmpty && (Double(text) == nil || (years && isYear(text[...]))) }
        guard isDate(low) || isDate(high), let lowSeconds = bound(low, upper: false, years: years),
              let highSeconds = bound(high, upper: true, years: years) else { return nil }
        return name + ":" + dateMark + lowSeconds + ".." + highSeconds
    }

    /// Whether `text` is four digits: a year, where a field holds only dates.
    private static func isYear(_ text: Substring) -> Bool {
        text.count == 4 && text.allSatisfy { ("0"..."9").contains($0) }
    }

    /// Whether `text` is a plain decimal number: an optional minus, digits, optionally a
    /// point and more digits (no exponent, `nan` or `inf`, which Xapian's range would not read).
    private static func isNumber(_ text: Substring) -> Bool {
        let digits = text.hasPrefix("-") ? text.dropFirst() : text
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        return (1...2).contains(parts.count)
            && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { ("0"..."9").contains($0) } }
    }

    /// The seconds of a typed date ("" for an open end), or nil when it is not a date.
    private static func bound(_ text: String, upper: Bool, years: Bool) -> String? {
        if text.isEmpty { return "" }
        if Double(text) != nil, !(years && isYear(text[...])) { return text }
        guard let (start, next) = period(text.uppercased()) else { return nil }
        let seconds = upper ? next.timeIntervalSince1970 - 0.001 : start.timeIntervalSince1970
        return String(format: "%.3f", seconds)
    }

    /// The start of the period a typed date names and the start of the next one; nil for a
    /// month outside 1-12 or a day its month does not have (`2026-02-30`, `2026-01-00`), which
    /// Foundation's calendar would otherwise carry into another month or year.
    static func period(_ text: String) -> (Date, Date)? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { Int($0) }
        if numbers.count == parts.count, parts.first?.count == 4, (1...3).contains(parts.count) {
            let month = numbers.count > 1 ? numbers[1] : 1
            guard (1...12).contains(month),
                  let monthStart = calendar.date(from: DateComponents(year: numbers[0], month: month, day: 1))
            else { return nil }
            var start = monthStart
            if numbers.count == 3 {
                let day = numbers[2]
                guard let days = calendar.range(of: .day, in: .month, for: monthStart), days.contains(day),
                      let dayStart = calendar.date(byAdding: .day, value: day - 1, to: monthStart)
                else { return nil }
                start = dayStart
            }
            let step: Calendar.Component = [.year, .month, .day][numbers.count - 1]
            guard let next = calendar.date(byAdding: step, value: 1, to: start) else { return nil }
            return (start, next)
        }
        guard text.contains("T"), let instant = ISO8601.date(from: text) else { return nil }
        return (instant, instant.addingTimeInterval(0.001))
    }
}
