import Foundation

/// The words after elided articles in French, Italian and Catalan text (`d'orion`,
/// `l'osservatorio`, `l'estiu`): Xapian's word splitter keeps `d'orion` one word and no
/// stemmer strips the article, so `orion` alone would not find it. A record in one of these
/// languages also indexes these words (``RecordDocument``); a query needs no change.
///
/// ```swift
/// Elision.remainders(of: "l'observatoire d'orion", language: "fr")   // "observatoire orion"
/// Elision.remainders(of: "o'brien", language: "en")                  // ""
/// ```
enum Elision {
    /// The languages that elide articles before a vowel, by primary subtag.
    static let languages: Set<String> = ["fr", "it", "ca"]

    /// The elided forms of articles, pronouns and prepositions (folded, before the apostrophe).
    static let articles: Set<String> = [
        "l", "d", "j", "m", "n", "s", "t", "c", "qu", "jusqu", "lorsqu", "puisqu", "quoiqu", "presqu", "quelqu",
        "un", "dell", "all", "dall", "nell", "sull", "coll", "quest", "quell", "sant", "bell",
    ]

    /// The words of folded `text` that follow an elided article, space-separated; empty when
    /// there are none or the language does not elide.
    static func remainders(of text: String, language: String) -> String {
        guard languages.contains(Languages.primary(language)),
              text.unicodeScalars.contains(where: { $0 == "'" || $0 == "\u{2019}" }) else { return "" }
        var found: [Substring] = []
        for word in text.split(whereSeparator: { !$0.isLetter && $0 != "'" && $0 != "\u{2019}" }) {
            guard let mark = word.firstIndex(where: { $0 == "'" || $0 == "\u{2019}" }),
                  articles.contains(String(word[..<mark])) else { continue }
            let rest = word[word.index(after: mark)...]
            if !rest.isEmpty, rest.allSatisfy(\.isLetter) { found.append(rest) }
        }
        return found.joined(separator: " ")
    }
}
