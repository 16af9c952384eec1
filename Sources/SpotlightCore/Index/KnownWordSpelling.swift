import Foundation

/// Xapian's spelling correction with the words the index holds put back as typed. libxapian
/// 1.4 suggests the dictionary's most frequent word within two edits even for a word that is
/// in the dictionary itself: with `mois` in six records and `moon` in five, `moon xyzq` came
/// back as `mois xyzq`. docs/query.md promises that only unknown words are replaced. A
/// wildcard is put back too: `ra*` is a prefix, not a misspelt word (libxapian offered `ray*`
/// for a wildcard that had matches).
///
/// ```swift
/// try KnownWordSpelling.restored("mois landing", typed: "moon landng", in: db)   // "moon landing"
/// try KnownWordSpelling.restored("mois", typed: "moon", in: db)                 // nil: nothing left to correct
/// ```
enum KnownWordSpelling {
    /// `corrected` (Xapian's text for `typed`) with each replaced word that the index holds
    /// as a term, or that is typed as a wildcard (`ra*`), put back; nil when no replacement is
    /// left. Xapian replaces words in place, so the words of the two texts pair up in order;
    /// when they do not, `corrected` is kept.
    static func restored(_ corrected: String?, typed: String, in database: XapianDatabase) throws -> String? {
        guard let corrected else { return nil }
        let typedWords = words(in: typed), correctedWords = words(in: corrected)
        guard typedWords.count == correctedWords.count else { return corrected }
        var output = corrected.unicodeScalars
        var changed = false
        // From the end, so each range is still where it was.
        for (was, now) in zip(typedWords, correctedWords).reversed() where was.text != now.text {
            if Self.isWildcard(was.range, in: typed), now.range.upperBound < output.endIndex,
               output[now.range.upperBound] == "*" {
                output.replaceSubrange(now.range, with: was.text.unicodeScalars)
            } else if try database.termFrequency(was.text) > 0 {
                output.replaceSubrange(now.range, with: was.text.unicodeScalars)
            } else {
                changed = true
            }
        }
        return changed ? String(output) : nil
    }

    /// Whether the word at `range` of `text` is followed by `*`.
    private static func isWildcard(_ range: Range<String.UnicodeScalarView.Index>, in text: String) -> Bool {
        range.upperBound < text.unicodeScalars.endIndex && text.unicodeScalars[range.upperBound] == "*"
    }

    /// The runs of letters and digits of `text`, with where each is.
    private static func words(in text: String) -> [(text: String, range: Range<String.UnicodeScalarView.Index>)] {
        let scalars = text.unicodeScalars
        var found: [(String, Range<String.UnicodeScalarView.Index>)] = []
        let isLetterOrDigit = { (at: String.UnicodeScalarView.Index) in CharacterSet.alphanumerics.contains(scalars[at]) }
        var index = scalars.startIndex
        while index < scalars.endIndex {
            guard isLetterOrDigit(index) else { index = scalars.index(after: index); continue }
            let start = index
            while index < scalars.endIndex, isLetterOrDigit(index) { index = scalars.index(after: index) }
            found.append((String(scalars[start..<index]), start..<index))
        }
        return found
    }
}
