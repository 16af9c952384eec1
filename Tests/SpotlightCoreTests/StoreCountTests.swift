import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

/// The store's counts per bundle and type come from record_counts, kept by triggers, so
/// `status` reads a few rows however many records there are.
@Suite struct StoreCountTests {
    private func counts(_ store: RecordStore) throws -> [String: [String: Int]] {
        Dictionary(uniqueKeysWithValues: try store.counts().map { ($0.bundle, $0.types) })
    }

    @Test func countsFollowDonationsRedonationsAndEveryKindOfDelete() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        _ = try store.upsert((0..<5).map { storeRecord("e\($0)", domain: "d.\($0 % 2)") })
        _ = try store.upsert((0..<3).map { storeRecord("t\($0)", type: "Task") })
        _ = try store.upsert([storeRecord("x", bundle: "other")])
        #expect(try counts(store) == ["b": ["T": 5, "Task": 3], "other": ["T": 1]])
        _ = try store.upsert((0..<5).map { storeRecord("e\($0)", title: "again", domain: "d.\($0 % 2)") })
        #expect(try counts(store) == ["b": ["T": 5, "Task": 3], "other": ["T": 1]])
        _ = try store.delete(.ids(bundle: "b", type: "T", ids: ["e0", "missing"]))
        _ = try store.delete(.domain(bundle: "b", domain: "d.1"))
        #expect(try counts(store) == ["b": ["T": 2, "Task": 3], "other": ["T": 1]])
        _ = try store.delete(.type(bundle: "b", type: "Task"))
        _ = try store.delete(.bundle("other"))
        #expect(try counts(store) == ["b": ["T": 2]])
    }

    @Test func expiredRecordsSweptAreUncounted() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        _ = try store.upsert([storeRecord("old", expiration: Date(timeIntervalSince1970: 1000)), storeRecord("new")])
        _ = try store.sweepExpired(now: Date())
        #expect(try counts(store) == ["b": ["T": 1]])
    }

    @Test func aStoreOfSchema4IsCountedWhenItIsUpgraded() throws {
        let fixture = try StoreFixture()
        do {
            let store = try fixture.open()
            _ = try store.upsert((0..<7).map { storeRecord("e\($0)") } + [storeRecord("x", bundle: "other")])
            // As spotlightd of store schema 4 left it: no counts table, no triggers.
            try store.connection.execute("""
                DROP TRIGGER records_counted_insert; DROP TRIGGER records_counted_delete;
                DROP TABLE record_counts; PRAGMA user_version = 4
                """)
        }
        let store = try fixture.open()
        #expect(try counts(store) == ["b": ["T": 7], "other": ["T": 1]])
        _ = try store.upsert([storeRecord("e7")])
        #expect(try counts(store) == ["b": ["T": 8], "other": ["T": 1]])
    }
}
