import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

/// Property text longer than TermSchema.longTextBytes (256) has no value slot and only its first
/// 256 bytes in the sort slot; a facet or sort on such a property says it is inexact.
@Suite struct SearchLongTextSlotTests {
    static let long = String(repeating: "b", count: 256)

    func search(_ t: TempIndex, _ query: SearchQuery) throws -> SearchResult {
        try t.index.search(query, now: Date())
    }

    @Test func aFacetCountsTheShortValuesAndIsInexactWhenOneIsLong() throws {
        let t = try TempIndex().add(
            record("1", "one", properties: ["note": .string("alpha")]),
            record("2", "two", properties: ["note": .string("alpha")]),
            record("3", "three", properties: ["note": .string("beta")]),
            record("4", "four", properties: ["note": .string(Self.long + " and more")]))
        let result = try search(t, SearchQuery(text: nil, facets: ["note"]))
        #expect(result.facets?["note"] == [FacetCount(value: "alpha", count: 2), FacetCount(value: "beta", count: 1)])
        #expect(result.inexact == ["facets"])
    }

    @Test func aSortOnLongTextOrdersByItsFirst256BytesAndIsInexact() throws {
        // "tail-z" and "tail-a" differ only after byte 256: they tie, and a tie keeps index order.
        let t = try TempIndex().add(
            record("tail-z", "z", properties: ["note": .string(Self.long + "z")]),
            record("short", "c", properties: ["note": .string("c")]),
            record("tail-a", "a", properties: ["note": .string(Self.long + "a")]),
            record("aaa", "a", properties: ["note": .string(String(repeating: "a", count: 300))]))
        let result = try search(t, SearchQuery(text: nil, sort: SearchSort(by: "note")))
        #expect(result.hits.map(\.record.id) == ["aaa", "tail-z", "tail-a", "short"])
        #expect(result.inexact == ["sort"])
    }

    @Test func theSortSlotOfLongTextKeepsWholeCharactersOnly() throws {
        // "ж" (which folding keeps) is two bytes at offsets 255 and 256: the cut at 256 would
        // split it, so it goes.
        let text = String(repeating: "b", count: 255) + "ж" + String(repeating: "x", count: 50)
        let stored = PropertySlots.values(of: record("1", "one", properties: ["note": .string(text)]))
        #expect(stored.map(\.key) == [PropertySlots.sortKey(field: "note")])
        #expect(stored.first?.bytes == [PropertySlots.sortTag(.text)] + Array(repeating: UInt8(ascii: "b"), count: 255))
    }

    @Test func shortTextFacetsAndSortsWholeAndIsExact() throws {
        // 256 bytes is not long yet: kept whole, so its sort and facet are as before.
        let t = try TempIndex().add(
            record("b256", "one", properties: ["note": .string(Self.long)]),
            record("b255", "two", properties: ["note": .string(String(Self.long.dropLast()) + "c")]),
            record("alpha", "three", properties: ["note": .string("alpha")]))
        let sorted = try search(t, SearchQuery(text: nil, sort: SearchSort(by: "note")))
        #expect(sorted.hits.map(\.record.id) == ["alpha", "b256", "b255"])
        #expect(sorted.inexact == nil)
        let faceted = try search(t, SearchQuery(text: nil, facets: ["note"]))
        #expect(faceted.facets?["note"]?.map(\.value).sorted() == ["alpha", Self.long, String(Self.long.dropLast()) + "c"])
        #expect(faceted.inexact == nil)
    }
}
