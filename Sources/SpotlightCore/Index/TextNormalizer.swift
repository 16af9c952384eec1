internal import CXapian
import Foundation

/// The one text normalisation shared by indexing and queries, so that what is indexed
/// and what is typed meet: ICU's NFKC_Casefold (full case folding and compatibility forms:
/// `Straße` → `strasse`, `ΟΔΥΣΣΕΥΣ` → `οδυσσευσ`, `ﬁ` → `fi`, full-width `ＡＢＣ１` → `abc1`),
/// then diacritics folded (`Café` and `cafe` both become `cafe`), Turkish `İ`, `I`, `ı`
/// and `i` all `i`, letters with a stroke and ligatures as plain letters (`Łódź` → `lodz`,
/// `cœur` → `coeur`), Persian `ک`, `ی` as Arabic `ك`, `ي` and Katakana as Hiragana
/// (`テレビ` → `てれび`). Xapian's own tokenizer then
/// splits words and stems them.
///
/// ```swift
/// TextNormalizer.fold("Café Noir")                // "cafe noir"
/// TextNormalizer.fold("STRASSE Straße")           // "strasse strasse"
/// TextNormalizer.fold("Łódź cœur")                // "lodz coeur"
/// TextNormalizer.foldQuery("Café OR thé NOT x")   // "cafe OR the NOT x"
/// ```
enum TextNormalizer {
    /// The query operators the parser recognises only in upper case; kept as typed.
    static let operatorWords: Set<Substring> = ["AND", "OR", "NOT", "XOR", "NEAR", "ADJ"]

    /// Case-folds, NFKC-normalises and removes diacritics (see the type's documentation).
    /// ASCII text takes a fast path with the same result: it is only lower-cased.
    static func fold(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        var out: UnsafeMutablePointer<CChar>? = nil
        var count = 0
        let status = withBytes(text) { bytes, length in cx_text_fold(bytes, length, &out, &count, nil) }
        // ICU fails only without memory or its data; the text is then folded as before ICU.
        guard status == CX_OK else {
            cx_string_free(out)
            return text.lowercased().folding(options: [.diacriticInsensitive], locale: nil)
        }
        return String(decoding: takeBytes(out, count: count), as: UTF8.self)
    }

    /// `text` without leading and trailing whitespace: what Foundation's
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` leaves, without bridging through
    /// NSString, which was an eighth of compiling a query. The same scalars: Unicode's
    /// White_Space property (Z*, U+0009–U+000D, U+0085) and, as Foundation on Linux has it,
    /// U+200B ZERO WIDTH SPACE. Text with nothing to trim is returned as it is.
    ///
    /// ```swift
    /// TextNormalizer.trimmed("  saturn rings\n")   // "saturn rings"
    /// ```
    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        let isSpace = { (scalar: Unicode.Scalar) in scalar.properties.isWhitespace || scalar == "\u{200B}" }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isSpace($0) })!
        if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return text }
        return String(scalars[first...last])
    }

    /// Folds query text word by word, keeping operator words (see ``operatorWords``, and
    /// `NEAR/3`, `ADJ/3`, with brackets on them or not: `(NOT`) and all whitespace exactly as
    /// typed so that phrases, fields and operators still parse.
    static func foldQuery(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var start = text.startIndex
        var index = text.startIndex
        func flush(upTo end: String.Index) {
            let word = text[start..<end]
            result += QueryOperators.isOperator(word, bracketed: true) ? String(word) : fold(String(word))
        }
        while index < text.endIndex {
            let character = text[index]
            if character.isWhitespace {
                flush(upTo: index)
                result.append(character)
                start = text.index(after: index)
            }
            index = text.index(after: index)
        }
        flush(upTo: text.endIndex)
        return result
    }
}
