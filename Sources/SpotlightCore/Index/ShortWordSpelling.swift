import Foundation

/// Corrects the short words Xapian's spelling suggestion misses: its n-gram lookup rarely
/// reaches a neighbour of a three- or four-letter word (`rya` → `ray`). For each unknown word
/// of ``minLength``...``maxLength`` lower-case letters, every word one edit away (a deletion,
/// an insertion, a substitution or one swap of adjacent letters) is looked up in the index's
/// spelling dictionary and the most frequent one wins (ties: the first in alphabetical order).
///
/// ```swift
/// try ShortWordSpelling(database: db).correct("cosmic rya")   // "cosmic ray"
/// try ShortWordSpelling(database: db).correct("cosmic ray")   // nil: nothing to correct
/// ```
struct ShortWordSpelling {
    static let minLength = 3
    static let maxLength = 4
    /// The letters tried for insertions and substitutions.
    static let alphabet = Array("abcdefghijklmnopqrstuvwxyz".unicodeScalars)

    let database: XapianDatabase

    /// Folded query text with each unknown short word replaced by its correction; nil when no
    /// word changed. Operator words (upper case), field names (`name:`), words right after a
    /// field, wildcards (`ra*`) and words with digits or other letters are left as typed.
    func correct(_ text: String) throws -> String? {
        let scalars = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        var changed = false
        var index = 0
        while index < scalars.count {
            guard Self.isWordScalar(scalars[index]) else {
                output.append(scalars[index])
                index += 1
                continue
            }
            var end = index
            while end < scalars.count, Self.isWordScalar(scalars[end]) { end += 1 }
            let word = String(String.UnicodeScalarView(scalars[index..<end]))
            let before = index > 0 ? scalars[index - 1] : " "
            let after = end < scalars.count ? scalars[end] : " "
            var replacement = word
            let joined = index >= 2 && Self.isWordJoiner(before) && Self.isWordScalar(scalars[index - 2])
            if !":*".unicodeScalars.contains(after), before != ":", !joined,
               let better = try correction(of: word) {
                replacement = better
                changed = true
            }
            output.append(contentsOf: replacement.unicodeScalars)
            index = end
        }
        return changed ? String(output) : nil
    }

    /// The most frequent known word one edit from `word`, or nil when `word` is not short, is
    /// known already, or has no known neighbour.
    func correction(of word: String) throws -> String? {
        let letters = Array(word.unicodeScalars)
        guard (Self.minLength...Self.maxLength).contains(letters.count),
              letters.allSatisfy({ Self.alphabet.contains($0) }),
              try database.termFrequency(word) == 0 else { return nil }
        var best: (word: String, frequency: UInt64)?
        for candidate in Self.neighbours(of: letters).sorted() {
            let frequency = try database.termFrequency(candidate)
            if frequency > (best?.frequency ?? 0) { best = (candidate, frequency) }
        }
        return best?.word
    }

    /// Every distinct word one deletion, insertion, substitution or adjacent swap from `letters`.
    static func neighbours(of letters: [Unicode.Scalar]) -> Set<String> {
        var words = Set<String>()
        func add(_ scalars: [Unicode.Scalar]) { words.insert(String(String.UnicodeScalarView(scalars))) }
        for position in 0...letters.count {
            for letter in alphabet {
                var inserted = letters
                inserted.insert(letter, at: position)
                add(inserted)
            }
            guard position < letters.count else { continue }
            var deleted = letters
            deleted.remove(at: position)
            add(deleted)
            for letter in alphabet where letter != letters[position] {
                var substituted = letters
                substituted[position] = letter
                add(substituted)
            }
            if position + 1 < letters.count, letters[position] != letters[position + 1] {
                var swapped = letters
                swapped.swapAt(position, position + 1)
                add(swapped)
            }
        }
        words.remove(String(String.UnicodeScalarView(letters)))
        return words
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        CharacterSet.alphanumerics.contains(scalar) && !("A"..."Z").contains(scalar)
    }

    /// Characters that glue a word to the one before it (`e-mail`, `a.b`, `x_y`): such a word
    /// is part of a longer token, not a word typed on its own.
    private static func isWordJoiner(_ scalar: Unicode.Scalar) -> Bool {
        "-._'@/".unicodeScalars.contains(scalar)
    }
}
