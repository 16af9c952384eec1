import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

/// Property value slots belong to (bundle, property, kind): two apps with a same-named
/// property of different kinds never disturb each other's sort, ranges or facets.
@Suite struct SearchPropertySlotTests {
    static let games = "com.example.games"   // `level` is a number
    static let logs = "com.example.logs"     // `level` is a string

    /// The games' int `level` is met first, so under slots by name alone it would fix the kind.
    static func twoApps() throws -> TempIndex {
        try TempIndex().add(
            record("g1", "quest one", bundle: games, properties: ["level": .int(10)]),
            record("g2", "quest two", bundle: games, properties: ["level": .int(2)]),
            record("g3", "quest three", bundle: games, properties: ["level": .int(7)]),
            record("l1", "entry one", bundle: logs, properties: ["level": .string("warning")]),
            record("l2", "entry two", bundle: logs, properties: ["level": .string("error")]),
            record("l3", "entry three", bundle: logs, properties: ["level": .string("warning")]))
    }

    func ids(_ t: TempIndex, _ query: SearchQuery) throws -> [String] {
        try t.index.search(query, now: Date()).hits.map(\.record.id)
    }

    /// docs/query.md, Facets: an array's slot holds its first element, so facets, sort and
    /// ranges see that one, while every element is found as a word.
    @Test func anArrayIsFacetedByItsFirstElementAndFoundByEveryElement() throws {
        let t = try TempIndex().add(
            record("a", "first", properties: ["tags": .array([.string("sky"), .string("night")])]),
            record("b", "second", properties: ["tags": .array([.string("night")])]))
        let facets = try t.index.search(SearchQuery(text: nil, facets: ["tags"]), now: Date()).facets?["tags"]
        #expect(facets?.map(\.value).sorted() == ["night", "sky"])
        #expect(facets?.map(\.count) == [1, 1])
        #expect(try ids(t, SearchQuery(text: "tags:night")).sorted() == ["a", "b"])
    }

    @Test func eachAppSortsByItsOwnKind() throws {
        let t = try Self.twoApps()
        #expect(try ids(t, SearchQuery(text: nil, bundles: [Self.games], sort: SearchSort(by: "level"))) == ["g2", "g3", "g1"])
        #expect(try ids(t, SearchQuery(text: nil, bundles: [Self.logs], sort: SearchSort(by: "level", descending: true)))
            .prefix(2).sorted() == ["l1", "l3"])
        #expect(try ids(t, SearchQuery(text: nil, bundles: [Self.logs], sort: SearchSort(by: "level"))).first == "l2")
    }

    @Test func aSortAcrossBothAppsOrdersNumbersBeforeText() throws {
        let t = try Self.twoApps()
        let order = try ids(t, SearchQuery(text: nil, sort: SearchSort(by: "level")))
        #expect(Array(order.prefix(4)) == ["g2", "g3", "g1", "l2"])
        #expect(Array(order.suffix(2)).sorted() == ["l1", "l3"])
    }

    @Test func aRangeMatchesTheNumberAppOnly() throws {
        let t = try Self.twoApps()
        #expect(try t.ids("level:5..10").sorted() == ["g1", "g3"])
        #expect(try t.ids("level:..3") == ["g2"])
    }

    @Test func aDateRangeMatchesTheDateAppOnlyAndNumbersMatchTheNumberApp() throws {
        let june = ISO8601.date(from: "2026-06-10T00:00:00Z")!
        let t = try TempIndex().add(
            record("d1", "dated", bundle: Self.games, properties: ["when": .date(june)]),
            record("n1", "counted", bundle: Self.logs, properties: ["when": .int(Int(june.timeIntervalSince1970))]))
        #expect(try t.ids("when:2026-06..2026-06") == ["d1"])
        let seconds = Int(june.timeIntervalSince1970)
        #expect(try t.ids("when:\(seconds - 1)..\(seconds + 1)").sorted() == ["d1", "n1"])
    }

    @Test func eachAppFacetsItsOwnValues() throws {
        let t = try Self.twoApps()
        let games = try t.index.search(SearchQuery(text: nil, bundles: [Self.games], facets: ["level"]), now: Date())
        #expect(games.facets?["level"]?.map(\.value).sorted() == ["10", "2", "7"])
        let logs = try t.index.search(SearchQuery(text: nil, bundles: [Self.logs], facets: ["level"]), now: Date())
        #expect(logs.facets?["level"] == [FacetCount(value: "warning", count: 2), FacetCount(value: "error", count: 1)])
    }

    @Test func aFacetAcrossBothAppsMergesTheirCounts() throws {
        let t = try Self.twoApps()
        let result = try t.index.search(SearchQuery(text: nil, facets: ["level"]), now: Date())
        #expect(result.facets?["level"] == [FacetCount(value: "warning", count: 2), FacetCount(value: "2", count: 1),
                                             FacetCount(value: "7", count: 1), FacetCount(value: "10", count: 1),
                                             FacetCount(value: "error", count: 1)])
        #expect(result.inexact == nil)
    }

    @Test func theSlotOfAKeyIsTheSameInEveryIndex() throws {
        let key = PropertySlots.valueKey(field: "level", kind: .number, bundle: Self.games)
        #expect(key == "p:number:level:com.example.games")
        // FNV-1a 32-bit of the key, mapped above the fixed slots: no allocation order involved.
        var hash: UInt32 = 2_166_136_261
        for byte in key.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        #expect(PropertySlots.slot(forKey: key) == TermSchema.firstPropertySlot + hash % TermSchema.propertySlotRange)
        #expect(PropertySlots.slot(forKey: key) >= TermSchema.firstPropertySlot)
    }

    @Test func theRegistryListsEachBundleAndKindOfAProperty() throws {
        let t = try Self.twoApps()
        let slots = try PropertySlots.load(from: t.index.handle)
        #expect(Set(slots.entries(for: "level").map { "\($0.bundle) \($0.kind.rawValue)" })
            == ["com.example.games number", "com.example.logs text"])
        #expect(slots.sortSlot(for: "level") == PropertySlots.slot(forKey: "s:level"))
    }

    @Test func aKeyWhoseSlotIsTakenIsRefusedWithAReason() throws {
        let t = try TempIndex()
        var slots = PropertySlots()
        let (first, collider) = try #require(Self.collidingPair)
        try slots.register([first], in: t.index.handle)
        let refused = try slots.register([collider], in: t.index.handle)
        #expect(refused.map(\.key) == [collider])
        #expect(refused.first?.reason.contains("collision") == true)
        #expect(!slots.accepts(collider) && slots.accepts(first))
        let reloaded = try PropertySlots.load(from: t.index.handle)
        #expect(reloaded.accepts(first) && !reloaded.isComplete(PropertySlots.field(ofKey: collider)))
        #expect(try PropertySlots.refusals(in: t.index.handle)[collider] == refused.first?.reason)
    }

    /// A range on a property one of whose slot keys was refused cannot be answered exactly,
    /// also when its two dots come from folding (NFKC makes U+2025 TWO DOT LEADER `..`), nor
    /// can a value compared with it (`level:5` is also the range `5..5`).
    @Test func aRangeOnAPropertyWithARefusedSlotKeySaysItIsInexact() throws {
        let t = try TempIndex()
        var slots = PropertySlots()
        let (first, collider) = try #require(Self.collidingPair)
        try slots.register([first], in: t.index.handle)
        _ = try slots.register([collider], in: t.index.handle)
        _ = try t.add(record("g1", "Castle", bundle: Self.games, properties: ["level": .int(5)]))
        for text in ["level:1..9", "castle level:1\u{2025}9", "Château level:1..9", "level:5"] {
            #expect(try t.index.search(SearchQuery(text: text), now: Date()).inexact == ["ranges"], "\(text)")
        }
        for text in ["level:top", "castle", "Château 1.9"] {
            #expect(try t.index.search(SearchQuery(text: text), now: Date()).inexact == nil, "\(text)")
        }
    }

    @Test func twoDatabasesHoldingDifferentKeysInOneSlotRefuseBoth() throws {
        let (a, b) = (try TempIndex(), try TempIndex())
        let (first, collider) = try #require(Self.collidingPair)
        var one = PropertySlots(), two = PropertySlots()
        try one.register([first], in: a.index.handle)
        try two.register([collider], in: b.index.handle)
        let merged = PropertySlots.merged([one, two])
        #expect(!merged.accepts(first) && !merged.accepts(collider))
        #expect(!merged.isComplete("level"))
    }

    @Test func mergingAKeyTwiceListsItsSlotOnce() throws {
        let (a, b) = (try TempIndex(), try TempIndex())
        let key = PropertySlots.valueKey(field: "level", kind: .number, bundle: "a")
        var one = PropertySlots(), two = PropertySlots()
        try one.register([key], in: a.index.handle)
        try two.register([key], in: b.index.handle)
        #expect(PropertySlots.merged([one, two]).entries(for: "level").count == 1)
    }

    /// Two value keys `p:number:level:b<n>` on one slot: with 2^31 slots a few tens of
    /// thousands of bundles give a pair (the birthday bound).
    static let collidingPair: (String, String)? = {
        var seen: [UInt32: String] = [:]
        for n in 0..<1_000_000 {
            let key = PropertySlots.valueKey(field: "level", kind: .number, bundle: "b\(n)")
            let slot = PropertySlots.slot(forKey: key)
            if let other = seen[slot] { return (other, key) }
            seen[slot] = key
        }
        return nil
    }()
}
