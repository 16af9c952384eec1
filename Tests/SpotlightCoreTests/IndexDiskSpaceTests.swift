import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

/// A writer commits only when it says so, and only with disk space reserved first: libxapian
/// can end the process when a commit meets a full disk (see IndexSpaceReserve).
@Suite struct IndexDiskSpaceTests {
    @Test func closingAWriterDiscardsItsUncommittedChanges() throws {
        let t = try TempIndex().add(record("1", "Committed comet"))
        try t.index.replace([record("2", "Pending comet")])
        t.index.close()
        let reader = try SearchIndex.openReadOnly(.local(path: t.path))
        #expect(try reader.documentCount() == 1)
    }

    @Test func releasingAWriterDiscardsItsUncommittedChanges() throws {
        let t = try TempIndex().add(record("1", "Committed comet"))
        do {
            let second = try TempIndex()
            try second.index.replace([record("2", "Pending comet")])
            let path = second.path
            _ = consume second
            let reader = try SearchIndex.openReadOnly(.local(path: path))
            #expect(try reader.documentCount() == 0)
        } catch let error as SpotlightError where error.code == .notFound {
            // Never committed: Xapian created no database at all, which is just as good.
        }
        #expect(try t.index.documentCount() == 1)
    }

    @Test func discardUncommittedReturnsToTheLastCommit() throws {
        let t = try TempIndex().add(record("1", "Committed comet"))
        try t.index.replace([record("2", "Pending comet"), record("1", "Changed title")])
        try t.index.discardUncommitted()
        #expect(t.index.pendingChanges == 0)
        #expect(try t.ids("comet") == ["1"])
        #expect(try t.ids("changed") == [])
    }

    @Test func aCommitLeavesRoomAllocatedPastTheEndOfThePostingTable() throws {
        // /dev/shm is tmpfs, which preallocates; the default temporary directory might not.
        let directory = "/dev/shm/index-space-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let index = try SearchIndex.openWritable(path: directory)
        defer { index.close() }
        try index.replace([record("1", "Comet")])
        try index.commit(lastAppliedSequence: 1)
        var info = stat()
        #expect(stat(directory + "/postlist.glass", &info) == 0)
        #expect(Int64(info.st_blocks) * 512 >= Int64(info.st_size) + IndexSpaceReserve.defaultMinimumPerTable)
    }

    @Test func theRoomForALargeFirstCommitIsSizedByTheCommittedDocuments() {
        // A writer reopened with 10 documents committed (100 KB of postings) and 1000 new ones
        // pending counts 1010 documents; the commit writes about 1000 documents' worth.
        let reserve = IndexSpaceReserve(directory: "/nonexistent")
        let wanted = reserve.headroom(table: "postlist", size: 100_000, pendingChanges: 1000, documentCount: 1010)
        #expect(wanted >= 1000 * (100_000 / 10))
    }

    @Test func aCommitTheDiskCannotHoldIsRefusedBeforeAnythingIsWritten() throws {
        let t = try TempIndex().add(record("1", "Committed comet"))
        try t.index.replace([record("2", "Pending comet")])
        t.index.spaceReserve?.minimumPerTable = 1 << 52   // 4 PiB: no disk has that much room
        #expect {
            try t.index.commit(lastAppliedSequence: 2)
        } throws: { ($0 as? SpotlightError)?.code == .io
            && ($0 as? SpotlightError)?.message.contains("not enough disk space") == true }
        #expect(t.index.pendingChanges == 1)
        let reader = try SearchIndex.openReadOnly(.local(path: t.path))
        #expect(try reader.lastAppliedSequence() == 1)
        #expect(try reader.documentCount() == 1)
    }

    @Test func searchingPendingChangesTheDiskCannotHoldIsRefused() throws {
        let t = try TempIndex().add(record("1", "Committed comet"))
        try t.index.replace([record("2", "Pending comet")])
        t.index.spaceReserve?.minimumPerTable = 1 << 52
        #expect(throws: SpotlightError.self) { try t.ids("comet") }
    }
}
