import Foundation
import SpotlightModel

/// Where a query's time goes: passes with ``SearchQuery/timing`` on, one after each timed pass
/// of ``QueryTiming`` (so both meet the machine alike), each query's median of each step, then
/// the p50 over the queries of those medians. Separate passes, so the headline latency is
/// measured as an app asks.
///
/// ```swift
/// var steps = QuerySteps(queries: queries, engineName: "ours-embedded", verbose: false)
/// await timing.run(into: &figures, afterEachPass: { await steps.pass(search) }) { ... }
/// await steps.report(into: &figures, search)
/// ```
struct QuerySteps {
    static let steps = ["compile", "match", "records", "engine", "outside_engine"]
    var queries: [String]
    var engineName: String
    /// BENCH_VERBOSE: also print "engine<TAB>steps_ms<TAB>compile match records engine outside<TAB>query",
    /// each query's medians, to see which step a query's latency goes to.
    var verbose: Bool
    /// Per step, per query: each pass's milliseconds.
    private var times: [[[Double]]]
    private var passes = 0

    init(queries: [String], engineName: String, verbose: Bool) {
        self.queries = queries
        self.engineName = engineName
        self.verbose = verbose
        times = Array(repeating: Array(repeating: [], count: queries.count), count: Self.steps.count)
    }

    /// One pass over the queries with `search`, timing on.
    mutating func pass(_ search: (SearchQuery) async throws -> SearchResult) async {
        let clock = ContinuousClock()
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
        passes += 1
    }

    /// Adds query_compile_p50_ms, query_match_p50_ms, query_records_p50_ms,
    /// query_engine_p50_ms (the engine's whole search) and query_outside_engine_p50_ms (the
    /// call's latency less the engine's search: queue hops, and for the daemon the socket, the
    /// reply's encoding and the client's decoding) from the passes, then the no-hit figure.
    func report(into figures: inout Figures, _ search: (SearchQuery) async throws -> SearchResult) async {
        let steps = Self.steps
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
