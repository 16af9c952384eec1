import Foundation
import SpotlightModel

// spotlight-bench: the project's engine under tools/bench's contract (see the top of
// tools/bench), as "ours-embedded" (--mode embedded) or "ours-daemon" (--mode daemon).
// Figures go to stdout as one JSON line; logs go to stderr.

let environment = ProcessInfo.processInfo.environment
do {
    let arguments = try BenchArguments.parse(Array(CommandLine.arguments.dropFirst()), environment: environment)
    let records = try readCorpus(arguments.corpus)
    let queries = try readQueries(arguments.queries)
    try FileManager.default.createDirectory(atPath: arguments.dbDirectory, withIntermediateDirectories: true)
    let figures: Figures
    switch arguments.mode {
    case .embedded:
        figures = try await EmbeddedBench(arguments: arguments).run(records: records, queries: queries)
    case .daemon:
        let acks = max(1, Int(environment["BENCH_ACKS"] ?? "") ?? 400)
        figures = try await DaemonBench(arguments: arguments, acksPerClient: acks).run(records: records, queries: queries)
    }
    print(figures.jsonLine)
} catch {
    log("\(error)")
    exit(1)
}
