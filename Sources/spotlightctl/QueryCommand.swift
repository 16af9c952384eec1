import Foundation
import SpotlightModel

/// `spotlightctl query TEXT`: a table on a terminal, the hits as JSON with `--json`.
enum QueryCommand: Command {
    static let name = "query"
    static let summary = "search the index (a table, or --json)"
    static let options = OptionSpec(values: ["--bundle", "--type", "--limit", "--offset"], flags: ["--json"])
    static let help = """
    spotlightctl query — search the index as apps see it: every word must match, the last one
    as a prefix; phrases, OR/NOT and field filters like title: and type: work too.

    USAGE: spotlightctl query [TEXT ...] [--bundle B] [--type T] [--limit N] [--offset N] [--json]

    OPTIONS:
      --bundle B    only records of bundle B (repeatable)
      --type T      only records of entity type T (repeatable)
      --limit N     at most N hits (0...10000, default 20)
      --offset N    skip the first N hits (paging)
      --json        print {"estimatedTotal":N,"hits":[{"bundle","type","id","score","record"}]}
                    with each record in its stored JSON form (docs/records.md)

    Without TEXT every record in the scope is listed.

    EXAMPLE:
      spotlightctl query "supernova party" --bundle com.example.CometCal --limit 5
    """

    /// One hit in `--json` output.
    struct JSONHit: Encodable {
        var bundle: String
        var type: String
        var id: String
        var score: Double
        var record: Record
    }

    struct JSONResult: Encodable {
        var estimatedTotal: Int
        var hits: [JSONHit]
    }

    static func run(_ args: Arguments, _ context: Context) async throws -> ExitCode {
        let text = args.positionals.joined(separator: " ")
        let query = SearchQuery(text: text.isEmpty ? nil : text,
                                bundles: args.list("--bundle").isEmpty ? nil : args.list("--bundle"),
                                types: args.list("--type").isEmpty ? nil : args.list("--type"),
                                offset: try args.int("--offset", in: 0...Int(Int32.max)) ?? 0,
                                limit: try args.int("--limit", in: 0...10_000) ?? 20)
        let result: SearchResult = try await context.daemon.call(.query, query)
        if args.has("--json") {
            try Terminal.printJSON(JSONResult(estimatedTotal: result.estimatedTotal, hits: result.hits.map {
                JSONHit(bundle: $0.record.bundle, type: $0.record.type, id: $0.record.id, score: $0.score, record: $0.record)
            }))
            return .ok
        }
        guard !result.hits.isEmpty else {
            print(text.isEmpty ? "no records in this scope" : "no results for \"\(text)\"")
            return .ok
        }
        let rows = result.hits.map { hit in
            [hit.record.title, hit.record.type, hit.record.bundle, String(format: "%.3f", hit.score)]
        }
        print(Terminal.table(["TITLE", "TYPE", "BUNDLE", "SCORE"], rows))
        let first = query.offset + 1
        print("\(first)–\(query.offset + result.hits.count) of about \(result.estimatedTotal)")
        return .ok
    }
}
