import Foundation

/// Rewrites of folded query text for the operators libxapian 1.4's query parser reads only in
/// some places (docs/query.md, Operators):
///
/// - `NEAR` and `ADJ` join two words only when no other word stands next to them without an
///   operator, and never the partial last word: `moon armstrong NEAR aldrin` and `armstrong
///   NEAR aldrin` (as typed, `aldrin` partial) are syntax errors, which the words-only retry
///   then read as the word `near`. Each such chain is bracketed: `moon (armstrong NEAR aldrin)`.
///   One at the start or the end (`armstrong NEAR`, as typed) is read as the word `near`:
///   it is left out.
/// - An operator with nothing to join (`moon OR`, on the way to typing `moon OR sun`) is a
///   syntax error too; the retry without it finds what the rest of the text finds, where the
///   words-only retry looked for the word `or`.
/// - A query of hated words alone (`-lecture`, `-lecture -party`) is read by the parser as
///   those words loved: it is rewritten as the pure `NOT` it means.
///
/// ```swift
/// QueryOperators.readableProximity("moon armstrong NEAR aldrin")   // "moon (armstrong NEAR aldrin)"
/// QueryOperators.readableProximity("armstrong NEAR")                // "armstrong"
/// QueryOperators.withoutStrayOperators("moon OR")                   // "moon"
/// QueryOperators.hatedAloneAsNot("-lecture -party")                // "NOT (lecture OR party)"
/// ```
enum QueryOperators {
    /// `NOT (a OR b)` for text whose every word is hated (`-a -b`); other text as it is.
    static func hatedAloneAsNot(_ folded: String) -> String {
        let words = folded.split(whereSeparator: \.isWhitespace)
        guard !words.isEmpty, words.allSatisfy({ $0.count > 1 && $0.first == "-" && $0.dropFirst().first != "-" }) else {
            return folded
        }
        return "NOT (" + words.map { String($0.dropFirst()) }.joined(separator: " OR ") + ")"
    }

    /// The text with each chain of words joined by `NEAR`, `ADJ`, `NEAR/n` or `ADJ/n` outside
    /// a phrase in brackets and such an operator at its start or end left out; the text itself
    /// when it has none.
    static func readableProximity(_ folded: String) -> String {
        guard mayHoldProximity(folded) else { return folded }
        var tokens = folded.split(whereSeparator: \.isWhitespace)
        var changed = false
        while let last = tokens.last, isProximity(last) { tokens.removeLast(); changed = true }
        while let first = tokens.first, isProximity(first) { tokens.removeFirst(); changed = true }
        var output: [Substring] = []
        var inPhrase = false
        var index = 0
        while index < tokens.count {
            var end = index
            if !inPhrase, isOperand(tokens[index]) {
                while end + 2 < tokens.count, isProximity(tokens[end + 1]), isOperand(tokens[end + 2]) { end += 2 }
            }
            if end > index {
                output.append("(" + tokens[index...end].joined(separator: " ") + ")")
                changed = true
            } else {
                output.append(tokens[index])
                if tokens[index].filter({ $0 == "\"" }).count % 2 == 1 { inPhrase.toggle() }
            }
            index = end + 1
        }
        return changed ? output.joined(separator: " ") : folded
    }

    /// The text without the operators that have nothing to join: at its start (but `NOT`, which
    /// may start a query), at its end, after `(` or another operator (but `NOT` after a binary
    /// one: `moon AND NOT sun`) and before `)`. Nil when there is none.
    static func withoutStrayOperators(_ folded: String) -> String? {
        let tokens = folded.split(whereSeparator: \.isWhitespace).flatMap(bracketsApart)
        var kept: [Substring] = []
        for (index, token) in tokens.enumerated() {
            if isOperator(token) {
                let previous = kept.last
                let next = index + 1 < tokens.count ? tokens[index + 1] : nil
                let afterNothing = previous == nil || previous!.hasSuffix("(")
                let afterOperator = previous.map { isOperator($0) } ?? false
                let binary = token != "NOT"
                let stray = next == nil || next!.hasPrefix(")")
                    || (binary && (afterNothing || afterOperator))
                    || (!binary && previous == "NOT")
                if stray { continue }
            }
            kept.append(token)
        }
        // Dropping one may leave another at the end (`moon AND NOT`).
        while let last = kept.last, isOperator(last) { kept.removeLast() }
        guard kept.count < tokens.count else { return nil }
        return kept.joined(separator: " ")
    }

    /// An operator with brackets on it (`(AND`, `OR)`) as the brackets and the operator apart,
    /// as Xapian reads it; any other token as it is.
    private static func bracketsApart(_ token: Substring) -> [Substring] {
        guard !isOperator(token), isOperator(token, bracketed: true) else { return [token] }
        let word = unbracketed(token)
        let opening = token.prefix { $0 == "(" }, closing = token.reversed().prefix { $0 == ")" }
        return (opening.isEmpty ? [] : [opening]) + [word] + (closing.isEmpty ? [] : [Substring(String(closing))])
    }

    /// Whether `text` has `NEAR` or `ADJ` in it anywhere: a byte scan, as every query's text
    /// is asked (Foundation's `contains` cost more than the rest of this rewrite).
    private static func mayHoldProximity(_ text: String) -> Bool {
        var utf8 = text.utf8.makeIterator()
        var last: (UInt8, UInt8, UInt8) = (0, 0, 0)
        while let byte = utf8.next() {
            if byte == UInt8(ascii: "R"), last == (UInt8(ascii: "N"), UInt8(ascii: "E"), UInt8(ascii: "A")) { return true }
            if byte == UInt8(ascii: "J"), last.1 == UInt8(ascii: "A"), last.2 == UInt8(ascii: "D") { return true }
            last = (last.1, last.2, byte)
        }
        return false
    }

    /// `AND`, `OR`, `NOT`, `XOR`, `NEAR`, `ADJ`, `NEAR/n`, `ADJ/n`; with `bracketed`, also
    /// with brackets on it (`(NOT`, `OR)`), as Xapian reads those.
    static func isOperator(_ token: Substring, bracketed: Bool = false) -> Bool {
        // Every operator starts with a capital letter, or a bracket: most words stop here.
        guard let first = token.utf8.first,
              (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) || (bracketed && first == UInt8(ascii: "(")) else {
            return false
        }
        if TextNormalizer.operatorWords.contains(token) || isProximity(token) { return true }
        guard bracketed, token.first == "(" || token.last == ")" else { return false }
        return isOperator(unbracketed(token))
    }

    /// `token` without the opening brackets before it and the closing ones after it.
    private static func unbracketed(_ token: Substring) -> Substring {
        Substring(String(token.drop { $0 == "(" }.reversed().drop { $0 == ")" }.reversed()))
    }

    /// `NEAR`, `ADJ`, or either with a window: `NEAR/3`.
    static func isProximity(_ token: Substring) -> Bool {
        let window: Substring
        if token.hasPrefix("NEAR") {
            window = token.dropFirst(4)
        } else if token.hasPrefix("ADJ") {
            window = token.dropFirst(3)
        } else {
            return false
        }
        guard let slash = window.first else { return true }
        let digits = window.dropFirst()
        return slash == "/" && !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// A word `NEAR` can join: letters and digits, after a field name (`title:roof`) or not,
    /// no CJK (its n-grams are not one term).
    private static func isOperand(_ token: Substring) -> Bool {
        guard !isOperator(token) else { return false }
        let word = token.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).last ?? token
        let isLetterOrDigit = { (scalar: Unicode.Scalar) in CharacterSet.alphanumerics.contains(scalar) }
        return !word.isEmpty && word.unicodeScalars.allSatisfy { isLetterOrDigit($0) && !CJKQueryGrouping.isCJK($0) }
            && token.unicodeScalars.allSatisfy { isLetterOrDigit($0) || $0 == ":" }
    }
}
