import Foundation
import SpotlightModel

extension SearchRun {
    /// Xapian's folded correction of `typed` as a person would write it (``ReadableSpelling``),
    /// its new words as the records holding them write them.
    ///
    /// ```swift
    /// try run.readableCorrection("οδυσσευσ", typed: "Οδυσευς")   // "Οδυσσευς" for a record's ΟΔΥΣΣΕΥΣ
    /// ```
    func readableCorrection(_ corrected: String, typed: String) throws -> String {
        try ReadableSpelling(original: writtenForm(of:)).readable(corrected, typed: TextNormalizer.trimmed(typed))
    }

    /// A completion (a folded word of the index) as a record holding it writes it, in the case
    /// the partial last word of `typed` was typed in.
    ///
    /// ```swift
    /// try run.readableCompletion("strasse", typed: "Stra")   // "Straße" for a record's Straße
    /// ```
    func readableCompletion(_ word: String, typed: String) throws -> String {
        let partial = ReadableSpelling.runs(typed).last(where: \.isWord)?.text
        return ReadableSpelling.inCase(of: partial, try writtenForm(of: word) ?? word)
    }

    /// How the best record holding the folded word `word` writes it (`Genève` for `geneve`);
    /// nil when no record holds it as a word or its record cannot be read.
    func writtenForm(of word: String) throws -> String? {
        guard try database.termFrequency(word) > 0 else { return nil }
        let enquire = try XapianEnquire(database: database, query: try XapianQuery.term(word))
        let matches = try enquire.matches(offset: 0, limit: 1)
        guard let found = try? pageRecords(matches).first, let record = found else { return nil }
        return SnippetText.source(record).split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            .first { TextNormalizer.fold(String($0)) == word }.map(String.init)
    }
}
