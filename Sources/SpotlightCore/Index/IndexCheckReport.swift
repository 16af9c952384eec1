/// What Xapian's consistency check of an index found, read from its report: the problems,
/// the first table that has one, and the revision the check read.
///
/// The report of a glass database has one section per table: its name (`spelling:`), a
/// statistics line (`blocksize=8K items=26381 firstunused=143 revision=78 levels=1 root=92`),
/// then `B-tree checked okay` and `spelling table structure checked OK`, or the problems
/// found; damage that stops the check ends the report with `error: …` (see CXapian).
///
/// ```swift
/// let report = IndexCheckReport(parsing: text, errorCount: 1)
/// report.table      // "spelling"
/// report.revision   // 78
/// ```
struct IndexCheckReport: Hashable, Sendable {
    /// One line per problem, each naming its table (`spelling table: error: …`); empty when sound.
    var problems: [String]
    /// The first table with a problem; nil when sound or when no table was being checked.
    var table: String?
    /// The database revision the check read; nil when the report does not say.
    var revision: UInt64?

    static let sound = IndexCheckReport(problems: [], table: nil, revision: nil)

    init(problems: [String], table: String?, revision: UInt64?) {
        self.problems = problems
        self.table = table
        self.revision = revision
    }

    /// Reads a check report; `errorCount` is the count the check returned.
    init(parsing text: String, errorCount: UInt64) {
        var problems: [String] = []
        var current: String?
        var damaged: String?
        var revision: UInt64?
        for raw in text.split(separator: "\n") {
            let line = raw.trimmingWhitespace()
            if line.isEmpty || Self.isBenign(line) { continue }
            if let name = Self.tableHeader(line) {
                current = name
            } else if line.hasPrefix("blocksize=") {
                revision = revision ?? Self.revision(in: line)
            } else if let range = line.range(of: " table errors found: ") {
                // Sums up the problem lines before it.
                if line[range.upperBound...] != "0" { damaged = damaged ?? current }
            } else {
                damaged = damaged ?? current
                problems.append(current.map { "\($0) table: \(line)" } ?? String(line))
            }
        }
        // Xapian's count decides; the lines only say where and what.
        if errorCount == 0 { problems = [] }
        if errorCount > 0 && problems.isEmpty {
            problems = ["Xapian's check counted \(errorCount) errors"
                + (damaged.map { " in the \($0) table" } ?? "") + " without describing them"]
        }
        self.init(problems: problems, table: problems.isEmpty ? nil : damaged, revision: revision)
    }

    /// The damage in one phrase for logs and status: `spelling table at revision 78`.
    var location: String? {
        switch (table, revision) {
        case let (table?, revision?): return "\(table) table at revision \(revision)"
        case let (table?, nil): return "\(table) table"
        case let (nil, revision?): return "revision \(revision)"
        case (nil, nil): return nil
        }
    }

    private static func tableHeader(_ line: Substring) -> String? {
        guard line.hasSuffix(":"), line.count > 1 else { return nil }
        let name = line.dropLast()
        guard name.allSatisfy({ ("a"..."z").contains($0) }) else { return nil }
        return String(name)
    }

    private static func revision(in line: Substring) -> UInt64? {
        guard let range = line.range(of: "revision=") else { return nil }
        return UInt64(line[range.upperBound...].prefix { ("0"..."9").contains($0) })
    }

    private static func isBenign(_ line: Substring) -> Bool {
        line.hasSuffix("checked okay") || line.hasSuffix("structure checked OK")
            || line.hasSuffix("Full structure check not implemented, checking readability")
            || line == "Lazily created, and not yet used." || line == "Not present."
            || line == "Continuing check anyway"
    }
}

private extension Substring {
    func trimmingWhitespace() -> Substring {
        var s = self
        while let first = s.first, first == " " || first == "\t" || first == "\r" { s = s.dropFirst() }
        while let last = s.last, last == " " || last == "\t" || last == "\r" { s = s.dropLast() }
        return s
    }
}
