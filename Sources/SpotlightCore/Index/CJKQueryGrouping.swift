import Foundation

/// Works around libxapian 1.4.22's query parser in CJK n-gram mode, which refuses text where
/// two or more words come before a run of CJK text and another word follows it
/// (`a b 坚 c`: "QueryParserError: parse error"), though it parses the same run in brackets
/// (`a b (坚) c`) as intended. The compiler retries a query that failed with its CJK runs
/// (outside quotes) bracketed this way.
///
/// ```swift
/// CJKQueryGrouping.grouped("rust book 东京 t")   // "rust book (东京) t"
/// CJKQueryGrouping.grouped("\"東京タワー\" x")     // unchanged: inside quotes
/// ```
enum CJKQueryGrouping {
    /// Whether `text` holds a scalar of a script written without spaces.
    static func containsCJK(_ text: String) -> Bool { text.unicodeScalars.contains(where: isCJK) }

    /// `text` with each run of CJK scalars outside double quotes put in brackets.
    static func grouped(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        var inQuotes = false
        var inRun = false
        for scalar in text.unicodeScalars {
            let cjk = !inQuotes && isCJK(scalar)
            if cjk && !inRun { output.append("(") }
            if !cjk && inRun { output.append(")") }
            inRun = cjk
            if scalar == "\"" { inQuotes.toggle() }
            output.append(scalar)
        }
        if inRun { output.append(")") }
        return String(output)
    }

    /// A word character of the ranges libxapian's n-gram mode treats as CJK
    /// (`CJK::codepoint_is_cjk` with `is_wordchar`): Han, Hiragana, Katakana, Hangul and their
    /// compatibility and half-width forms.
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2E80...0x2EFF, 0x3000...0x9FFF, 0xA700...0xA71F, 0xAC00...0xD7AF, 0xF900...0xFAFF,
             0xFE30...0xFE4F, 0xFF00...0xFFEF, 0x20000...0x2A6DF, 0x2F800...0x2FA1F:
            return CharacterSet.alphanumerics.contains(scalar)
        default:
            return false
        }
    }
}
