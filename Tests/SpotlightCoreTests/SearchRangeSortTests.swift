import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

/// Ranges, sorting, paging bounds and facets over property value slots.
@Suite struct SearchRangeSortTests {
    static func day(_ text: String) -> Date { ISO8601.date(from: text)! }

    /// Three events in June/July 2026 with a numeric rank and a section.
    static func events() throws -> TempIndex {
        try TempIndex().add(
            record("a", "Star party", properties: ["startDate": .date(day("2026-06-01T20:00:00Z")), "rank": .int(5),
                                                   "section": .string("sky")]),
            record("b", "Star lecture", properties: ["startDate": .date(day("2026-06-30T23:00:00Z")), "rank": .int(20),
                                                     "section": .string("talk")]),
            record("c", "Star walk", properties: ["startDate": .date(day("2026-07-01T00:00:00Z")), "rank": .int(10),
                                                  "section": .string("sky")]))
    }

    func ids(_ t: TempIndex, _ query: SearchQuery) throws -> [String] {
        try t.index.search(query, now: Date()).hits.map(\.record.id)
    }

    @Test func monthRangeCoversTheWholeMonth() throws {
        let t = try Self.events()
        #expect(try t.ids("startDate:2026-06..2026-06").sorted() == ["a", "b"])
    }

    @Test func dayRangeAndFullDateTimeBoundsWork() throws {
        let t = try Self.events()
        #expect(try t.ids("startdate:2026-06-30..2026-07-01").sorted() == ["b", "c"])
        #expect(try t.ids("startdate:2026-06-01T20:00:00Z..2026-06-01T20:00:00Z") == ["a"])
    }

    @Test func aDayItsMonthDoesNotHaveIsNotADate() throws {
        let t = try Self.events()
        // June has 30 days: the 31st is not 1 July, nor is day 0 the last of May.
        #expect(try t.ids("startdate:2026-06-31").isEmpty)
        #expect(try t.ids("startdate:2026-06-30..2026-06-31").isEmpty)
        #expect(try t.ids("startdate:2026-07-00..2026-07-01").isEmpty)
        #expect(try t.ids("startdate:2026-06-9223372036854775807").isEmpty)
        #expect(QueryRanges.period("2026-02-29") == nil)
        #expect(QueryRanges.period("2028-02-29") != nil)
        #expect(try t.ids("startdate:2026-06-30") == ["b"])
    }

    @Test func openEndedRangesWorkOnBothSides() throws {
        let t = try Self.events()
        #expect(try t.ids("rank:10..").sorted() == ["b", "c"])
        #expect(try t.ids("rank:..10").sorted() == ["a", "c"])
        #expect(try t.ids("startdate:2026-07..").sorted() == ["c"])
    }

    @Test func rangeCombinesWithWords() throws {
        let t = try Self.events()
        #expect(try t.ids("walk rank:5..20") == ["c"])
    }

    @Test func sortByPropertyAscendingAndDescending() throws {
        let t = try Self.events()
        #expect(try ids(t, SearchQuery(text: "star", sort: SearchSort(by: "rank"))) == ["a", "c", "b"])
        #expect(try ids(t, SearchQuery(text: "star", sort: SearchSort(by: "startDate", descending: true))) == ["c", "b", "a"])
    }

    @Test func sortByTitleIsAlphabetical() throws {
        let t = try Self.events()
        #expect(try ids(t, SearchQuery(text: "star", sort: SearchSort(by: "title"))) == ["b", "a", "c"])
    }

    /// A text property sorts as a person reads it, as the title does: case, diacritics and
    /// Unicode normal form (`Ä` precomposed or `A` and a combining diaeresis) do not matter.
    @Test func sortByTextPropertyIgnoresCaseDiacriticsAndNormalForm() throws {
        let cities = ["zurich": "Zürich", "apple": "apple", "koln": "Köln", "arger": "A\u{308}rger",
                      "apfel": "\u{C4}pfel", "banana": "BANANA"]
        let t = try TempIndex()
        try t.index.replace(cities.sorted { $0.key > $1.key }.map { record($0.key, "city", properties: ["city": .string($0.value)]) })
        try t.index.commit(lastAppliedSequence: 1)
        #expect(try ids(t, SearchQuery(text: nil, sort: SearchSort(by: "city")))
                == ["apfel", "apple", "arger", "banana", "koln", "zurich"])
    }

    @Test func relevanceFirstBreaksTiesByProperty() throws {
        let t = try TempIndex().add(
            record("x", "comet", properties: ["rank": .int(1)]), record("y", "comet", properties: ["rank": .int(3)]),
            record("z", "comet comet comet tail", properties: ["rank": .int(2)]))
        let order = try ids(t, SearchQuery(text: "comet", sort: SearchSort(by: "rank", descending: true, relevanceFirst: true)))
        #expect(Array(order.suffix(2)) == ["y", "x"] || Array(order.prefix(2)) == ["y", "x"])
    }

    @Test func pagingReportsTotalBounds() throws {
        let t = try Self.events()
        let result = try t.index.search(SearchQuery(text: "star", offset: 1, limit: 1), now: Date())
        #expect(result.hits.count == 1)
        #expect(result.totalLowerBound! <= 3 && 3 <= result.totalUpperBound!)
    }

    @Test func facetsCountByTypeBundleAndProperty() throws {
        let t = try Self.events()
        try t.add(record("d", "Star app", bundle: "org.other", type: "App", properties: ["section": .string("sky")]))
        let facets = try t.index.search(SearchQuery(text: "star", limit: 1, facets: ["type", "bundle", "section", "rank"]),
                                        now: Date()).facets!
        #expect(facets["type"] == [FacetCount(value: "EventEntity", count: 3), FacetCount(value: "App", count: 1)])
        #expect(facets["bundle"]?.first == FacetCount(value: "com.example.CometCal", count: 3))
        #expect(facets["section"] == [FacetCount(value: "sky", count: 3), FacetCount(value: "talk", count: 1)])
        #expect(Set(facets["rank"]!.map(\.value)) == ["5", "10", "20"])
    }

    /// docs/query.md, Facets: values counted alike list by their folded text, then their bytes,
    /// not upper case first.
    @Test func facetValuesWithEqualCountsListByFoldedText() throws {
        let t = try TempIndex().add(record("a", "fruit", properties: ["name": .string("banana")]),
                                    record("b", "fruit", properties: ["name": .string("Cherry")]),
                                    record("c", "fruit", properties: ["name": .string("Äpfel")]),
                                    record("d", "fruit", properties: ["name": .string("apple")]))
        let facets = try t.index.search(SearchQuery(text: nil, facets: ["name"]), now: Date()).facets?["name"]
        #expect(facets?.map(\.value) == ["Äpfel", "apple", "banana", "Cherry"])
    }

    /// docs/query.md, Facets: a value written in another case, width, normal form or without its
    /// accents is the same value to a reader, so it is counted with the others.
    @Test func facetValuesThatFoldAlikeCountAsOne() throws {
        let forms = ["Köln", "KÖLN", "köln", "ＫÖＬＮ", "Ko\u{308}ln", "Koln"]
        let t = try TempIndex()
        try t.index.replace(forms.enumerated().map { record("r\($0.offset)", "city", properties: ["city": .string($0.element)]) })
        try t.index.commit(lastAppliedSequence: 1)
        let facets = try t.index.search(SearchQuery(text: nil, facets: ["city"]), now: Date()).facets?["city"]
        #expect(facets?.map(\.count) == [forms.count])
    }

    /// A merged value is shown as most of its records write it.
    @Test func mergedFacetValueShowsItsMostFrequentForm() throws {
        let t = try TempIndex().add(record("a", "city", properties: ["city": .string("KÖLN")]),
                                    record("b", "city", properties: ["city": .string("Köln")]),
                                    record("c", "city", properties: ["city": .string("Köln")]))
        let facets = try t.index.search(SearchQuery(text: nil, facets: ["city"]), now: Date()).facets?["city"]
        #expect(facets == [FacetCount(value: "Köln", count: 3)])
    }

    /// Among forms held by as many records, the one written in capitals is not the one shown.
    @Test func mergedFacetValueIsNotShownInCapitalsOnATie() throws {
        let t = try TempIndex().add(record("a", "city", properties: ["city": .string("ZÜRICH")]),
                                    record("b", "city", properties: ["city": .string("Zürich")]))
        let facets = try t.index.search(SearchQuery(text: nil, facets: ["city"]), now: Date()).facets?["city"]
        #expect(facets == [FacetCount(value: "Zürich", count: 2)])
    }

    /// A rare form of a value is counted with it even when Xapian's first values of the slot
    /// (by count, then bytes) leave it out: here `KÖLN` comes after `A`, the 101st.
    @Test func rareFormOfAListedValueIsCountedBeyondTheCut() throws {
        let t = try TempIndex()
        let pairs = (0..<Int(SearchRun.maxFacetValues) - 1).flatMap { n in
            (0..<2).map { record("o\(n)-\($0)", "city", properties: ["city": .string("Town \(n)")]) }
        }
        let common = (0..<3).map { record("k\($0)", "city", properties: ["city": .string("Köln")]) }
        try t.index.replace(pairs + common + [record("a", "city", properties: ["city": .string("A")]),
                                              record("z", "city", properties: ["city": .string("KÖLN")])])
        try t.index.commit(lastAppliedSequence: 1)
        let facets = try t.index.search(SearchQuery(text: nil, facets: ["city"]), now: Date()).facets?["city"]
        #expect(facets?.first == FacetCount(value: "Köln", count: 4))
    }

    /// When more values than are listed share the last count, the ones listed are the first by
    /// folded text, not the first by bytes.
    @Test func facetValuesCutAmongEqualCountsKeepTheFirstByFoldedText() throws {
        let t = try TempIndex()
        let upper = (0..<Int(SearchRun.maxFacetValues)).map { record("u\($0)", "fruit", properties: ["name": .string("B\($0)")]) }
        try t.index.replace(upper + [record("lower", "fruit", properties: ["name": .string("a")])])
        try t.index.commit(lastAppliedSequence: 1)
        let facets = try t.index.search(SearchQuery(text: nil, facets: ["name"]), now: Date()).facets?["name"]
        #expect(facets?.first?.value == "a")
        #expect(facets?.count == Int(SearchRun.maxFacetValues))
    }

    @Test func facetOfUnknownPropertyIsEmpty() throws {
        let t = try Self.events()
        let facets = try t.index.search(SearchQuery(text: "star", facets: ["colour"]), now: Date()).facets
        #expect(facets == ["colour": []])
    }

    @Test func slotTableSurvivesReopeningTheIndex() throws {
        let t = try Self.events()
        let reader = try SearchIndex.openReadOnly(.local(path: t.path))
        defer { reader.close() }
        let result = try reader.search(SearchQuery(text: "rank:20..20"), now: Date())
        #expect(result.hits.map(\.record.id) == ["b"])
    }
}
