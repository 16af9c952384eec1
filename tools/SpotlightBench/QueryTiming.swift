import Foundation
import SpotlightModel

/// The query half of the contract: one untimed warm-up pass that counts hits, then
/// `passes` timed passes; each query's latency is the median of its passes.
struct QueryTiming {
    var queries: [String]
    var passes: Int
    var engineName: String
    var verbose: Bool

    /// Runs the passes with `search` (returns the hits read, at most 10) and adds
    /// queries, query_p50/p95/p99_ms, repeat, top10_hits, zero_hit_queries, query_errors.
    ///
    /// - Parameter afterEachPass: run after each timed pass, untimed (the ours-* engines' step
    ///   passes, so both see the machine alike: on this kind of VM its speed moves by the minute).
    func run(into figures: inout Figures, afterEachPass: () async -> Void = {},
             _ search: (String) async throws -> Int) async {
        var hits = 0, zero = 0, errors = 0
        for query in queries {
            let n = (try? await search(query)) ?? -1
            if verbose { FileHandle.standardError.write(Data("\(engineName)\t\(n)\t\(query)\n".utf8)) }
            if n < 0 { errors += 1 } else if n == 0 { zero += 1 } else { hits += n }
        }
        var times = Array(repeating: [Double](), count: queries.count)
        let clock = ContinuousClock()
        for _ in 0..<passes {
            for (k, query) in queries.enumerated() {
                let start = clock.now
                _ = try? await search(query)
                times[k].append((clock.now - start).milliseconds)
            }
            await afterEachPass()
        }
        if verbose {
            // Each query's median, to compare engines query by query (tools/bench --verbose).
            for (k, query) in queries.enumerated() {
                FileHandle.standardError.write(Data("\(engineName)\tmedian_ms\t\(median(times[k]))\t\(query)\n".utf8))
            }
        }
        let medians = times.map(median).sorted()
        figures.set("queries", queries.count)
        figures.set("query_p50_ms", percentile(medians, 50))
        figures.set("query_p95_ms", percentile(medians, 95))
        figures.set("query_p99_ms", percentile(medians, 99))
        figures.set("repeat", passes)
        figures.set("top10_hits", hits)
        figures.set("zero_hit_queries", zero)
        figures.set("query_errors", errors)
    }
}

/// The query the contract asks for: the text, top 10.
func topTen(_ text: String) -> SearchQuery { SearchQuery(text: text, limit: 10) }
