import Foundation
import SpotlightModel

/// Snippets of a hit: the record's searchable text cut around the best matches by Xapian,
/// with the matches between the caller's markers and the text HTML-escaped only on request.
/// Xapian cuts the folded text (``FoldedText``), so a match through folding (`cafe` in
/// `Café`) is marked, and the snippet is shown in the original characters.
enum SnippetText {
    /// Placeholders for the markers while Xapian works (it HTML-escapes the text it returns);
    /// control characters are taken out of the text first, so they cannot occur in it.
    static let startMark = "\u{1}"
    static let endMark = "\u{2}"

    /// - Parameter language: the BCP 47 tag the record's words are stemmed in.
    static func make(_ record: Record, _ matches: XapianMatchSet, _ index: Int, _ options: SnippetOptions,
                     language: String = Languages.english) throws -> String {
        let original = source(record)
        // ASCII text folds to its lower case, which Xapian's snippet tokenizer matches by itself.
        if !original.utf8.allSatisfy({ $0 < 0x80 }) {
            let folded = FoldedText(original)
            let raw = try cut(folded.text, matches, index, options.length, language: language)
            if let restored = folded.restore(unescapeHTML(raw)) {
                // Adjacent matches are one marked run: CJK n-grams come marked one character each.
                return render(restored.replacingOccurrences(of: endMark + startMark, with: ""), options, escaped: false)
            }
        }
        // ASCII, or not a run of the folded text (never seen): cut the original text as it is.
        let plain = try cut(original, matches, index, options.length, language: language)
        return render(plain, options)
    }

    /// Xapian's snippet of `text`. Xapian keeps words whole, and given fewer bytes than the
    /// matched word it answered with no match at all ("", or the text's last bytes, `…/42`):
    /// then it is asked again with room for the longest word, so the snippet holds the match.
    /// Where even that holds none (a Hindi word after a longer one gave ""), the whole text is
    /// cut and its first marked run kept (``firstMarkedRun(_:)``); where Xapian marks nothing at
    /// all (it skips words over 64 bytes: a long run of Thai), the first word of the text that
    /// is a matching term is marked (``markedWord(_:terms:)``).
    private static func cut(_ text: String, _ matches: XapianMatchSet, _ index: Int, _ length: Int,
                            language: String) throws -> String {
        let snippet = try matches.snippet(text, length: length, start: startMark, end: endMark, language: language)
        guard !snippet.contains(startMark) else { return snippet }
        let longestWord = text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(\.utf8.count).max() ?? 0
        guard length < longestWord else { return snippet }
        let roomier = try matches.snippet(text, length: longestWord, start: startMark, end: endMark, language: language)
        if roomier.contains(startMark) { return roomier }
        let whole = try matches.snippet(text, length: text.utf8.count, start: startMark, end: endMark, language: language)
        return try firstMarkedRun(whole) ?? markedWord(text, terms: matches.matchingTerms(index)) ?? snippet
    }

    /// The first word of `text` that folds to one of the unprefixed `terms` a hit matched (a
    /// stem `Z…` as the word's beginning), marked, with `…` where text was left out; nil when
    /// none does.
    ///
    /// ```swift
    /// SnippetText.markedWord("ภาษาไทยง่าย ครับ", terms: ["ภาษาไทยง่าย"])   // "\u{1}ภาษาไทยง่าย\u{2}…"
    /// ```
    static func markedWord(_ text: String, terms: [String]) -> String? {
        let words = Set(terms.filter { QueryCompiler.unprefixedWord($0) != nil })
        let stems = terms.compactMap(QueryCompiler.unprefixedStem)
        let found = text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).first { word in
            let folded = TextNormalizer.fold(String(word))
            return words.contains(folded) || stems.contains { folded.hasPrefix($0) }
        }
        guard let found else { return nil }
        let before = found.startIndex == text.startIndex ? "" : "…"
        let after = found.endIndex == text.endIndex ? "" : "…"
        return before + startMark + String(found) + endMark + after
    }

    /// The first marked run of a snippet with `…` where text was left out on either side; nil
    /// when nothing is marked.
    ///
    /// ```swift
    /// SnippetText.firstMarkedRun("a \u{1}b\u{2} c")   // "…\u{1}b\u{2}…"
    /// ```
    static func firstMarkedRun(_ snippet: String) -> String? {
        guard let start = snippet.range(of: startMark),
              let end = snippet.range(of: endMark, range: start.upperBound..<snippet.endIndex) else { return nil }
        let before = start.lowerBound == snippet.startIndex ? "" : "…"
        let after = end.upperBound == snippet.endIndex ? "" : "…"
        return before + String(snippet[start.lowerBound..<end.upperBound]) + after
    }

    /// The text a snippet is cut from: title, subtitle, synonyms, keywords and the string
    /// properties (by name), one per line, each control character (general category Cc, the
    /// markers among them) a space. Format characters (Cf: the zero width joiner of an emoji
    /// sequence, Persian's non-joiner, a right-to-left mark) are kept, as the reader sees them.
    static func source(_ record: Record) -> String {
        let properties = record.properties.sorted { $0.key < $1.key }.flatMap(\.value.searchableText)
        let parts = [record.title] + [record.subtitle].compactMap { $0 } + record.synonyms + record.keywords + properties
        return parts.map { part in
            String(String.UnicodeScalarView(part.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
        }.joined(separator: "\n")
    }

    /// Xapian's escaped snippet with placeholders -> plain or HTML text with the real markers.
    static func render(_ raw: String, _ options: SnippetOptions, escaped: Bool = true) -> String {
        var text = (escaped ? unescapeHTML(raw) : raw).replacingOccurrences(of: "\n", with: " ")
        if options.html { text = escapeHTML(text) }
        return text.replacingOccurrences(of: startMark, with: options.start)
            .replacingOccurrences(of: endMark, with: options.end)
    }

    static func escapeHTML(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    static func unescapeHTML(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
