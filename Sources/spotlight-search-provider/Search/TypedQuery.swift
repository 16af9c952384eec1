import Foundation

/// What was typed in the desktop's search box as a spotlightd query text.
///
/// The terms are read in the query language ([query.md](../../docs/query.md)), with one
/// difference: a search box answers what was typed, so a query that would only exclude
/// (`-foo`, `NOT foo`) is searched as its words. The query language reads `-foo` alone as
/// "everything without foo", which nobody typing in a search box means: they answered the best
/// 20 records of the index. With a word to find beside it, an exclusion keeps its meaning, as in
/// a web search (`party -supernova`).
///
/// ```swift
/// TypedQuery.text(["-foo"])                // "foo"
/// TypedQuery.text(["party", "-supernova"]) // "party -supernova"
/// ```
enum TypedQuery {
    /// The query language's operators, which are not words to find (upper case only).
    private static let operators: Set<String> = ["AND", "OR", "NOT", "XOR", "NEAR", "ADJ"]

    /// - Parameter terms: the words as the desktop split them (GNOME Shell's terms, KRunner's
    ///   query split at white space).
    /// - Returns: the query text; empty when nothing searchable was typed (`-` alone).
    static func text(_ terms: [String]) -> String {
        let words = terms.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        guard !hasWordToFind(words) else { return words.joined(separator: " ") }
        return words.filter { !isOperator($0) }
            .map { word in String(word.drop { $0 == "-" }) }
            .filter { !$0.isEmpty }
            .joined(separator: " ")
    }

    /// Whether some term is a word (or field, phrase, range) the query looks for, not one it
    /// excludes: neither an operator, nor `-word`, nor the word after `NOT`.
    private static func hasWordToFind(_ words: [String]) -> Bool {
        var afterNot = false
        for word in words {
            defer { afterNot = word == "NOT" }
            if isOperator(word) || afterNot || word.hasPrefix("-") { continue }
            if word.unicodeScalars.contains(where: { $0.properties.isAlphabetic || $0.properties.numericType != nil }) {
                return true
            }
        }
        return false
    }

    private static func isOperator(_ word: String) -> Bool {
        let name = word.split(separator: "/", maxSplits: 1).first.map(String.init) ?? word
        return operators.contains(name) && (name == word || ["NEAR", "ADJ"].contains(name))
    }
}
