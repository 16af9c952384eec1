import Foundation
@testable import SpotlightCore
import SpotlightModel

/// An independent, deliberately plain reference for the oracle test: it tokenizes records the
/// way docs/schema.md says the index does (the same folding, then Xapian's word rules: letters,
/// digits and `_`; an apostrophe between letters, `.`/`,` between digits and up to three
/// trailing `+`/`#` stay in the word) and answers exact-word, phrase, prefix, AND and NOT
/// queries by scanning every record. It shares no code with the index but the folding.
struct OracleReference {
    /// Per record id: its fields in index order, each a list of words.
    let fields: [String: [[String]]]
    /// Per word: the ids holding it.
    let postings: [String: Set<String>]

    init(_ records: [Record]) {
        var fields: [String: [[String]]] = [:]
        var postings: [String: Set<String>] = [:]
        for record in records {
            let texts = [record.title] + record.synonyms + [record.subtitle].compactMap { $0 } + record.keywords
                + record.properties.sorted { $0.key < $1.key }.flatMap(\.value.searchableText)
            let words = texts.map { Self.words(TextNormalizer.fold($0)) }
            fields[record.id] = words
            for word in words.joined() { postings[word, default: []].insert(record.id) }
        }
        self.fields = fields
        self.postings = postings
    }

    var all: Set<String> { Set(fields.keys) }

    func word(_ w: String) -> Set<String> { postings[w] ?? [] }

    /// Records with the words next to each other, in order, within one field.
    func phrase(_ ws: [String]) -> Set<String> {
        let candidates = ws.map(word).reduce(all) { $0.intersection($1) }
        return candidates.filter { id in
            fields[id]!.contains { field in
                field.count >= ws.count && (0...(field.count - ws.count)).contains { Array(field[$0..<$0 + ws.count]) == ws }
            }
        }
    }

    /// The distinct words starting with `prefix`.
    func expansions(_ prefix: String) -> [String] { postings.keys.filter { $0.hasPrefix(prefix) } }

    func prefix(_ p: String) -> Set<String> { expansions(p).map(word).reduce([]) { $0.union($1) } }

    static func isWordCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }

    /// Splits folded text into words by the rules above.
    static func words(_ text: String) -> [String] {
        let chars = Array(text.replacingOccurrences(of: "\u{2019}", with: "'"))
        var words: [String] = []
        var current = ""
        var i = 0
        func flush() {
            if !current.isEmpty { words.append(current) }
            current = ""
        }
        while i < chars.count {
            let c = chars[i]
            if isWordCharacter(c) {
                current.append(c)
            } else if !current.isEmpty, i + 1 < chars.count, isWordCharacter(chars[i + 1]),
                      (c == "'" && current.last!.isLetter && chars[i + 1].isLetter)
                        || ((c == "." || c == ",") && current.last!.isNumber && chars[i + 1].isNumber) {
                current.append(c)
            } else if !current.isEmpty, c == "+" || c == "#" {
                var j = i
                while j < chars.count, j - i < 3, chars[j] == "+" || chars[j] == "#" { j += 1 }
                if j == chars.count || !isWordCharacter(chars[j]) {
                    current += String(chars[i..<j])
                    i = j
                    flush()
                    continue
                }
                flush()
            } else {
                flush()
            }
            i += 1
        }
        flush()
        return words
    }
}
