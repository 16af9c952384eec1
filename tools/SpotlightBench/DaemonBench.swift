import Foundation
import SpotlightKit
import SpotlightModel

/// "ours-daemon": spotlightd over its socket. Bulk donation in batches, the query set,
/// then single-donation acknowledgement latency with 1 and 8 clients, each client its own
/// connection.
struct DaemonBench {
    static let batchSize = 1000
    /// The type of the single donations, kept apart from the corpus.
    static let donationType = "BenchDonation"
    let arguments: BenchArguments
    /// Single donations per client in each acknowledgement run (BENCH_ACKS).
    let acksPerClient: Int

    func run(records: [Record], queries: [String]) async throws -> Figures {
        var figures = Figures()
        figures.set("engine", "ours-daemon")
        figures.set("docs", records.count)
        let bundles = Set(records.map(\.bundle)).sorted()
        let clock = ContinuousClock()
        let launchStart = clock.now
        let daemon = try await DaemonLauncher(root: arguments.dbDirectory, grants: bundles,
                                                  recordsInIndex: arguments.recordsInIndex)
        defer { daemon.stop() }
        figures.set("daemon_start_ms", (clock.now - launchStart).milliseconds, digits: 1)

        let index = daemon.connect()
        if !arguments.acksOnly {
            try await importAndQuery(records, queries: queries, daemon: daemon, index: index, into: &figures)
        }
        index.close()

        guard let bundle = bundles.first, !arguments.queriesOnly else { return figures }
        let syncs = try fdatasyncLatencies(directory: arguments.dbDirectory)
        figures.set("disk_fdatasync_p50_ms", percentile(syncs, 50))
        figures.set("disk_fdatasync_p99_ms", percentile(syncs, 99))
        let one = try await donate(daemon: daemon, bundle: bundle, clients: 1)
        figures.set("ack_1client_p50_ms", percentile(one.latencies, 50))
        figures.set("ack_1client_p99_ms", percentile(one.latencies, 99))
        figures.set("acks_per_sec_1client", one.perSecond, digits: 0)
        let eight = try await donate(daemon: daemon, bundle: bundle, clients: 8)
        figures.set("ack_8clients_p50_ms", percentile(eight.latencies, 50))
        figures.set("ack_8clients_p99_ms", percentile(eight.latencies, 99))
        figures.set("acks_per_sec_8clients", eight.perSecond, digits: 0)
        if !arguments.acksOnly { try await redonateInOneBatch(records, daemon: daemon, into: &figures) }
        figures.set("max_rss_mb", procStatusMiB(pid: String(daemon.pid), field: "VmHWM") ?? 0, digits: 1)
        return figures
    }

    /// The corpus donated in batches, then the query set timed on the settled index.
    func importAndQuery(_ records: [Record], queries: [String], daemon: DaemonLauncher, index: SearchableIndex,
                        into figures: inout Figures) async throws {
        let clock = ContinuousClock()
        let start = clock.now
        for batch in batches(records, of: Self.batchSize) where !arguments.queriesOnly {
            try await index.indexRecords(batch)
        }
        let stored = clock.now - start
        try await waitForIndexCommit(index)
        let indexed = clock.now - start
        if !arguments.queriesOnly {
            figures.set("index_seconds", indexed.seconds)
            figures.set("docs_per_sec", Double(records.count) / indexed.seconds, digits: 0)
            figures.set("store_seconds", stored.seconds)
        }
        figures.set("daemon_rss_after_import_mb", procStatusMiB(pid: String(daemon.pid), field: "VmRSS") ?? 0, digits: 1)
        // Queries are timed on the settled index (see EmbeddedBench).
        let settleStart = clock.now
        try await waitUntilSettled { try await index.status().index.indexState }
        figures.set("settle_seconds", (clock.now - settleStart).seconds)

        let timing = QueryTiming(queries: queries, passes: arguments.passes, engineName: "ours-daemon",
                                 verbose: arguments.verbose)
        var steps = QuerySteps(queries: queries, engineName: "ours-daemon", verbose: arguments.verbose)
        await timing.run(into: &figures, afterEachPass: { await steps.pass { try await index.query($0) } }) { text in
            try await index.query(topTen(text)).hits.count
        }
        await steps.report(into: &figures) { try await index.query($0) }
        figures.set("daemon_rss_after_queries_mb", procStatusMiB(pid: String(daemon.pid), field: "VmRSS") ?? 0, digits: 1)
        figures.set("db_bytes", directoryBytes(daemon.dataDirectory))
    }

    /// The whole corpus donated again through one batch per bundle (re-donation replaces):
    /// staging every call, then the commit, against `store_seconds` for the same records
    /// donated directly.
    func redonateInOneBatch(_ records: [Record], daemon: DaemonLauncher, into figures: inout Figures) async throws {
        let clock = ContinuousClock()
        var staging = Duration.zero, committing = Duration.zero
        for (bundle, ofBundle) in Dictionary(grouping: records, by: \.bundle) {
            let index = daemon.connect()
            defer { index.close() }
            let start = clock.now
            index.beginIndexBatch()
            for batch in batches(ofBundle, of: Self.batchSize) { try await index.indexRecords(batch) }
            let staged = clock.now
            try await index.endIndexBatch(clientState: Data("bench \(bundle)".utf8))
            staging += staged - start
            committing += clock.now - staged
        }
        figures.set("batch_stage_seconds", staging.seconds)
        figures.set("batch_commit_seconds", committing.seconds)
        figures.set("batch_docs_per_sec", Double(records.count) / (staging + committing).seconds, digits: 0)
    }

    struct AckRun {
        /// Every donation's latency, sorted, in ms.
        var latencies: [Double]
        /// Acknowledged donations per second of wall time.
        var perSecond: Double
    }

    /// `clients` connections each donate `acksPerClient` single records one after another
    /// (after a few untimed ones that open the connection).
    func donate(daemon: DaemonLauncher, bundle: String, clients: Int) async throws -> AckRun {
        let clock = ContinuousClock()
        let connections = (0..<clients).map { _ in daemon.connect() }
        defer { connections.forEach { $0.close() } }
        let acks = acksPerClient
        // A run on a previous run's data directory donates new records, as the first run did.
        let runTag = arguments.acksOnly ? "run\(getpid())-" : ""
        for (c, connection) in connections.enumerated() {
            for n in 0..<5 { try await connection.indexRecords([donation(bundle, clients, c, "\(runTag)warm\(n)")]) }
        }
        let start = clock.now
        let latencies = try await withThrowingTaskGroup(of: [Double].self) { group in
            for (c, connection) in connections.enumerated() {
                group.addTask {
                    var times: [Double] = []
                    for n in 0..<acks {
                        let record = donation(bundle, clients, c, "\(runTag)\(n)")
                        let t = clock.now
                        try await connection.indexRecords([record])
                        times.append((clock.now - t).milliseconds)
                    }
                    return times
                }
            }
            return try await group.reduce(into: [Double]()) { $0 += $1 }
        }
        let wall = clock.now - start
        return AckRun(latencies: latencies.sorted(), perSecond: Double(latencies.count) / wall.seconds)
    }

    /// Waits until the daemon's index has committed everything its store holds.
    func waitForIndexCommit(_ index: SearchableIndex) async throws {
        while true {
            let status = try await index.status().index
            if status.lastAppliedSequence >= status.storeSequence { return }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}

/// One small record for the acknowledgement figures.
func donation(_ bundle: String, _ clients: Int, _ client: Int, _ n: String) -> Record {
    Record(bundle: bundle, type: DaemonBench.donationType, id: "\(clients)x-\(client)-\(n)",
           title: "Donation \(n) from client \(client) of \(clients)")
}
