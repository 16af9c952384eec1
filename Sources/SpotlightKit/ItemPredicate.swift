import Foundation
import SpotlightModel

/// A Core Spotlight query string, read (``ItemPredicateParser``) and matched against records.
///
/// ```swift
/// let predicate = try ItemPredicateParser.parse(#"title == "*nova*"cd"#)
/// predicate.matches(Record(bundle: "b", type: "CSSearchableItem", id: "1", title: "Supernova"))  // true
/// ```
///
/// `&&` and `||` hold their terms side by side, so a chain of thousands of comparisons is matched
/// and freed without recursion; nesting (`(`, `!`) is bounded by the parser.
indirect enum ItemPredicate: Sendable {
    case and([ItemPredicate])
    case or([ItemPredicate])
    case not(ItemPredicate)
    case compare(attribute: String, Comparison, Literal, TextOptions)
    case inRange(attribute: String, low: Literal, high: Literal)

    enum Comparison: Sendable { case equal, notEqual, less, greater, lessOrEqual, greaterOrEqual }

    /// One element of a quoted string: a character, `*` (any run) or `?` (any one).
    enum PatternElement: Sendable, Equatable { case scalar(Unicode.Scalar), anyRun, anyOne }

    enum Literal: Sendable {
        /// A quoted string, prepared once with its modifiers for every value it is matched to.
        case text(TextPattern)
        case number(Double)
        case date(Date)
    }

    /// A quoted string's modifiers.
    struct TextOptions: OptionSet, Sendable {
        let rawValue: Int
        static let caseInsensitive = TextOptions(rawValue: 1)
        static let diacriticInsensitive = TextOptions(rawValue: 2)
        static let wordBased = TextOptions(rawValue: 4)

        init(rawValue: Int) { self.rawValue = rawValue }

        /// `c`, `d`, `w` or `t` (tokenized, read as word by word); nil for another character.
        init?(modifier: Unicode.Scalar) {
            switch modifier {
            case "c": self = .caseInsensitive
            case "d": self = .diacriticInsensitive
            case "w", "t": self = .wordBased
            default: return nil
            }
        }
    }

    /// Whether the record is one the query string asks for.
    func matches(_ record: Record) -> Bool {
        switch self {
        case .and(let terms): return terms.allSatisfy { $0.matches(record) }
        case .or(let terms): return terms.contains { $0.matches(record) }
        case .not(let a): return !a.matches(record)
        case .compare(let attribute, let op, let literal, let options):
            let values = ItemAttributes.values(attribute, of: record)
            // != holds where no value equals: a record without the attribute too.
            if op == .notEqual { return !values.contains { Self.compare($0, .equal, literal, options) } }
            return values.contains { Self.compare($0, op, literal, options) }
        case .inRange(let attribute, let low, let high):
            return ItemAttributes.values(attribute, of: record).contains {
                Self.compare($0, .greaterOrEqual, low, []) && Self.compare($0, .lessOrEqual, high, [])
            }
        }
    }

    private static func compare(_ value: PropertyValue, _ op: Comparison, _ literal: Literal, _ options: TextOptions) -> Bool {
        switch (value, literal) {
        case (_, .text(let pattern)):
            if let number = value.number, let wanted = pattern.number { return order(number, wanted, op) }
            guard let text = ItemAttributes.text(of: value) else { return false }
            if op == .equal || op == .notEqual { return pattern.matches(text) == (op == .equal) }
            return order(fold(text, options), options == pattern.options ? pattern.foldedPlain : fold(pattern.plain, options), op)
        case (.date(let date), .date(let wanted)):
            return order(date.timeIntervalSinceReferenceDate, wanted.timeIntervalSinceReferenceDate, op)
        case (.date(let date), .number(let wanted)):
            return order(date.timeIntervalSinceReferenceDate, wanted, op)
        case (_, .number(let wanted)):
            guard let number = value.number else { return false }
            return order(number, wanted, op)
        case (_, .date):
            return false
        }
    }

    private static func order<T: Comparable>(_ a: T, _ b: T, _ op: Comparison) -> Bool {
        switch op {
        case .equal: a == b
        case .notEqual: a != b
        case .less: a < b
        case .greater: a > b
        case .lessOrEqual: a <= b
        case .greaterOrEqual: a >= b
        }
    }

    static func fold(_ text: String, _ options: TextOptions) -> String {
        var folding: String.CompareOptions = []
        if options.contains(.caseInsensitive) { folding.insert(.caseInsensitive) }
        if options.contains(.diacriticInsensitive) { folding.insert(.diacriticInsensitive) }
        return folding.isEmpty ? text : text.folding(options: folding, locale: nil)
    }
}

extension ItemPredicate.PatternElement {
    var scalar: Unicode.Scalar? { if case .scalar(let s) = self { s } else { nil } }
}

extension PropertyValue {
    /// The value as a number: an int, a double, a bool (1 or 0); nil for any other.
    var number: Double? {
        switch self {
        case .int(let n): Double(n)
        case .double(let d): d
        case .bool(let b): b ? 1 : 0
        default: nil
        }
    }
}
