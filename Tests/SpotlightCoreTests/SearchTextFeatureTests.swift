import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

/// Spelling, completions, synonyms, snippets, ranking and explanations.
@Suite struct SearchTextFeatureTests {
    func search(_ t: TempIndex, _ query: SearchQuery) throws -> SearchResult {
        try t.index.search(query, now: Date())
    }

    static func cosmic() throws -> TempIndex {
        try TempIndex().add(record("1", "Cosmic ray detector"), record("2", "Cosmic microwave background"),
                            record("3", "Ray tracing"))
    }

    @Test func misspeltQuerySuggestsCorrectionFromIndexWords() throws {
        let t = try Self.cosmic()
        let result = try search(t, SearchQuery(text: "cosmc ray", spelling: .suggest))
        #expect(result.hits.isEmpty)
        #expect(result.correctedText == "cosmic ray")
        #expect(result.retriedWithCorrection == nil)
    }

    @Test func retryReturnsTheHitsOfTheCorrection() throws {
        let t = try Self.cosmic()
        let result = try search(t, SearchQuery(text: "cosmik ray", spelling: .retry))
        #expect(result.retriedWithCorrection == true)
        #expect(result.correctedText == "cosmic ray")
        #expect(result.hits.map(\.record.id) == ["1"])
    }

    @Test func lastWordBeingTypedIsCorrectedToo() throws {
        let t = try Self.cosmic()
        #expect(try search(t, SearchQuery(text: "detectr", spelling: .suggest)).correctedText == "detector")
    }

    @Test func noSuggestionWithoutSpellingOrWhenWordsAreRight() throws {
        let t = try Self.cosmic()
        #expect(try search(t, SearchQuery(text: "cosmc ray")).correctedText == nil)
        #expect(try search(t, SearchQuery(text: "cosmic ray", spelling: .suggest)).correctedText == nil)
    }

    @Test func deletedRecordsLeaveTheSpellingDictionary() throws {
        let t = try TempIndex().add(record("1", "Nebula"))
        try t.index.delete([record("1", "").key])
        try t.index.commit(lastAppliedSequence: 2)
        #expect(try search(t, SearchQuery(text: "nebulx ", spelling: .suggest)).correctedText == nil)
    }

    @Test func completionsComeFromMatchingRecordsMostFrequentFirst() throws {
        let t = try TempIndex().add(record("1", "Supernova party"), record("2", "Supernova lecture"),
                                    record("3", "Superb owl"), record("4", "Sunset", bundle: "org.other"))
        let result = try search(t, SearchQuery(text: "sup", completions: 5))
        #expect(result.completions == ["supernova", "superb"])
        let scoped = try search(t, SearchQuery(text: "su", bundles: ["org.other"], completions: 5))
        #expect(scoped.completions == ["sunset"])
    }

    @Test func completionsUseTheOtherWords() throws {
        let t = try TempIndex().add(record("1", "Supernova party"), record("2", "Superb owl"))
        #expect(try search(t, SearchQuery(text: "owl sup", completions: 5)).completions == ["superb"])
    }

    @Test func synonymsAndKeywordsFindTheRecord() throws {
        let t = try TempIndex().add(Record(bundle: "b", type: "T", id: "1", title: "Meeting",
                                           synonyms: ["standup"], keywords: ["daily"]))
        #expect(try t.ids("standup") == ["1"])
        #expect(try t.ids("daily") == ["1"])
    }

    @Test func snippetMarksMatchesWithConfiguredMarkers() throws {
        let t = try TempIndex().add(record("1", "Party", subtitle: "a supernova viewing on the roof"))
        let hit = try search(t, SearchQuery(text: "supernova", snippets: SnippetOptions(start: "<<", end: ">>"))).hits[0]
        #expect(hit.snippet?.contains("<<supernova>>") == true)
    }

    @Test(arguments: [1, 5])
    func aSnippetShorterThanTheMatchedWordStillHoldsTheMatch(_ length: Int) throws {
        let t = try TempIndex().add(record("e1", "Supernova Viewing Party", subtitle: "https://example.com/t/42"))
        let hit = try search(t, SearchQuery(text: "supernova", snippets: SnippetOptions(length: length))).hits[0]
        #expect(hit.snippet?.hasPrefix("[Supernova]") == true, "\(hit.snippet ?? "nil")")
    }

    /// A Hindi word after one over 64 bytes: Xapian gave "" even with room for the longest word,
    /// so the snippet said nothing although the record matched (Xapian marks such a long word
    /// together with the match after it, so the whole run is the snippet).
    @Test(arguments: [1, 5])
    func aShortSnippetOfAHindiMatchIsNeverEmpty(_ length: Int) throws {
        var hindi = record("hi", "हिन्दीभाषाविज्ञानविभाग सम्मेलन")
        hindi.language = "hi"
        let t = try TempIndex().add(hindi)
        let hit = try search(t, SearchQuery(text: "सम्मेलन", snippets: SnippetOptions(length: length))).hits.first
        #expect(hit?.snippet?.hasSuffix("सम्मेलन]") == true, "\(hit?.snippet ?? "nil")")
    }

    /// Xapian's snippets skip words over 64 bytes, so a match that is one (a run of Thai) was
    /// never marked and a short snippet of it was "".
    @Test func aShortSnippetOfALongThaiRunMarksTheRun() throws {
        var thai = record("th", "ภาษาไทยง่ายนิดเดียวมากครับผมคิดว่า สวัสดี")
        thai.language = "th"
        let t = try TempIndex().add(thai)
        let hit = try search(t, SearchQuery(text: "ภาษา", snippets: SnippetOptions(length: 5))).hits.first
        #expect(hit?.snippet == "[ภาษาไทยง่ายนิดเดียวมากครับผมคิดว่า]…", "\(hit?.snippet ?? "nil")")
    }

    @Test func snippetEscapesHTMLOnlyOnRequest() throws {
        let t = try TempIndex().add(record("1", "Tom & Jerry <live>"))
        let plain = try search(t, SearchQuery(text: "jerry", snippets: SnippetOptions())).hits[0].snippet!
        #expect(plain.contains("Tom & [Jerry] <live>"))
        let html = try search(t, SearchQuery(text: "jerry", snippets: SnippetOptions(start: "<b>", end: "</b>", html: true)))
        #expect(html.hits[0].snippet!.contains("Tom &amp; <b>Jerry</b> &lt;live&gt;"))
    }

    @Test func titleMatchOutranksBodyMatch() throws {
        let t = try TempIndex().add(record("body", "Evening", subtitle: "watch the comet"), record("title", "Comet"))
        #expect(try t.ids("comet") == ["title", "body"])
    }

    @Test func rankingHintLiftsAnEqualMatchBoundedly() throws {
        var hinted = record("hinted", "Comet night")
        hinted.rankingHint = 100
        let t = try TempIndex().add(record("plain", "Comet night"), hinted)
        let hits = try search(t, SearchQuery(text: "comet")).hits
        #expect(hits.map(\.record.id) == ["hinted", "plain"])
        #expect(hits[0].score - hits[1].score <= 1.0 + 1e-9)
    }

    @Test func explainNamesFieldsAndScoreParts() throws {
        var r = record("1", "Comet party", keywords: ["sky"])
        r.rankingHint = 50
        let t = try TempIndex().add(r)
        let hit = try search(t, SearchQuery(text: "comet keyword:sky", explain: true)).hits[0]
        let explanation = try #require(hit.explanation)
        #expect(explanation.matches.contains(TermMatch(term: "sky", field: "keyword", stemmed: true)))
        #expect(explanation.matches.contains { $0.term == "comet" && $0.field == "text" })
        #expect(abs(explanation.rankingHintBoost - 0.5) < 1e-9)
        #expect(abs(explanation.relevance + explanation.rankingHintBoost - hit.score) < 1e-9)
    }
}
