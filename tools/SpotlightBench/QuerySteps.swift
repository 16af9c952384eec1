import Foundation
import SpotlightModel

/// Where a query's time goes: after the timed passes, `passes` more with
/// ``SearchQuery/timing`` on, each query's median of each step, then the p50 over the queries
/// of those medians. Separate passes, so the headline latency is measured as an app asks.
struct QuerySteps {
    var queries: [String]
    var passes: Int
    var engineName: String
    /// BENCH_VERBOSE: also print "engine<TAB>steps_ms<TAB>compile match records engine outside<TAB>query",
    /// each query's medians, to see which step a query's latency goes to.
    var verbose: Bool

    /// Runs the passes with `search` and adds query_compile_p50_ms, query_match_p50_ms,
    /// query_records_p50_ms, query_engine_p50_ms (the engine's whole search) and
    /// query_outside_engine_p50_ms (the call's latency less the engine's search: queue hops,
    /// and for the daemon the socket, the reply's encoding and the client's decoding).
    func run(into figures: inout Figures, _ search: (SearchQuery) async throws -> SearchResult) async {
        let steps = ["compile", "match", "records", "engine", "outside_engine"]
        var times = Array(repeating: Array(repeating: [Double](), count: queries.count), count: steps.count)
        let clock = ContinuousClock()
        for _ in 0..<passes {
            for (k, text) in queries.enumerated() {
                var query = topTen(text)
                query.timing = true
                let start = clock.now
                guard let timing = try? await search(query).timing else { continue }
                let latency = (clock.now - start).milliseconds
                let parts = [timing.compileSeconds, timing.matchSeconds, timing.recordsSeconds, timing.searchSeconds]
                for (step, seconds) in parts.enumerated() { times[step][k].append(seconds * 1000) }
                times[4][k].append(latency - timing.searchSeconds * 1000)
            }
        }
        if verbose {
            for (k, text) in queries.enumerated() where !times[0][k].isEmpty {
                let row = (0..<steps.count).map { String(format: "%.3f", median(times[$0][k])) }.joined(separator: " ")
                FileHandle.standardError.write(Data("\(engineName)\tsteps_ms\t\(row)\t\(text)\n".utf8))
            }
        }
        for (step, name) in steps.enumerated() {
            let medians = times[step].filter { !$0.isEmpty }.map(median).sorted()
            figures.set("query_\(name)_p50_ms", percentile(medians, 50))
        }
        await noHitCall(into: &figures, search)
    }

    /// A word no corpus record holds: its query compiles and matches nothing in microseconds.
    static let noHitText = "qzxjv0wqk"

    /// query_no_hits_p50_ms: the median latency of a query that finds nothing, so the call's
    /// fixed cost (for the daemon: the socket, both processes' thread hops and a small reply)
    /// stands apart from what a page of hits adds. Not printed if the word finds anything.
    func noHitCall(into figures: inout Figures, _ search: (SearchQuery) async throws -> SearchResult) async {
        let clock = ContinuousClock()
        var latencies: [Double] = []
        for _ in 0..<(max(1, passes) * 100) {
            let start = clock.now
            guard let result = try? await search(topTen(Self.noHitText)), result.hits.isEmpty else { return }
            latencies.append((clock.now - start).milliseconds)
        }
        figures.set("query_no_hits_p50_ms", median(latencies), digits: 4)
    }
}
