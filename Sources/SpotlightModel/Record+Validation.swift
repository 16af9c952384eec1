import Foundation

extension Record {
    /// Checks what every stored record must have: a non-empty bundle, type and id, a
    /// `rankingHint` in 0...100 and a `language` shaped like a BCP 47 tag. The daemon refuses
    /// a donation holding a record that fails it; `spotlightctl import` skips such a line.
    ///
    /// ```swift
    /// try Record(bundle: "b", type: "T", id: "", title: "Groceries").validate()   // invalidInput: "… has an empty id; …"
    /// ```
    /// - Throws: `SpotlightError(.invalidInput)` naming the record and what to change.
    public func validate() throws {
        for (name, value) in [("bundle", bundle), ("type", type), ("id", id)] where value.isEmpty {
            throw SpotlightError(.invalidInput, "record \(key.brief) has an empty \(name); "
                + "give every record a bundle, a type and an id")
        }
        try validateValues()
    }

    /// ``validate()`` less its check of the key: what a client checks before donating a record
    /// whose bundle spotlightd fills in from the connection (SpotlightKit's items). Finds what
    /// the record's JSON could not carry (a NaN or infinite number, a date outside the years
    /// 0001-9999) and what spotlightd refuses (a ranking hint outside 0...100, a malformed
    /// language), naming the record and the property.
    ///
    /// ```swift
    /// var record = Record(bundle: "", type: "Note", id: "n1", title: "Draft")
    /// record.properties["rating"] = .double(.nan)
    /// try record.validateValues()   // invalidInput: "record /Note/n1 has rating nan; numbers must be finite: …"
    /// ```
    /// - Throws: `SpotlightError(.invalidInput)` naming the record and what to change.
    public func validateValues() throws {
        if let hint = rankingHint, !(0...100).contains(hint) {
            throw SpotlightError(.invalidInput, "record \(key.brief) has rankingHint \(hint); use a value in 0...100")
        }
        if let language, !LanguageTag.isWellFormed(language) {
            throw SpotlightError(.invalidInput, "record \(key.brief) has language \"\(language)\", not a BCP 47 tag; "
                + "use one such as en, de or fr-CA, or leave it out")
        }
        // ISO 8601 as records are written holds the years 0001-9999: a date past them would
        // be refused where the record is read (spotlightd, an export read back).
        func writable(_ date: Date) -> Bool { ISO8601.canWrite(date) }
        var outside = expiration.flatMap { writable($0) ? nil : ("expiration", $0) }
        for (name, value) in properties where outside == nil || name < outside!.0 {
            if let date = value.dates.first(where: { !writable($0) }) { outside = (name, date) }
        }
        // The first such property by name, as for dates: no sort of every record's properties.
        var notFinite: (String, Double)?
        for (name, value) in properties where notFinite == nil || name < notFinite!.0 {
            if let number = value.doubles.first(where: { !$0.isFinite }) { notFinite = (name, number) }
        }
        if let (name, number) = notFinite {
            throw SpotlightError(.invalidInput, "record \(key.brief) has \(name) \(number); "
                + "numbers must be finite: leave the property out, or give a number")
        }
        if let (name, date) = outside {
            throw SpotlightError(.invalidInput, "record \(key.brief) has \(name) \(ISO8601.describe(date)), outside the years 0001-9999 "
                + "that ISO 8601 dates are written in; keep dates within them")
        }
    }
}

/// The shape of a BCP 47 language tag, as records, queries and `spotlightd --language` take it.
///
/// ```swift
/// LanguageTag.isWellFormed("fr-CA")       // true
/// LanguageTag.isWellFormed("not a tag")   // false
/// ```
public enum LanguageTag {
    /// Whether `tag` is shaped like a BCP 47 tag: subtags of 1...8 ASCII letters and digits
    /// joined by `-`, the first of 2...8 letters, at most 64 bytes.
    public static func isWellFormed(_ tag: String) -> Bool {
        guard tag.utf8.count <= 64 else { return false }
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = subtags.first, (2...8).contains(first.count),
              first.unicodeScalars.allSatisfy({ $0.isASCII && CharacterSet.letters.contains($0) }) else { return false }
        return subtags.allSatisfy { subtag in
            (1...8).contains(subtag.count)
                && subtag.unicodeScalars.allSatisfy { $0.isASCII && CharacterSet.alphanumerics.contains($0) }
        }
    }
}
