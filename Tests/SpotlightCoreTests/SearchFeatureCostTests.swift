import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

/// Figures, not assertions: each search feature's cost over the plain query, on the package
/// corpus with tools/bench-queries.txt, and the cost of indexing CJK text over Latin text. Runs only when `SPOTLIGHT_FEATURE_BENCH` is set (to 1,
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

    /// What CJK text costs to index over Latin text: the corpus's records indexed as they are,
    /// then the same records with every title and subtitle replaced by CJK text of as many
    /// characters (cut from corpus/multilingual.jsonl's Korean, Japanese and Chinese sentences),
    /// each into a fresh index, replace and commit timed, with the index size on disk.
    @Test func printCJKIndexingCost() throws {
        let setting = ProcessInfo.processInfo.environment["SPOTLIGHT_FEATURE_BENCH"] ?? "1"
        let corpus = setting == "1" ? Self.root.appendingPathComponent("corpus/packages-sample.jsonl") : URL(fileURLWithPath: setting)
        func read(_ url: URL) throws -> [Record] {
            try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map {
                try JSONDecoder().decode(Record.self, from: Data($0.utf8))
            }
        }
        let latin = try read(corpus)
        let cjkText = Array(try read(Self.root.appendingPathComponent("corpus/multilingual.jsonl"))
            .filter { ["ko", "ja", "zh"].contains($0.language) }.map(\.title).joined())
        var offset = 0
        func cjk(_ text: String) -> String {
            let count = text.count
            let piece = (0..<count).map { cjkText[(offset + $0) % cjkText.count] }
            offset += count
            return String(piece)
        }
        let cjkRecords = latin.map { record in
            var copy = record
            copy.title = cjk(record.title)
            copy.subtitle = record.subtitle.map(cjk)
            return copy
        }
        var figures: [String: Double] = ["docs": Double(latin.count)]
        for (name, records) in [("latin", latin), ("cjk", cjkRecords)] {
            let t = try TempIndex()
            let seconds = try ContinuousClock().measure {
                try t.index.replace(records)
                try t.index.commit(lastAppliedSequence: 1)
            } / .seconds(1)
            let files = try FileManager.default.contentsOfDirectory(atPath: t.path)
            let bytes = try files.reduce(0) { sum, name in
                sum + ((try FileManager.default.attributesOfItem(atPath: t.path + "/" + name)[.size] as? Int) ?? 0)
            }
            figures["\(name)_index_s"] = seconds
            figures["\(name)_index_bytes"] = Double(bytes)
        }
        let json = try JSONSerialization.data(withJSONObject: figures, options: [.sortedKeys])
        print("CJK-COST " + String(decoding: json, as: UTF8.self))
    }
}
