import Foundation

/// The one text normalisation shared by indexing and queries, so that what is indexed
/// and what is typed meet: lower case and diacritics folded (`Café` and `cafe` both
/// become `cafe`). Xapian's own tokenizer then splits words and stems them.
///
/// ```swift
/// TextNormalizer.fold("Café Noir")                // "cafe noir"
/// TextNormalizer.foldQuery("Café OR thé NOT x")   // "cafe OR the NOT x"
/// ```
enum TextNormalizer {
    /// The query operators the parser recognises only in upper case; kept as typed.
    static let operatorWords: Set<Substring> = ["AND", "OR", "NOT", "XOR", "NEAR", "ADJ"]

    /// Lower-cases and removes diacritics.
    static func fold(_ text: String) -> String {
        text.lowercased().folding(options: [.diacriticInsensitive], locale: nil)
    }

    /// Folds query text word by word, keeping operator words (see ``operatorWords``) and
    /// all whitespace exactly as typed so that phrases, fields and operators still parse.
    static func foldQuery(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var start = text.startIndex
        var index = text.startIndex
        func flush(upTo end: String.Index) {
            let word = text[start..<end]
            result += operatorWords.contains(word) ? String(word) : fold(String(word))
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
