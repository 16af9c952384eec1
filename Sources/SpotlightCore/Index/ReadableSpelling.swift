import Foundation

/// A spelling correction as a person would write it. Xapian corrects folded text (`Café`
/// typed is `cafe` there, `ΟΔΥΣΣΕΥΣ` indexed is `οδυσσευσ`), so its correction read like
/// the index's folded words. Here each whitespace-separated piece left as it was is given back
/// as typed, and each word put in is written as a record holding it writes it (``original``),
/// in the case the replaced word was typed in, with a Greek σ at a word's end as ς.
///
/// ```swift
/// let spelling = ReadableSpelling { folded in folded == "geneve" ? "Genève" : nil }
/// try spelling.readable("cafe geneve", typed: "Café Genve")   // "Café Genève"
/// try spelling.readable("οδυσσευσ", typed: "οδυσευς")          // "οδυσσευς"
/// ```
struct ReadableSpelling {
    /// A folded word -> how a record holding it writes it; nil when none is found.
    let original: (String) throws -> String?

    /// `corrected`, folded text, made readable against `typed`, the query text as typed.
    func readable(_ corrected: String, typed: String) throws -> String {
        let typedPieces = typed.split(whereSeparator: \.isWhitespace).map(String.init)
        let foldedPieces = typedPieces.map { TextNormalizer.foldQuery($0) }
        let pieces = Self.pieces(corrected)
        let aligned = pieces.filter { !$0.isSpace }.count == typedPieces.count
        var output = ""
        var index = 0
        for piece in pieces {
            guard !piece.isSpace else { output += piece.text; continue }
            defer { index += 1 }
            if aligned, foldedPieces[index] == piece.text {
                output += typedPieces[index]
            } else if !aligned, foldedPieces.contains(piece.text) {
                output += piece.text
            } else {
                output += try readablePiece(piece.text, typed: aligned ? foldedWords(typedPieces[index]) : [])
            }
        }
        return output
    }

    /// A corrected piece with each word that is not a word typed at its place written readably.
    private func readablePiece(_ piece: String, typed: [(folded: String, text: String)]) throws -> String {
        let runs = Self.runs(piece)
        let words = runs.filter(\.isWord)
        let pairs = words.count == typed.count
        var output = ""
        var index = 0
        for run in runs {
            guard run.isWord else { output += run.text; continue }
            defer { index += 1 }
            let typedWord = pairs ? typed[index] : nil
            if let typedWord, typedWord.folded == run.text {
                output += typedWord.text
            } else {
                output += Self.inCase(of: typedWord?.text, try original(run.text) ?? run.text)
            }
        }
        return output
    }

    /// The words of a piece as typed, each with its fold.
    private func foldedWords(_ piece: String) -> [(folded: String, text: String)] {
        Self.runs(piece).filter(\.isWord).map { (TextNormalizer.fold($0.text), $0.text) }
    }

    /// `form` in the case of `typed`: all capitals, a capital first, else lower case.
    static func inCase(of typed: String?, _ form: String) -> String {
        let lower = lowercased(form)
        guard let typed, typed.contains(where: \.isUppercase) else { return lower }
        if !typed.contains(where: \.isLowercase), typed.count > 1 { return form.uppercased() }
        guard let first = lower.first, typed.first?.isUppercase == true else { return lower }
        return first.uppercased() + lower.dropFirst()
    }

    /// `word` in lower case as its language writes it: Turkish `İ` is `i`, and a Greek sigma at
    /// the end of the word is final (`ς`).
    static func lowercased(_ word: String) -> String {
        var scalars = Array(word.map { $0 == "İ" ? "i" : $0.lowercased() }.joined().unicodeScalars)
        for (index, scalar) in scalars.enumerated() where scalar == "σ" && index > 0 {
            let atEnd = index + 1 == scalars.count || !scalars[index + 1].properties.isAlphabetic
            if atEnd && scalars[index - 1].properties.isAlphabetic { scalars[index] = "ς" }
        }
        return String(String.UnicodeScalarView(scalars))
    }

    /// Runs of letters and digits (words) and of anything else.
    static func runs(_ text: String) -> [(text: String, isWord: Bool)] {
        var runs: [(text: String, isWord: Bool)] = []
        for character in text {
            let isWord = character.isLetter || character.isNumber
            if let last = runs.last, last.isWord == isWord {
                runs[runs.count - 1].text.append(character)
            } else {
                runs.append((String(character), isWord))
            }
        }
        return runs
    }

    /// Runs of whitespace and of anything else.
    private static func pieces(_ text: String) -> [(text: String, isSpace: Bool)] {
        var pieces: [(text: String, isSpace: Bool)] = []
        for character in text {
            if let last = pieces.last, last.isSpace == character.isWhitespace {
                pieces[pieces.count - 1].text.append(character)
            } else {
                pieces.append((String(character), character.isWhitespace))
            }
        }
        return pieces
    }
}
