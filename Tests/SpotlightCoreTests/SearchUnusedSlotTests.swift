import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

/// A committed index that no record gave a ranking hint or an expiration searches without the
/// boost and the filter for them (they would add 0 and hide nothing): the same answers as
/// with them, for less. Writers always keep both (their statistics are not relied on).
@Suite struct SearchUnusedSlotTests {
    static let queries = ["comet", "comet watch", "night", "watch -night", "com"]

    static func compiled(_ index: SearchIndex, now: Date) throws -> String {
        try QueryCompiler(database: index.handle).compile(SearchQuery(text: "comet"), now: now).description
    }

    @Test func aReaderAnswersLikeTheWriterWhenNoRecordHasAHintOrAnExpiration() throws {
        let t = try TempIndex().add(record("a", "Comet watch"), record("b", "Comet watch night"),
                                    record("c", "Night comet", keywords: ["watch"]), record("d", "Comets"))
        let reader = try SearchIndex.openReadOnly(.local(path: t.path))
        defer { reader.close() }
        let now = Date()
        for text in Self.queries {
            let written = try t.index.search(SearchQuery(text: text), now: now).hits
            let read = try reader.search(SearchQuery(text: text), now: now).hits
            #expect(read.map(\.record.id) == written.map(\.record.id), "\(text)")
            #expect(read.map(\.score) == written.map(\.score), "\(text)")
        }
        #expect(try !Self.compiled(reader, now: now).contains("VALUE_RANGE 0"))
        #expect(try Self.compiled(t.index, now: now).contains("VALUE_RANGE 0"))
    }

    @Test func aRecordExpiringLaterIsHiddenOnceTheReaderSeesIt() throws {
        let t = try TempIndex().add(record("a", "Comet watch"))
        let reader = try SearchIndex.openReadOnly(.local(path: t.path))
        defer { reader.close() }
        let now = Date()
        #expect(try reader.search(SearchQuery(text: "comet"), now: now).hits.map(\.record.id) == ["a"])
        try t.add(record("gone", "Comet watch", expiration: now.addingTimeInterval(-60)))
        try reader.reopen()
        #expect(try reader.search(SearchQuery(text: "comet"), now: now).hits.map(\.record.id) == ["a"])
        #expect(try Self.compiled(reader, now: now).contains("VALUE_RANGE 0"))
    }

    @Test func aRankingHintDonatedLaterRaisesItsRecordOnAReader() throws {
        let t = try TempIndex().add(record("a", "Comet watch"), record("b", "Comet watch"))
        let reader = try SearchIndex.openReadOnly(.local(path: t.path))
        defer { reader.close() }
        #expect(try reader.search(SearchQuery(text: "comet"), now: Date()).hits.map(\.record.id) == ["a", "b"])
        var hinted = record("b", "Comet watch")
        hinted.rankingHint = 100
        try t.add(hinted)
        try reader.reopen()
        #expect(try reader.search(SearchQuery(text: "comet"), now: Date()).hits.map(\.record.id) == ["b", "a"])
    }
}
