import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

@Suite struct IndexQueryTests {
    @Test func accentedTextIsFoundByPlainQuery() throws {
        let t = try TempIndex().add(record("1", "Café Noir"))
        #expect(try t.ids("cafe") == ["1"])
    }

    @Test func plainTextIsFoundByAccentedQuery() throws {
        let t = try TempIndex().add(record("1", "Cafe Noir"))
        #expect(try t.ids("CAFÉ") == ["1"])
    }

    @Test func lastWordIsPrefixMatchedAsYouType() throws {
        let t = try TempIndex().add(record("1", "Supernova Viewing Party"), record("2", "Lunar eclipse"))
        #expect(try t.ids("supern") == ["1"])
    }

    @Test func aRecordHoldingMoreWordsThePartialWordBeginsRanksHigher() throws {
        // Same length, same rarity: "2" and "3" each hold one word starting with "supern",
        // "1" holds two, and the words a prefix expands to add up (docs/query.md, Bounds).
        let t = try TempIndex().add(record("1", "Supernova supernovae"), record("2", "Supernovae eclipse"),
                                    record("3", "Supernova comet"))
        let hits = try t.index.search(SearchQuery(text: "supern", limit: 10), now: Date()).hits
        #expect(hits.map(\.record.id).first == "1")
        let scores = Dictionary(uniqueKeysWithValues: hits.map { ($0.record.id, $0.score) })
        #expect(try #require(scores["1"]) > max(try #require(scores["2"]), try #require(scores["3"])) + 0.01)
    }

    @Test func oneLetterPrefixWithManyExpansionsStillAnswers() throws {
        let t = try TempIndex()
        try t.index.replace((0..<300).map { record(String($0), "s\(String($0, radix: 26))word\($0)") })
        try t.index.commit(lastAppliedSequence: 1)
        let result = try t.index.search(SearchQuery(text: "s", limit: 10), now: Date())
        #expect(result.hits.count == 10)
    }

    @Test func everyWordMustMatchByDefault() throws {
        let t = try TempIndex().add(record("1", "Supernova Viewing Party"), record("2", "Supernova lecture"))
        #expect(try t.ids("supernova party") == ["1"])
    }

    @Test func wordsAreStemmed() throws {
        let t = try TempIndex().add(record("1", "Garden parties"))
        #expect(try t.ids("party garden") == ["1"])
    }

    @Test func quotedPhraseMatchesOnlyTheWordsInOrder() throws {
        let t = try TempIndex().add(record("1", "Supernova Viewing Party"), record("2", "Party for viewing a supernova"))
        #expect(try t.ids("\"viewing party\"") == ["1"])
    }

    @Test func notAndMinusExcludeWords() throws {
        let t = try TempIndex().add(record("1", "Supernova party"), record("2", "Supernova lecture"))
        #expect(try t.ids("supernova NOT lecture") == ["1"])
        #expect(try t.ids("supernova -lecture") == ["1"])
    }

    @Test func leadingNotListsEverythingWithoutTheWord() throws {
        let t = try TempIndex().add(record("1", "Supernova party"), record("2", "Supernova lecture"))
        #expect(try t.ids("NOT lecture") == ["1"])
    }

    @Test func wildcardAndKeywordFieldMatch() throws {
        let t = try TempIndex().add(record("1", "Night", keywords: ["astronomy"]), record("2", "Astro night"))
        #expect(try t.ids("astrono* night") == ["1"])
        #expect(try t.ids("keyword:astronomy") == ["1"])
    }

    @Test func orMatchesEitherWord() throws {
        let t = try TempIndex().add(record("1", "Supernova party"), record("2", "Lunar lecture"), record("3", "Comet"))
        #expect(try Set(t.ids("supernova OR lunar")) == ["1", "2"])
    }

    @Test func titleFieldMatchesOnlyTheTitle() throws {
        let t = try TempIndex().add(record("1", "Roof party"), record("2", "Garden party", subtitle: "next to the roof"))
        #expect(try t.ids("title:roof") == ["1"])
    }

    @Test func typeAndBundleFieldsFilter() throws {
        let t = try TempIndex().add(record("1", "Deep Space", type: "CalendarEntity"),
                                    record("2", "Deep Space walk"),
                                    record("3", "Deep Space", bundle: "org.other.App"))
        #expect(try t.ids("deep type:CalendarEntity") == ["1"])
        #expect(try Set(t.ids("deep bundle:com.example.CometCal")) == ["1", "2"])
    }

    @Test func domainFieldMatchesSubDomains() throws {
        let t = try TempIndex().add(record("1", "Meeting", domain: "work.team"), record("2", "Meeting", domain: "work"),
                                    record("3", "Meeting", domain: "home"), record("4", "Meeting", domain: "workshop"))
        #expect(try Set(t.ids("meeting domain:work")) == ["1", "2"])
        #expect(try t.ids("meeting domain:work.team") == ["1"])
    }

    @Test func propertyNameIsAField() throws {
        let t = try TempIndex().add(record("1", "Party", properties: ["location": .string("Roof")]),
                                    record("2", "Roof repair", properties: ["location": .string("Garage")]))
        #expect(try t.ids("location:roof") == ["1"])
        #expect(try t.ids("roof").count == 2, "property text is also found without a field")
    }

    @Test func unknownFieldNameIsSearchedAsText() throws {
        let t = try TempIndex().add(record("1", "Visit http example"))
        #expect(try t.ids("http:example") == ["1"])
    }

    @Test func scopeByBundleAndType() throws {
        let t = try TempIndex().add(record("1", "Deep Space", type: "CalendarEntity"), record("2", "Deep Space"),
                                    record("3", "Deep Space", bundle: "org.other.App"))
        #expect(try t.ids("deep", bundles: ["com.example.CometCal"], types: ["EventEntity"]) == ["2"])
        #expect(try Set(t.ids("deep", bundles: ["org.other.App", "com.example.CometCal"])) == ["1", "2", "3"])
        #expect(try t.ids("deep", types: []) == [])
    }

    @Test func emptyQueryWithScopeListsEverythingPaged() throws {
        let t = try TempIndex()
        try t.index.replace((1...25).map { record(String($0), "Event \($0)") } + [record("x", "Other", bundle: "org.other")])
        try t.index.commit(lastAppliedSequence: 1)
        let pages = try [0, 10, 20].map { try t.ids(nil, bundles: ["com.example.CometCal"], offset: $0, limit: 10) }
        #expect(pages.map(\.count) == [10, 10, 5])
        #expect(Set(pages.joined()) == Set((1...25).map(String.init)))
        #expect(try t.ids("   ", bundles: ["com.example.CometCal"], limit: 100).count == 25)
    }

    @Test func expiredRecordsAreHiddenAndRecordsWithoutExpirationKept() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let t = try TempIndex().add(record("past", "Launch", expiration: now.addingTimeInterval(-1)),
                                    record("exact", "Launch", expiration: now),
                                    record("future", "Launch", expiration: now.addingTimeInterval(60)),
                                    record("never", "Launch"))
        #expect(try Set(t.ids("launch", now: now)) == ["future", "never"])
        #expect(try Set(t.ids(nil, now: now)) == ["future", "never"])
    }

    @Test func searchReturnsTheRecordExactlyAsDonated() throws {
        let donated = Record(bundle: "com.example.CometCal", type: "EventEntity", id: "E1", title: "Supernova",
                             subtitle: "Roof", synonyms: ["Star party"], keywords: ["astro"],
                             properties: ["seats": .int(3), "tags": .array([.string("a"), .enumCase("b")])],
                             domain: "events.2026", expiration: Date(timeIntervalSince1970: 4_000_000_000.5),
                             rankingHint: 70)
        let t = try TempIndex().add(donated)
        #expect(try t.index.search(SearchQuery(text: "star"), now: Date()).hits.map(\.record) == [donated])
    }

    @Test func rankingHintRaisesAnOtherwiseEqualMatch() throws {
        var high = record("high", "Comet watch")
        high.rankingHint = 100
        let t = try TempIndex().add(record("low", "Comet watch"), high)
        #expect(try t.ids("comet") == ["high", "low"])
    }
}
