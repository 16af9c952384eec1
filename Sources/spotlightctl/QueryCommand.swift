import Foundation
import SpotlightModel

/// `spotlightctl query TEXT`: a table on a terminal, the hits as JSON with `--json`.
enum QueryCommand: Command {
    static let name = "query"
    static let summary = "search the index (a table, or --json)"
    static let options = OptionSpec(
        values: ["--bundle", "--type", "--limit", "--offset", "--sort", "--facet", "--snippet-length",
                 "--mark-start", "--mark-end", "--spelling", "--complete", "--language", "--max-index-wait"],
        flags: ["--json", "--desc", "--relevance-first", "--snippets", "--html", "--explain", "--timing"])
    static let help = """
    spotlightctl query — search the index as apps see it: every word must match, the last one
    as a prefix; phrases, OR/NOT, field filters like title: and type:, and ranges like
    startDate:2026-06..2026-07 or rank:10.. work too (docs/query.md).

    USAGE: spotlightctl query [TEXT ...] [--bundle B] [--type T] [--limit N] [--offset N]
                              [--sort KEY [--desc] [--relevance-first]] [--facet F ...]
                              [--snippets [--snippet-length N] [--mark-start S] [--mark-end E] [--html]]
                              [--spelling suggest|retry] [--complete N] [--explain] [--language TAG] [--timing]
                              [--max-index-wait SECONDS] [--json]

    OPTIONS:
      --bundle B          only records of bundle B (repeatable)
      --type T            only records of entity type T (repeatable)
      --limit N           at most N hits (0...10000, default 20)
      --offset N          skip the first N hits (paging)
      --sort KEY          order by relevance (default), title, bundle, type, rankingHint or a
                          property; --desc reverses it; --relevance-first keeps relevance first
                          and uses KEY only to break ties
      --facet F           count the matches by type, bundle or a property (repeatable)
      --snippets          show the best-matching text with the matches marked ([ and ] unless
                          --mark-start/--mark-end say otherwise; --html escapes the text)
      --snippet-length N  at most N bytes of snippet text (default 200)
      --spelling MODE     suggest: print a corrected query when little is found;
                          retry: also search the correction when nothing is found
      --complete N        print up to N completions of the last word (0 to 50; 0: none, as
                          without it, like the protocol's completions 0)
      --explain           show per hit which terms matched in which fields and the score parts
      --language TAG      stem the words in this language only (BCP 47: de, fr-CA); without
                          it, in every language the index holds
      --timing            print how long each step of the search took in spotlightd (compile,
                          match, records, the whole search) and the round trip from here
      --max-index-wait S  wait at most S seconds (0: not at all) for the index to take the
                          writes acknowledged before the query, then answer from what it has
                          committed; "inexact:" then says how many it lacked (default: wait
                          until every acknowledged write is searchable, seconds during an import)
      --json              print {"estimatedTotal":N,"totalLowerBound":N,"totalUpperBound":N,
                          "hits":[{"bundle","type","id","score","record"}]} with each record in
                          its stored JSON form (docs/records.md), plus snippet/explanation per
                          hit and correctedText (and retriedWithCorrection), completions,
                          facets, timing when asked for, missingShards when a shard did not
                          answer, and inexact when a feature could not be answered exactly

    Without TEXT every record in the scope is listed. Text with a word starting with - (a
    hated word, -lecture) goes after -- so it is not read as an option. The query language
    (words, phrases, operators, fields, ranges) is in docs/query.md. When spotlightd searches shards and
    some did not answer, the first line says "partial: shards NAME, ... did not answer" (with
    --json, missingShards lists them), the answer from the rest is printed in full and the exit
    status is 5, done with problems (spotlightctl --help lists the exit codes); when
    a feature asked for cannot be answered exactly (spelling through a remote shard; a sort or
    facet on a property holding text over 256 bytes), a line says "inexact: FEATURE, ...".

    EXAMPLE:
      spotlightctl query "supernova party" --bundle com.example.apple-samplecode.CometCal --limit 5
      spotlightctl query "startDate:2026-06.." --sort startDate --facet type --snippets
      spotlightctl query --limit 5 -- "supernova -lecture"
    """

    static func run(_ args: Arguments, _ context: Context) async throws -> ExitCode {
        let text = args.positionals.joined(separator: " ")
        let query = try makeQuery(text, args)
        let clock = ContinuousClock()
        let sent = clock.now
        let result: SearchResult = try await context.daemon.call(.query, query)
        let roundTrip = clock.now - sent
        if args.has("--json") {
            try Terminal.printRecordJSON(QueryOutput.JSONResult(result))
        } else {
            QueryOutput.printText(result, query: query, text: text)
            if let timing = result.timing { print(QueryOutput.timingLine(timing, roundTrip: roundTrip)) }
        }
        // Hits from some shards only: a script must not take them for the whole answer.
        return result.isPartial ? .problems : .ok
    }

    static func makeQuery(_ text: String, _ args: Arguments) throws -> SearchQuery {
        var query = SearchQuery(text: text.isEmpty ? nil : text,
                                bundles: args.list("--bundle").isEmpty ? nil : args.list("--bundle"),
                                types: args.list("--type").isEmpty ? nil : args.list("--type"),
                                offset: try args.int("--offset", in: 0...Int(Int32.max)) ?? 0,
                                limit: try args.int("--limit", in: 0...10_000) ?? 20)
        // An empty key would be sent as it is and answered as if not given (or a facet named "").
        if args.value("--sort")?.isEmpty == true {
            throw CLIError.usage("--sort needs a key: relevance, title, bundle, type, rankingHint or a property", command: name)
        }
        if args.list("--facet").contains("") {
            throw CLIError.usage("--facet needs a field: type, bundle or a property", command: name)
        }
        if let key = args.value("--sort") {
            query.sort = SearchSort(by: key, descending: args.has("--desc"), relevanceFirst: args.has("--relevance-first"))
        } else if args.has("--desc") || args.has("--relevance-first") {
            throw CLIError.usage("--desc and --relevance-first need --sort KEY", command: name)
        }
        if !args.list("--facet").isEmpty { query.facets = args.list("--facet") }
        let snippetOptions = ["--snippet-length", "--mark-start", "--mark-end"].contains { args.value($0) != nil }
        if args.has("--snippets") || snippetOptions || args.has("--html") {
            let defaults = SnippetOptions()
            query.snippets = SnippetOptions(length: try args.int("--snippet-length", in: 1...4096) ?? defaults.length,
                                            start: args.value("--mark-start") ?? defaults.start,
                                            end: args.value("--mark-end") ?? defaults.end, html: args.has("--html"))
        }
        if let mode = args.value("--spelling") {
            guard let spelling = SpellingMode(rawValue: mode) else {
                throw CLIError.usage("--spelling takes suggest or retry, got \(mode)", command: name)
            }
            query.spelling = spelling
        }
        query.completions = try args.int("--complete", in: 0...50)
        if args.has("--explain") { query.explain = true }
        if args.has("--timing") { query.timing = true }
        if let wait = args.value("--max-index-wait") {
            guard let seconds = Double(wait), seconds.isFinite, seconds >= 0 else {
                throw CLIError.usage("--max-index-wait needs a number of seconds ≥ 0, got \(wait)", command: name)
            }
            query.maxIndexWait = seconds
        }
        if let language = args.value("--language") {
            guard LanguageTag.isWellFormed(language) else {
                throw CLIError.usage("--language needs a BCP 47 tag (en, de, fr-CA), got \(language)", command: name)
            }
            query.language = language
        }
        return query
    }
}
