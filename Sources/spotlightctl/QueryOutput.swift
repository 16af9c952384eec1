import Foundation
import SpotlightModel

/// How `spotlightctl query` prints a ``SearchResult``: a table with optional snippet,
/// explanation, facet, spelling and completion lines, or JSON.
enum QueryOutput {
    /// One hit in `--json` output.
    struct JSONHit: Encodable {
        var bundle: String
        var type: String
        var id: String
        var score: Double
        var record: Record
        var snippet: String?
        var explanation: HitExplanation?
    }

    struct JSONResult: Encodable {
        var estimatedTotal: Int
        var totalLowerBound: Int?
        var totalUpperBound: Int?
        var hits: [JSONHit]
        var correctedText: String?
        var retriedWithCorrection: Bool?
        var completions: [String]?
        var facets: [String: [FacetCount]]?
        var missingShards: [String]?
        var inexact: [String]?
        var timing: SearchTiming?

        init(_ result: SearchResult) {
            estimatedTotal = result.estimatedTotal
            totalLowerBound = result.totalLowerBound
            totalUpperBound = result.totalUpperBound
            hits = result.hits.map {
                JSONHit(bundle: $0.record.bundle, type: $0.record.type, id: $0.record.id, score: $0.score,
                        record: $0.record, snippet: $0.snippet, explanation: $0.explanation)
            }
            correctedText = result.correctedText
            retriedWithCorrection = result.retriedWithCorrection
            completions = result.completions
            facets = result.facets
            missingShards = result.missingShards
            inexact = result.inexact
            timing = result.timing
        }
    }

    /// `timing: compile 0.12 ms, match 0.40 ms, records 0.25 ms, search 0.81 ms in spotlightd; round trip 1.20 ms`
    static func timingLine(_ timing: SearchTiming, roundTrip: Duration) -> String {
        func ms(_ seconds: Double) -> String { String(format: "%.2f ms", seconds * 1000) }
        let trip = Double(roundTrip.components.seconds) + Double(roundTrip.components.attoseconds) / 1e18
        return "timing: compile \(ms(timing.compileSeconds)), match \(ms(timing.matchSeconds)), "
            + "records \(ms(timing.recordsSeconds)), search \(ms(timing.searchSeconds)) in spotlightd; "
            + "round trip \(ms(trip))"
    }

    /// How many records match, from the bounds when the page showed none (`12`, `6 to 12`, `at
    /// most 3`: a phrase's estimate can be 0 when no document was read); nil when none can.
    static func matchCount(_ result: SearchResult) -> String? {
        let upper = result.totalUpperBound ?? result.estimatedTotal
        guard upper > 0 else { return nil }
        guard let lower = result.totalLowerBound else { return "about \(result.estimatedTotal)" }
        return lower == upper ? "\(upper)" : lower == 0 ? "at most \(upper)" : "\(lower) to \(upper)"
    }

    static func printText(_ result: SearchResult, query: SearchQuery, text: String) {
        if let partial = ShardOutput.partialLine(result.missingShards) { print(partial) }
        if let inexact = ShardOutput.inexactLine(result.inexact) { print(inexact) }
        if let corrected = result.correctedText {
            let corrected = Terminal.inLine(corrected)
            print(result.retriedWithCorrection == true ? "showing results for \"\(corrected)\" (no results for \"\(Terminal.inLine(text))\")"
                                                       : "did you mean \"\(corrected)\"?")
        }
        if let completions = result.completions, !completions.isEmpty {
            print("completions: " + completions.map(Terminal.inLine).joined(separator: " "))
        }
        guard !result.hits.isEmpty else {
            if let count = matchCount(result) {
                // Matches, but none on this page: --limit 0, or --offset past the last.
                print("none of \(count) matches shown (--offset \(query.offset), --limit \(query.limit))")
            } else {
                print(text.isEmpty ? "no records in this scope" : "no results for \"\(Terminal.inLine(text))\"")
            }
            printFacets(result)
            return
        }
        let rows = result.hits.map { hit in
            [hit.record.title, hit.record.type, hit.record.bundle, String(format: "%.3f", hit.score)]
        }
        var lines = Terminal.table(["TITLE", "TYPE", "BUNDLE", "SCORE"], rows).split(separator: "\n").map(String.init)
        for (i, hit) in result.hits.enumerated().reversed() {
            lines.insert(contentsOf: details(hit), at: i + 2)
        }
        print(lines.joined(separator: "\n"))
        let first = query.offset + 1
        print("\(first)–\(query.offset + result.hits.count) of about \(result.estimatedTotal)")
        printFacets(result)
    }

    /// The indented lines under a hit's row: its snippet and explanation.
    static func details(_ hit: SearchHit) -> [String] {
        var lines: [String] = []
        if let snippet = hit.snippet { lines.append("    " + Terminal.inLine(snippet)) }
        if let e = hit.explanation {
            let matches = e.matches.map { "\($0.field):\($0.term)\($0.stemmed ? " (stem)" : "")" }
            lines.append("    matched " + (matches.isEmpty ? "everything (no words)" : matches.joined(separator: ", ")))
            lines.append(String(format: "    score %.3f = relevance %.3f + ranking hint %.3f",
                                hit.score, e.relevance, e.rankingHintBoost))
        }
        return lines
    }

    static func printFacets(_ result: SearchResult) {
        for (name, counts) in (result.facets ?? [:]).sorted(by: { $0.key < $1.key }) {
            print("\(name): " + (counts.isEmpty ? "(none)" : counts.map { "\(Terminal.inLine($0.value)) \($0.count)" }.joined(separator: ", ")))
        }
    }
}
