import Foundation
import SpotlightModel

/// Reads Core Spotlight's query strings (`CSSearchQuery(queryString:)`) into an ``ItemPredicate``.
///
/// The grammar, as Apple documents it:
/// - a comparison `attribute op value`: `==` (also `=`), `!=`, `<`, `>`, `<=`, `>=`; the value a
///   quoted string (`*` any characters, `?` one; `\"`, `\\`, `\*` and `\?` escaped) followed by
///   modifiers `c` (case-insensitive), `d` (diacritic-insensitive), `w` or `t` (word by word), or
///   with them in brackets after the operator (`==[cd] "café"`, File Metadata Query's form), a
///   number, or a time `$time.now`, `$time.today`, `$time.yesterday`, `$time.this_week`,
///   `$time.this_month`, `$time.this_year` (each with an optional `(N)` of its unit, seconds for
///   `now`) or `$time.iso(2026-06-01T10:00:00Z)`;
/// - `InRange(attribute, low, high)`, both ends included;
/// - `&&`, `||`, `!` and parentheses, nested at most ``maxNesting`` deep; the attribute `*` is
///   every text attribute (`* == "*"`: any text attribute has a value). A bare `*`, which Apple's
///   grammar does not have, is refused with the forms to write instead.
///
/// ```swift
/// let predicate = try ItemPredicateParser.parse(#"title == "*nova*"cd && startDate > $time.today(-7)"#)
/// ```
enum ItemPredicateParser {
    /// How deep parentheses and `!` may nest: a string nested deeper is refused rather than
    /// read by recursion that would overflow the stack.
    static let maxNesting = 100

    /// - Throws: `SpotlightError(.invalidInput)` naming the character where the string stops
    ///   being a query and what was expected there.
    static func parse(_ text: String, now: Date = Date()) throws -> ItemPredicate {
        guard text.utf8.count <= maxBytes else {
            throw SpotlightError(.invalidInput, "the query string is \(text.utf8.count) bytes; the limit is \(maxBytes) "
                + "(as for a query's text): shorten it, or search by words with CSUserQuery")
        }
        var parser = Parser(scalars: Array(text.unicodeScalars), now: now)
        let predicate = try parser.disjunction()
        parser.skipSpaces()
        guard parser.position == parser.scalars.count else { throw parser.error("&&, || or the end of the query") }
        return predicate
    }

    /// The longest query string read, in UTF-8 bytes: spotlightd's limit on a query's text.
    static let maxBytes = 16_384

    private struct Parser {
        let scalars: [Unicode.Scalar]
        let now: Date
        var position = 0
        /// The parentheses and `!` open around `position`.
        var depth = 0

        init(scalars: [Unicode.Scalar], now: Date) {
            self.scalars = scalars
            self.now = now
        }

        /// Terms joined by `||`, kept side by side (not nested), so a long chain needs no recursion.
        mutating func disjunction() throws -> ItemPredicate {
            var terms = [try conjunction()]
            while take("||") { terms.append(try conjunction()) }
            return terms.count == 1 ? terms[0] : .or(terms)
        }

        mutating func conjunction() throws -> ItemPredicate {
            var terms = [try unary()]
            while take("&&") { terms.append(try unary()) }
            return terms.count == 1 ? terms[0] : .and(terms)
        }

        mutating func unary() throws -> ItemPredicate {
            skipSpaces()
            if peek("!") && !peek("!=") {
                try descend()
                position += 1
                let inner = try unary()
                depth -= 1
                return .not(inner)
            }
            if peek("(") {
                try descend()
                position += 1
                let inner = try disjunction()
                guard take(")") else { throw error("a closing parenthesis") }
                depth -= 1
                return inner
            }
            let attribute = try name()
            if attribute == "InRange" && take("(") {
                let ranged = try name()
                guard take(",") else { throw error("a comma after InRange's attribute") }
                let low = try value().literal
                guard take(",") else { throw error("a comma after InRange's lower end") }
                let high = try value().literal
                guard take(")") else { throw error("InRange's closing parenthesis") }
                return .inRange(attribute: ranged, low: low, high: high)
            }
            if attribute == "*" && !peekComparison() { throw bareWildcardError() }
            let op = try comparison()
            let (literal, options) = try value(modifiers: try bracketedModifiers())
            return .compare(attribute: attribute, op, literal, options)
        }

        /// The modifiers in brackets right after an operator (`==[cd]`), as the File Metadata
        /// Query syntax writes them; none when no bracket follows.
        mutating func bracketedModifiers() throws -> ItemPredicate.TextOptions {
            guard peek("[") else { return [] }
            position += 1
            var options: ItemPredicate.TextOptions = []
            while position < scalars.count, let option = ItemPredicate.TextOptions(modifier: scalars[position]) {
                options.insert(option)
                position += 1
            }
            guard take("]") else { throw error("modifiers c, d or w and then ] after the comparison's [") }
            return options
        }

        /// One more level of `(` or `!`, at `position`.
        /// - Throws: `.invalidInput` past ``ItemPredicateParser/maxNesting``.
        mutating func descend() throws {
            guard depth < ItemPredicateParser.maxNesting else {
                throw SpotlightError(.invalidInput, "the query string nests parentheses and ! more than "
                    + "\(ItemPredicateParser.maxNesting) deep (at character \(position + 1)); write it with fewer "
                    + "levels, e.g. a || b || c rather than (a || (b || c)), and !!x as x")
            }
            depth += 1
        }

        mutating func comparison() throws -> ItemPredicate.Comparison {
            for (text, op) in [("==", ItemPredicate.Comparison.equal), ("!=", .notEqual), ("<=", .lessOrEqual),
                               (">=", .greaterOrEqual), ("<", .less), (">", .greater), ("=", .equal)] where take(text) {
                return op
            }
            throw error("a comparison (==, !=, <, >, <=, >=)")
        }

        /// Whether a comparison operator comes next (after spaces).
        mutating func peekComparison() -> Bool {
            skipSpaces()
            return ["==", "!=", "<", ">", "="].contains { peek($0) }
        }

        /// `*` with no comparison after it, as in `CSSearchQuery(queryString: "*")`: Apple's grammar
        /// has `*` only as an attribute (any text attribute) and inside a quoted value, never alone.
        func bareWildcardError() -> SpotlightError {
            SpotlightError(.invalidInput, "the query string has * alone at character \(position): Core Spotlight "
                + "reads * only as an attribute followed by a comparison or inside a quoted value; for every item "
                + "with a title write title == \"*\", for every item with any text attribute * == \"*\"")
        }

        /// An attribute: letters, digits, `_`, `.` and `:`, or `*` for every text attribute.
        mutating func name() throws -> String {
            skipSpaces()
            if take("*") { return "*" }
            let start = position
            while position < scalars.count, Self.isNameScalar(scalars[position]) { position += 1 }
            guard position > start else { throw error("an attribute name") }
            return String(String.UnicodeScalarView(scalars[start..<position]))
        }

        /// - Parameter modifiers: those bracketed after the operator, for a quoted string.
        mutating func value(modifiers: ItemPredicate.TextOptions = []) throws
            -> (literal: ItemPredicate.Literal, options: ItemPredicate.TextOptions) {
            skipSpaces()
            guard position < scalars.count else { throw error("a value") }
            if scalars[position] == "\"" || scalars[position] == "'" { return try quoted(modifiers: modifiers) }
            if scalars[position] == "$" { return (.date(try time()), []) }
            let start = position
            while position < scalars.count, "+-.0123456789eE".unicodeScalars.contains(scalars[position]) { position += 1 }
            let text = String(String.UnicodeScalarView(scalars[start..<position]))
            guard let number = Double(text) else {
                position = start
                throw error("a value: a quoted string, a number or $time")
            }
            guard number.isFinite else {
                position = start
                throw error("a number within ±1.7e308")
            }
            return (.number(number), [])
        }

        mutating func quoted(modifiers: ItemPredicate.TextOptions) throws
            -> (literal: ItemPredicate.Literal, options: ItemPredicate.TextOptions) {
            let quote = scalars[position]
            position += 1
            var pattern: [ItemPredicate.PatternElement] = []
            while true {
                guard position < scalars.count else { throw error("the closing \(quote)") }
                let scalar = scalars[position]
                position += 1
                if scalar == quote { break }
                if scalar == "\\", position < scalars.count {
                    pattern.append(.scalar(scalars[position]))
                    position += 1
                } else if scalar == "*" {
                    pattern.append(.anyRun)
                } else if scalar == "?" {
                    pattern.append(.anyOne)
                } else {
                    pattern.append(.scalar(scalar))
                }
            }
            var options = modifiers
            while position < scalars.count, let option = ItemPredicate.TextOptions(modifier: scalars[position]) {
                options.insert(option)
                position += 1
            }
            return (.text(TextPattern(pattern, options)), options)
        }

        /// `$time.NAME`, `$time.NAME(N)` or `$time.iso(DATE)`.
        mutating func time() throws -> Date {
            guard take("$time.") else { throw error("$time.now, $time.today, ... or $time.iso(DATE)") }
            let start = position
            while position < scalars.count, Self.isNameScalar(scalars[position]) { position += 1 }
            let unit = String(String.UnicodeScalarView(scalars[start..<position]))
            var argument: String?
            if take("(") {
                let open = position
                while position < scalars.count, scalars[position] != ")" { position += 1 }
                argument = String(String.UnicodeScalarView(scalars[open..<position])).trimmingCharacters(in: .whitespaces)
                guard take(")") else { throw error("the closing parenthesis of $time.\(unit)") }
            }
            if unit == "iso" {
                guard let argument, let date = ItemQueryTime.iso(argument) else {
                    throw error("an ISO 8601 date in $time.iso(...), such as $time.iso(2026-06-01T10:00:00Z)")
                }
                return date
            }
            let offset = try argument.map { text -> Int in
                guard let n = Int(text) else { throw error("a whole number in $time.\(unit)(N)") }
                return n
            } ?? 0
            guard ItemQueryTime.names.contains(unit) else {
                position = start
                throw error("now, today, yesterday, this_week, this_month, this_year or iso after $time.")
            }
            // Beyond any offset that could stay within the years (seconds of 10,000 years): the
            // calendar's arithmetic would overflow (`yesterday` subtracts one) or, for Int.max,
            // give the date back unchanged.
            guard offset.magnitude <= ItemQueryTime.maxOffset,
                  let date = ItemQueryTime.date(unit, offset: offset, now: now), ISO8601.canWrite(date) else {
                position = start
                throw error("a $time.\(unit)(N) within the years 0001-9999")
            }
            return date
        }

        static func isNameScalar(_ s: Unicode.Scalar) -> Bool {
            CharacterSet.alphanumerics.contains(s) || s == "_" || s == "." || s == ":"
        }

        mutating func skipSpaces() {
            while position < scalars.count, CharacterSet.whitespacesAndNewlines.contains(scalars[position]) { position += 1 }
        }

        func peek(_ text: String) -> Bool {
            let wanted = Array(text.unicodeScalars)
            return position + wanted.count <= scalars.count && Array(scalars[position..<position + wanted.count]) == wanted
        }

        mutating func take(_ text: String) -> Bool {
            skipSpaces()
            guard peek(text) else { return false }
            position += text.unicodeScalars.count
            return true
        }

        func error(_ expected: String) -> SpotlightError {
            // Control characters shown escaped, so the message stays one readable line.
            let found = position < scalars.count
                ? "\"" + scalars[position..<min(position + 12, scalars.count)].map { scalar in
                    scalar.properties.generalCategory == .control ? scalar.escaped(asASCII: true) : String(scalar)
                }.joined() + "\""
                : "the end"
            return SpotlightError(.invalidInput, "the query string is not one Core Spotlight reads: at character "
                + "\(position + 1) expected \(expected), found \(found) (e.g. title == \"*party*\"cd && "
                + "startDate > $time.today(-7))")
        }
    }
}

/// The times `$time.…` names in a query string.
enum ItemQueryTime {
    /// The names `$time.NAME(N)` takes besides `iso`.
    static let names: Set = ["now", "today", "yesterday", "this_week", "this_month", "this_year"]

    /// The largest `N` of `$time.NAME(N)` read: more seconds than 10,000 years hold.
    static let maxOffset: UInt = 400_000_000_000

    /// `now` (+ `offset` seconds), `today`/`yesterday` (+ days), `this_week`, `this_month`,
    /// `this_year` (+ that unit): the start of it in the current calendar; nil for another name.
    static func date(_ name: String, offset: Int, now: Date) -> Date? {
        let calendar = Calendar.current
        switch name {
        case "now": return now.addingTimeInterval(TimeInterval(offset))
        case "today": return calendar.date(byAdding: .day, value: offset, to: calendar.startOfDay(for: now))
        case "yesterday": return calendar.date(byAdding: .day, value: offset - 1, to: calendar.startOfDay(for: now))
        case "this_week": return start(of: .weekOfYear, now, offset, calendar)
        case "this_month": return start(of: .month, now, offset, calendar)
        case "this_year": return start(of: .year, now, offset, calendar)
        default: return nil
        }
    }

    private static func start(of unit: Calendar.Component, _ now: Date, _ offset: Int, _ calendar: Calendar) -> Date? {
        guard let interval = calendar.dateInterval(of: unit, for: now) else { return nil }
        return calendar.date(byAdding: unit, value: offset, to: interval.start)
    }

    /// An ISO 8601 date or date and time (UTC unless it names a zone).
    static func iso(_ text: String) -> Date? {
        let full = ISO8601DateFormatter()
        if let date = full.date(from: text) { return date }
        full.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = full.date(from: text) { return date }
        full.formatOptions = [.withFullDate]
        return full.date(from: text)
    }
}
