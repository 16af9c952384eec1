import Foundation
import Synchronization
import Testing
@testable import SpotlightCore
import SpotlightModel

/// The donation time the store keeps stands in for `modified` in the recency boost.
@Suite struct EngineDonationTimeTests {
    /// An engine whose store takes donations at the time `clock` holds.
    func open(_ fixture: EngineFixture, _ clock: TestClock) throws -> SpotlightEngine {
        var options = SpotlightEngine.Options()
        options.commitDelay = 0.05
        options.clock = { clock.now() }
        return try SpotlightEngine(dataDirectory: fixture.directory, options: options)
    }

    @Test func theNewerDonationOfTwoEqualRecordsRanksFirst() async throws {
        let fixture = EngineFixture()
        let clock = TestClock(Date().addingTimeInterval(-20 * 86_400))
        let engine = try open(fixture, clock)
        defer { engine.close() }
        _ = try await engine.write(.upsert([EngineFixture.event("old", "Comet night")], clientState: nil))
        clock.set(Date())
        _ = try await engine.write(.upsert([EngineFixture.event("new", "Comet night")], clientState: nil))
        let hits = try await engine.search(SearchQuery(text: "comet")).hits
        #expect(hits.map(\.record.id) == ["new", "old"])
        #expect(abs(hits[0].score - hits[1].score - 0.375) < 1e-9)   // 0.5 (a day) - 0.125 (30 days)
    }

    @Test func aRebuildKeepsTheDonationTime() async throws {
        let fixture = EngineFixture()
        let clock = TestClock(Date().addingTimeInterval(-40 * 86_400))
        let engine = try open(fixture, clock)
        defer { engine.close() }
        _ = try await engine.write(.upsert([EngineFixture.event("old", "Comet night")], clientState: nil))
        clock.set(Date())
        _ = try await engine.write(.upsert([EngineFixture.event("new", "Comet night")], clientState: nil))
        _ = try await engine.rebuild()
        #expect(try await engine.search(SearchQuery(text: "comet")).hits.map(\.record.id) == ["new", "old"])
    }

    @Test func aModifiedPropertyWinsOverTheDonationTime() async throws {
        let fixture = EngineFixture()
        let clock = TestClock(Date())
        let engine = try open(fixture, clock)
        defer { engine.close() }
        var stale = EngineFixture.event("stale", "Comet night")
        stale.properties["modified"] = .date(Date().addingTimeInterval(-90 * 86_400))
        _ = try await engine.write(.upsert([stale, EngineFixture.event("fresh", "Comet night")], clientState: nil))
        #expect(try await engine.search(SearchQuery(text: "comet")).hits.map(\.record.id) == ["fresh", "stale"])
    }

    @Test func theStoreKeepsTheDonationTimeOutsideTheRecord() throws {
        let fixture = EngineFixture()
        try FileManager.default.createDirectory(atPath: fixture.directory, withIntermediateDirectories: true)
        let store = try RecordStore(path: fixture.directory + "/store.sqlite")
        defer { store.close() }
        let when = Date(timeIntervalSince1970: 1_800_000_000)
        store.clock = { when }
        let record = EngineFixture.event("e1", "Comet night")
        _ = try store.upsert([record])
        let change = try store.changes(after: 0, limit: 10).first
        #expect(change?.donated == when)
        #expect(change?.record == record)
    }
}

/// A time a test sets and the engine's clock reads.
final class TestClock: Sendable {
    private let time: Mutex<Date>
    init(_ start: Date) { time = Mutex(start) }
    func set(_ date: Date) { time.withLock { $0 = date } }
    func now() -> Date { time.withLock { $0 } }
}
