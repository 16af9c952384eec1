import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

/// The engine's read connection to the store: the one a search reads its hits' records on.
@Suite struct EngineReadStoreTests {
    /// SQLite's `cache_size` of a connection, in KiB (a negative pragma value is KiB).
    private func pageCacheKiB(_ store: RecordStore) throws -> Int64 {
        var value: Int64 = 0
        try store.connection.run("PRAGMA cache_size", []) { value = $0.int64(0) }
        return value < 0 ? -value : value * 4
    }

    @Test func theReadConnectionKeepsMoreOfTheStoresPagesThanSQLitesDefault() throws {
        let fixture = EngineFixture()
        let engine = try SpotlightEngine(dataDirectory: fixture.directory)
        defer { engine.close() }
        let reading = try engine.readStore.withLock { try pageCacheKiB($0) }
        let writing = try pageCacheKiB(try RecordStore(path: fixture.directory + "/store.sqlite"))
        #expect(reading == Int64(RecordStore.readPageCacheKiB))
        #expect(reading > writing)
    }
}
