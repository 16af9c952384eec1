import Foundation
import SpotlightCore
import SpotlightModel

/// "ours-embedded": SpotlightEngine in-process. Bulk import in batches of 1000 via
/// `write`, then the query set via `search`.
struct EmbeddedBench {
    static let batchSize = 1000
    let arguments: BenchArguments

    func run(records: [Record], queries: [String]) async throws -> Figures {
        var figures = Figures()
        figures.set("engine", "ours-embedded")
        figures.set("docs", records.count)
        let clock = ContinuousClock()
        let start = clock.now
        var options = SpotlightEngine.Options()
        // BENCH_ENGINE_LOG set: the engine's log on stderr (a bulk catch-up's timing, compactions).
        if ProcessInfo.processInfo.environment["BENCH_ENGINE_LOG"] != nil { options.log = .timestamped() }
        options.recordsInIndex = arguments.recordsInIndex
        let engine = try SpotlightEngine(dataDirectory: arguments.dbDirectory + "/data", options: options)
        for batch in batches(records, of: Self.batchSize) where !arguments.queriesOnly {
            _ = try await engine.write(.upsert(batch, clientState: nil))
        }
        let stored = clock.now - start
        try await waitForIndexCommit(engine)
        let indexed = clock.now - start
        if !arguments.queriesOnly {
            figures.set("index_seconds", indexed.seconds)
            figures.set("docs_per_sec", Double(records.count) / indexed.seconds, digits: 0)
            figures.set("store_seconds", stored.seconds)
        }
        // Queries are timed on the settled index, as the baselines time theirs on a finished
        // database: not while the automatic compaction after the import is rewriting it.
        let settleStart = clock.now
        try await waitUntilSettled { try engine.status().indexState }
        figures.set("settle_seconds", (clock.now - settleStart).seconds)

        let timing = QueryTiming(queries: queries, passes: arguments.passes, engineName: "ours-embedded",
                                 verbose: arguments.verbose)
        var steps = QuerySteps(queries: queries, engineName: "ours-embedded", verbose: arguments.verbose)
        await timing.run(into: &figures, afterEachPass: { await steps.pass { try await engine.search($0) } }) { text in
            let result = try await engine.search(topTen(text))
            return result.hits.count
        }
        await steps.report(into: &figures) { try await engine.search($0) }
        engine.close()
        figures.set("db_bytes", directoryBytes(arguments.dbDirectory))
        figures.set("max_rss_mb", procStatusMiB(field: "VmHWM") ?? 0, digits: 1)
        return figures
    }

    /// Waits until the index has committed everything the store holds.
    func waitForIndexCommit(_ engine: SpotlightEngine) async throws {
        while true {
            let status = try engine.status()
            if status.lastAppliedSequence >= status.storeSequence { return }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}

/// Waits until the engine's background maintenance after an import (the automatic compaction
/// it starts once the writer is idle for a second) has finished, so db_bytes is the size the
/// data directory stays at: a little past the idle delay, then until the state is `ok`.
func waitUntilSettled(_ state: () async throws -> String) async throws {
    try await Task.sleep(for: .milliseconds(1500))
    while try await state() != "ok" {
        try await Task.sleep(for: .milliseconds(50))
    }
}
