import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

/// The oracle: the Debian package sample indexed for real, and 240 fixed queries (words,
/// pairs, phrases, prefixes, NOT) whose matching identifiers must equal what
/// ``OracleReference`` computes from the same records. Words are quoted so they match
/// exactly (the reference has no stemmer); the prefix queries are the partial last word as
/// typed. Differences are listed by query.
@Suite(.serialized) struct OracleTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../corpus/packages-sample.jsonl").standardized

    static func records() throws -> [Record] {
        try String(contentsOf: corpus, encoding: .utf8).split(separator: "\n").map {
            try JSONDecoder().decode(Record.self, from: Data($0.utf8))
        }
    }

    /// The query and the identifiers the reference says it matches.
    struct Case { var text: String; var expected: Set<String> }

    /// Deterministic cases: words picked at fixed strides through the corpus's plain words
    /// (letters only, 4+ long, in 2+ records) sorted by frequency then spelling.
    static func cases(_ ref: OracleReference) -> [Case] {
        let words = ref.postings.filter { $0.key.count >= 4 && $0.key.allSatisfy { ("a"..."z").contains($0) } && $0.value.count >= 2 }
            .sorted { ($0.value.count, $0.key) > ($1.value.count, $1.key) }.map(\.key)
        func pick(_ n: Int, offset: Int) -> [String] {
            (0..<n).map { words[(offset + $0 * (words.count / n)) % words.count] }
        }
        var cases: [Case] = []
        for w in pick(80, offset: 0) { cases.append(Case(text: "\"\(w)\"", expected: ref.word(w))) }
        let left = pick(50, offset: 1), right = pick(50, offset: 7).reversed()
        for (a, b) in zip(left, right) {
            cases.append(Case(text: "\"\(a)\" \"\(b)\"", expected: ref.word(a).intersection(ref.word(b))))
        }
        for (a, b) in zip(pick(30, offset: 3), pick(30, offset: 2)) {
            cases.append(Case(text: "\"\(a)\" NOT \"\(b)\"", expected: ref.word(a).subtracting(ref.word(b))))
        }
        // Phrases: two adjacent plain words from every 75th record's subtitle.
        let ids = ref.fields.keys.sorted()
        for id in stride(from: 0, to: ids.count, by: 75).map({ ids[$0] }) {
            let field = ref.fields[id]!.dropFirst().first { $0.count >= 2 } ?? []
            guard field.count >= 2, field[0].allSatisfy(\.isLetter), field[1].allSatisfy(\.isLetter) else { continue }
            cases.append(Case(text: "\"\(field[0]) \(field[1])\"", expected: ref.phrase([field[0], field[1]])))
        }
        // Prefixes: the first 4 or 5 letters of a word, when they expand to at most 64 words
        // (the index's bound). The partial word also matches its own stem ("games" finds
        // "game"), which the reference cannot compute, so prefixes ending in a letter English
        // stemming strips or changes (s, e, y, i, d, g) are left out.
        for (n, w) in pick(70, offset: 5).enumerated() {
            let p = String(w.prefix(4 + n % 2))
            guard !"seyidg".contains(p.last!), ref.expansions(p).count <= 64 else { continue }
            cases.append(Case(text: p, expected: ref.prefix(p)))
        }
        return cases
    }

    @Test func indexAgreesWithTheReferenceOnEveryQuery() throws {
        let records = try Self.records()
        let t = try TempIndex()
        try t.index.replace(records)
        try t.index.commit(lastAppliedSequence: 1)
        let cases = Self.cases(OracleReference(records))
        #expect(cases.count >= 200)
        var differences: [String] = []
        for c in cases {
            let found = Set(try t.ids(c.text, limit: 10_000))
            if found != c.expected {
                differences.append("\(c.text): missing \(c.expected.subtracting(found).sorted().prefix(5)), "
                    + "extra \(found.subtracting(c.expected).sorted().prefix(5))")
            }
        }
        #expect(differences.isEmpty, "\(differences.count) of \(cases.count) queries differ:\n\(differences.joined(separator: "\n"))")
    }
}
