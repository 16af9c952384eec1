import Foundation
import SpotlightModel

/// The command line of the engine contract (see the top of tools/bench) plus `--mode`.
struct BenchArguments {
    enum Mode: String { case embedded, daemon }

    var corpus = ""
    var queries = ""
    var dbDirectory = ""
    var mode = Mode.embedded
    /// Timed passes over the query set (BENCH_REPEAT, default 5).
    var passes = 5
    /// BENCH_VERBOSE: print "engine<TAB>hits<TAB>query" per query to stderr.
    var verbose = false
    /// BENCH_QUERIES_ONLY: time the query set on the data directory a previous run left in
    /// --db-dir, without importing (and, in daemon mode, without the donation runs).
    var queriesOnly = false
    /// BENCH_ACKS_ONLY: only the donation runs (daemon mode), on the data directory a previous
    /// run left in --db-dir; each run's donations get ids of their own, so they add records.
    var acksOnly = false
    /// BENCH_RECORDS_IN_INDEX: the engine keeps each record's JSON in its document data
    /// (`SpotlightEngine.Options.recordsInIndex`, `spotlightd --records-in-index`), to compare
    /// with the default, whose documents hold only keys.
    var recordsInIndex = false

    static let usage = """
    usage: spotlight-bench --corpus FILE.jsonl --queries FILE --db-dir DIR [--mode embedded|daemon]
      embedded: SpotlightEngine in-process (engine "ours-embedded")
      daemon:   spotlightd from this executable's directory, over its socket (engine "ours-daemon")
    Environment: BENCH_REPEAT (timed query passes, default 5), BENCH_VERBOSE, BENCH_ACKS
    (single donations per client in the acknowledgement figures, default 400),
    BENCH_QUERIES_ONLY (only the query figures, on the index a previous run left in --db-dir),
    BENCH_ACKS_ONLY (daemon mode: only the donation figures, on such an index),
    BENCH_RECORDS_IN_INDEX (records in the index's document data, not only keys).
    """

    /// Parses the arguments. - Throws: `SpotlightError(.invalidInput)` with the usage.
    static func parse(_ arguments: [String], environment: [String: String]) throws -> BenchArguments {
        var parsed = BenchArguments()
        var it = arguments.makeIterator()
        while let flag = it.next() {
            guard let value = it.next() else { throw SpotlightError(.invalidInput, "\(flag) needs a value\n\(usage)") }
            switch flag {
            case "--corpus": parsed.corpus = value
            case "--queries": parsed.queries = value
            case "--db-dir": parsed.dbDirectory = value
            case "--mode":
                guard let mode = Mode(rawValue: value) else {
                    throw SpotlightError(.invalidInput, "--mode is embedded or daemon, not \(value)\n\(usage)")
                }
                parsed.mode = mode
            default: throw SpotlightError(.invalidInput, "unknown argument \(flag)\n\(usage)")
            }
        }
        guard !parsed.corpus.isEmpty, !parsed.queries.isEmpty, !parsed.dbDirectory.isEmpty else {
            throw SpotlightError(.invalidInput, usage)
        }
        parsed.passes = max(1, Int(environment["BENCH_REPEAT"] ?? "") ?? 5)
        parsed.verbose = environment["BENCH_VERBOSE"] != nil
        parsed.queriesOnly = environment["BENCH_QUERIES_ONLY"] != nil
        parsed.acksOnly = environment["BENCH_ACKS_ONLY"] != nil
        parsed.recordsInIndex = environment["BENCH_RECORDS_IN_INDEX"] != nil
        if parsed.acksOnly && (parsed.queriesOnly || parsed.mode != .daemon) {
            throw SpotlightError(.invalidInput, "BENCH_ACKS_ONLY needs --mode daemon and no BENCH_QUERIES_ONLY\n\(usage)")
        }
        return parsed
    }
}

/// Reads the corpus: one record per line in the project's JSON form (docs/records.md).
func readCorpus(_ path: String) throws -> [Record] {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let decoder = JSONDecoder()
    var records: [Record] = []
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: true).enumerated() {
        do {
            records.append(try decoder.decode(Record.self, from: Data(line.utf8)))
        } catch {
            throw SpotlightError(.invalidInput, "\(path):\(number + 1) is not a record; check it with tools/corpus-check",
                                 underlying: "\(error)")
        }
    }
    return records
}

/// Reads the query set: one query per line; blank lines and lines starting with '#' are skipped.
func readQueries(_ path: String) throws -> [String] {
    try String(contentsOfFile: path, encoding: .utf8)
        .split(separator: "\n", omittingEmptySubsequences: false)
        .map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
        .filter { !$0.allSatisfy { $0 == " " || $0 == "\t" } && !$0.hasPrefix("#") }
}

/// The records in consecutive batches of at most `size`.
func batches<T>(_ items: [T], of size: Int) -> [[T]] {
    stride(from: 0, to: items.count, by: size).map { Array(items[$0..<min($0 + size, items.count)]) }
}
