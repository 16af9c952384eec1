import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

/// Figures, not assertions: each search feature's cost over the plain query, on the package
/// corpus with tools/bench-queries.txt. Runs only when `SPOTLIGHT_FEATURE_BENCH` is set (to 1,
/// or to a corpus JSONL path); `tools/bench --features` sets it and prints the table.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["SPOTLIGHT_FEATURE_BENCH"] != nil))
struct SearchFeatureCostTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    static let variants: [(String, @Sendable (inout SearchQuery) -> Void)] = [
        ("plain", { _ in }),
        ("snippets", { $0.snippets = SnippetOptions() }),
        ("facets", { $0.facets = ["type", "section"] }),
        ("sort", { $0.sort = SearchSort(by: "installedSize", descending: true) }),
        ("spelling", { $0.spelling = .suggest }),
        ("completions", { $0.completions = 10 }),
        ("explain", { $0.explain = true }),
    ]

    @Test func printFeatureCosts() throws {
        let setting = ProcessInfo.processInfo.environment["SPOTLIGHT_FEATURE_BENCH"] ?? "1"
        let corpus = setting == "1" ? Self.root.appendingPathComponent("corpus/packages-sample.jsonl") : URL(fileURLWithPath: setting)
        let records = try String(contentsOf: corpus, encoding: .utf8).split(separator: "\n").map {
            try JSONDecoder().decode(Record.self, from: Data($0.utf8))
        }
        let queries = try String(contentsOf: Self.root.appendingPathComponent("tools/bench-queries.txt"), encoding: .utf8)
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        let t = try TempIndex()
        try t.index.replace(records)
        try t.index.commit(lastAppliedSequence: 1)
        var figures: [String: Double] = [:]
        for (name, apply) in Self.variants {
            var latencies: [Double] = []
            for text in queries {
                var query = SearchQuery(text: text, limit: 10)
                apply(&query)
                _ = try t.index.search(query, now: Date())   // warm-up
                let clock = ContinuousClock()
                let passes = (0..<5).map { _ in clock.measure { _ = try? t.index.search(query, now: Date()) } }
                latencies.append(passes.sorted()[2] / .milliseconds(1))
            }
            latencies.sort()
            figures["\(name)_p50_ms"] = latencies[latencies.count / 2]
            figures["\(name)_p95_ms"] = latencies[min(latencies.count - 1, latencies.count * 95 / 100)]
        }
        let json = try JSONSerialization.data(withJSONObject: figures.merging(["docs": Double(records.count)]) { a, _ in a },
                                              options: [.sortedKeys])
        print("FEATURE-COST " + String(decoding: json, as: UTF8.self))
    }
}
