import Foundation
import SpotlightModel

/// The per-bundle synonym tables (table `synonyms`, see StoreSchema.swift).
extension RecordStore {
    /// A bundle's synonym table as stored: term -> synonyms (empty when it has none).
    ///
    /// ```swift
    /// let table = try store.synonyms(bundle: "com.example.CometCal")   // ["tv": ["television"]]
    /// ```
    public func synonyms(bundle: String) throws -> [String: [String]] {
        try allSynonyms(bundle: bundle)[bundle] ?? [:]
    }

    /// Every bundle's synonym table (or one bundle's): bundle -> term -> synonyms.
    ///
    /// ```swift
    /// for (bundle, table) in try store.allSynonyms() { print(bundle, table.count) }
    /// ```
    public func allSynonyms(bundle: String? = nil) throws -> [String: [String: [String]]] {
        var tables: [String: [String: [String]]] = [:]
        try connection.run("SELECT bundle, term, synonyms FROM synonyms WHERE ?1 IS NULL OR bundle = ?1",
                           [bundle.map(SQLValue.utf8) ?? .null]) { row in
            let (bundle, term) = (row.string(0), row.string(1))
            do {
                tables[bundle, default: [:]][term] = try StoredJSON.decode([String].self, from: row.data(2))
            } catch {
                throw SpotlightError(.corrupt, "the synonyms of \"\(term)\" in \(bundle) in \(path) do not decode; "
                    + "set that bundle's synonyms again", underlying: "\(error)")
            }
        }
        return tables
    }

    /// Merges `changes` (normalised terms -> synonyms; an empty list removes the term) into the
    /// bundle's table, or with `replace` makes them the whole table; durable when it returns.
    ///
    /// ```swift
    /// try store.setSynonyms(bundle: "b", ["tv": ["television"], "nyc": []], replace: false)
    /// ```
    /// - Returns: how many terms the bundle's table holds afterwards.
    /// - Throws: `.invalidInput` when the table would hold more than ``SynonymTable/maxTerms``
    ///   terms (nothing changes), or a storage error.
    @discardableResult
    public func setSynonyms(bundle: String, _ changes: [String: [String]], replace: Bool) throws -> Int {
        guard !bundle.isEmpty else {
            throw SpotlightError(.invalidInput, "synonyms need a bundle; name the bundle they belong to")
        }
        return try transaction {
            if replace { try connection.run("DELETE FROM synonyms WHERE bundle = ?", [.utf8(bundle)]) }
            for (term, synonyms) in changes.sorted(by: { $0.key < $1.key }) {
                if synonyms.isEmpty {
                    try connection.run("DELETE FROM synonyms WHERE bundle = ? AND term = ?", [.utf8(bundle), .utf8(term)])
                } else {
                    try connection.run("INSERT OR REPLACE INTO synonyms(bundle, term, synonyms) VALUES (?, ?, ?)",
                                       [.utf8(bundle), .utf8(term), .blob(try StoredJSON.encode(synonyms))])
                }
            }
            var terms = 0
            try connection.run("SELECT count(*) FROM synonyms WHERE bundle = ?", [.utf8(bundle)]) { terms = Int($0.int64(0)) }
            guard terms <= SynonymTable.maxTerms else {
                throw SpotlightError(.invalidInput, "the synonym table of \(bundle) would hold \(terms) terms; the limit "
                    + "is \(SynonymTable.maxTerms), remove some (an empty list removes a term) or replace the table")
            }
            return terms
        }
    }
}
