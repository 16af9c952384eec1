import Foundation
import Testing
import SpotlightModel

/// The search features of `spotlightctl query`, run as a user would, with `--json` decoded.
@Suite struct CtlQueryFeatureTests {
    func daemonWithSamples(_ count: Int = 12) async throws -> TestDaemon {
        let daemon = try await TestDaemon().start()
        try daemon.importRecords(sampleRecords(count))
        return daemon
    }

    /// Each record as it is stored: a double with its fraction and its sign (`2.0`, `-0.0`).
    @Test func jsonWritesARecordsDoublesAsTheStoreDoes() async throws {
        let daemon = try await TestDaemon().start()
        try daemon.importRecords([Record(bundle: grantedBundle, type: "EventEntity", id: "N1", title: "numbertwo",
                                         properties: ["two": .double(2), "negativeZero": .double(-0.0)])])
        let run = daemon.ctl(["query", "numbertwo", "--json"])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stdout.contains(#""double" : 2.0"#) && run.stdout.contains(#""double" : -0.0"#), "\(run.stdout)")
        guard case .array(let hits)? = try JSONValue.parse(Data(run.stdout.utf8))["hits"], let hit = hits.first,
              case .double(let zero)? = hit["record"]?["properties"]?["negativeZero"]?["double"] else {
            Issue.record("no double negativeZero in \(run.stdout)")
            return
        }
        #expect(zero == 0 && zero.sign == .minus)
    }

    /// `query --help` left out totalLowerBound, totalUpperBound and retriedWithCorrection,
    /// which `--json` prints.
    @Test func helpNamesEveryMemberThatQueryJSONPrints() async throws {
        let daemon = try await daemonWithSamples(3)
        let run = daemon.ctl(["query", "supernovx", "--spelling", "retry", "--complete", "2", "--facet", "type",
                              "--timing", "--snippets", "--explain", "--json"])
        #expect(run.code == 0, "\(run.stderr)")
        let result = try run.json([String: JSONValue].self)
        #expect(result["retriedWithCorrection"] == .bool(true), "\(run.stdout)")
        let help = daemon.ctl(["query", "--help"]).stdout
        for key in result.keys.sorted() {
            #expect(help.contains(key), "query --help does not name \(key)")
        }
    }

    /// `--complete 0` was refused (1 to 50) though the protocol takes completions 0 as "none".
    @Test func completeZeroAsksForNoCompletions() async throws {
        let daemon = try await daemonWithSamples(3)
        let run = daemon.ctl(["query", "supernov", "--complete", "0", "--json"])
        #expect(run.code == 0, "\(run.stderr)")
        let result = try run.json([String: JSONValue].self)
        #expect(result["completions"] == nil, "\(run.stdout)")
        #expect(result["hits"] != nil, "\(run.stdout)")
    }

    @Test func facetsCountTheMatchesByType() async throws {
        let daemon = try await daemonWithSamples()
        let run = daemon.ctl(["query", "supernova", "--facet", "type", "--json"])
        #expect(run.code == 0, "\(run.stderr)")
        let result = try run.json(SearchResult.self)
        let counts = Dictionary(uniqueKeysWithValues: (result.facets?["type"] ?? []).map { ($0.value, $0.count) })
        #expect(counts == ["EventEntity": 6, "CalendarEntity": 6])
    }

    @Test func sortByANumberPropertyDescending() async throws {
        let daemon = try await daemonWithSamples()
        let run = daemon.ctl(["query", "supernova", "--sort", "seats", "--desc", "--limit", "3", "--json"])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(try run.json(SearchResult.self).hits.map(\.record.id) == ["R11", "R10", "R9"])
    }

    @Test func aNumberRangeSelectsTheRecordsInIt() async throws {
        let daemon = try await daemonWithSamples()
        let run = daemon.ctl(["query", "seats:3..5", "--json"])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(Set(try run.json(SearchResult.self).hits.map(\.record.id)) == ["R3", "R4", "R5"])
    }

    @Test func timingPrintsTheDaemonsStepsAndTheRoundTrip() async throws {
        let daemon = try await daemonWithSamples()
        let run = daemon.ctl(["query", "supernova", "--limit", "2", "--timing"])
        #expect(run.code == 0, "\(run.stderr)")
        let line = try #require(run.stdout.split(separator: "\n").last.map(String.init))
        #expect(line.hasPrefix("timing: compile "), "\(run.stdout)")
        #expect(line.contains(" ms, match ") && line.contains(" ms, records ") && line.contains(" ms in spotlightd; round trip "))
        let json = daemon.ctl(["query", "supernova", "--limit", "2", "--timing", "--json"])
        let timing = try #require(try json.json(SearchResult.self).timing)
        #expect(timing.recordsSeconds > 0 && timing.searchSeconds >= timing.recordsSeconds)
        #expect(!daemon.ctl(["query", "supernova", "--limit", "2"]).stdout.contains("timing:"))
    }

    @Test func languageStemsTheWordsInThatLanguageOnly() async throws {
        let daemon = try await TestDaemon().start()
        var record = Record(bundle: grantedBundle, type: "Article", id: "fr", title: "Les journaux du soir")
        record.language = "fr"
        try daemon.importRecords([record])
        let french = daemon.ctl(["query", "journaux soir", "--language", "fr", "--json"])
        #expect(french.code == 0, "\(french.stderr)")
        #expect(try french.json(SearchResult.self).hits.map(\.record.id) == ["fr"])
        let english = daemon.ctl(["query", "journaux soir", "--language", "en", "--json"])
        #expect(try english.json(SearchResult.self).hits.map(\.record.id) == [])
    }

    @Test func snippetsMarkTheMatchesWithTheGivenMarkers() async throws {
        let daemon = try await daemonWithSamples(1)
        let run = daemon.ctl(["query", "viewing", "--snippets", "--mark-start", "<<", "--mark-end", ">>", "--json"])
        #expect(run.code == 0, "\(run.stderr)")
        let snippet = try run.json(SearchResult.self).hits.first?.snippet ?? ""
        #expect(snippet.contains("<<Viewing>>"), "\(snippet)")
    }

    @Test func spellingSuggestsACorrectionFromTheIndexsOwnWords() async throws {
        let daemon = try await daemonWithSamples()
        let run = daemon.ctl(["query", "supernvoa", "--spelling", "suggest", "--json"])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(try run.json(SearchResult.self).correctedText == "supernova")
    }
}
