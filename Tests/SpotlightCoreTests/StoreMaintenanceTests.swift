import Foundation
import Testing
import SpotlightCore
import SpotlightModel

@Suite struct StoreMaintenanceTests {
    @Test func sweepExpiredDeletesDueRecordsAndLogsThem() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        _ = try store.upsert([storeRecord("past", expiration: now.addingTimeInterval(-1)),
                              storeRecord("now", expiration: now),
                              storeRecord("future", expiration: now.addingTimeInterval(1)),
                              storeRecord("never")])
        let swept = try store.sweepExpired(now: now)
        #expect(Set(swept.map(\.id)) == ["past", "now"])
        #expect(try store.allIDs() == ["future", "never"])
        let deletions = try store.changes(after: 4, limit: 10)
        #expect(deletions.count == 2 && deletions.allSatisfy { $0.record == nil })
    }

    @Test func countsArePerBundleAndTypeSortedByBundle() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        _ = try store.upsert([storeRecord("1", bundle: "z"), storeRecord("2", bundle: "a", type: "A"),
                              storeRecord("3", bundle: "a", type: "A"), storeRecord("4", bundle: "a", type: "B")])
        #expect(try store.counts() == [BundleCount(bundle: "a", types: ["A": 2, "B": 1]),
                                       BundleCount(bundle: "z", types: ["T": 1])])
    }

    @Test func forEachRecordVisitsEveryRecordOfTheBundleInBatches() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        _ = try store.upsert((1...7).map { storeRecord("\($0)") } + [storeRecord("x", bundle: "other")])
        var batchSizes: [Int] = []
        var ids: [String] = []
        try store.forEachRecord(bundle: "b", batchSize: 3) { batch in
            batchSizes.append(batch.count)
            ids += batch.map(\.id)
        }
        #expect(batchSizes == [3, 3, 1])
        #expect(ids == (1...7).map { "\($0)" })
    }

    @Test func fileThatIsNotADatabaseIsCorruptNamingThePath() throws {
        let fixture = try StoreFixture()
        try Data(String(repeating: "not a database\n", count: 100).utf8).write(to: URL(fileURLWithPath: fixture.path))
        #expect { try fixture.open() } throws: { error in
            guard let error = error as? SpotlightError else { return false }
            return error.code == .corrupt && error.message.contains(fixture.path)
        }
    }

    @Test func pathInAMissingDirectoryIsAnIOErrorNamingThePath() throws {
        let fixture = try StoreFixture()
        let path = fixture.directory.appendingPathComponent("missing/records.sqlite").path
        #expect { try RecordStore(path: path) } throws: { error in
            guard let error = error as? SpotlightError else { return false }
            return error.code == .io && error.message.contains(path)
        }
    }

    @Test func integrityCheckIsEmptyOnASoundStore() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        _ = try store.upsert((1...50).map { storeRecord("\($0)") })
        #expect(try store.integrityCheck() == [])
    }

    @Test func integrityCheckFindsFlippedBytesInTheMiddleOfTheFile() throws {
        let fixture = try StoreFixture()
        do {
            let store = try fixture.open()
            let long = String(repeating: "lorem ipsum ", count: 40)
            _ = try store.upsert((1...400).map { storeRecord("\($0)", title: long) })
            store.close()
        }
        let url = URL(fileURLWithPath: fixture.path)
        var bytes = try Data(contentsOf: url)
        let pageSize = 4096
        #expect(bytes.count >= 20 * pageSize)
        let middle = (bytes.count / pageSize / 2) * pageSize
        for offset in middle..<(middle + 16) { bytes[offset] ^= 0xFF }   // the page header
        try bytes.write(to: url)
        do {
            let problems = try fixture.open().integrityCheck()
            #expect(!problems.isEmpty)
        } catch let error as SpotlightError {
            #expect(error.code == .corrupt)
        }
    }

    @Test func sizeInBytesCountsTheDatabaseFile() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        _ = try store.upsert((1...20).map { storeRecord("\($0)") })
        let onDisk = try FileManager.default.attributesOfItem(atPath: fixture.path)[.size] as? Int64 ?? 0
        #expect(try store.sizeInBytes() > onDisk)   // the WAL holds the recent commits too
    }
}
