import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

/// The index's write lock (libxapian's, on its open lock file) against a child process that
/// inherited it: a writer this process closed is opened again once the child lets go, not
/// refused as "held by another writer".
@Suite struct IndexWriterLockTests {
    private func withPath(_ body: (String) throws -> Void) throws {
        try withTemporaryDirectory("writer-lock") { try body($0 + "/index") }
    }

    @Test func aWriterClosedWhileAChildSharesItsLockOpensAgainOnceTheChildLetsGo() throws {
        try withPath { path in
            let first = try SearchIndex.openWritable(path: path)
            try first.replace([Record(bundle: "b", type: "T", id: "1", title: "Saturn")])
            try first.commit(lastAppliedSequence: 1)
            let child = InheritingChild(holdingFor: 300_000)
            defer { child.reap() }
            first.close()
            let again = try SearchIndex.openWritable(path: path)
            defer { again.close() }
            #expect(try again.documentCount() == 1)
        }
    }

    @Test func discardingWhileAChildSharesTheLockKeepsAWorkingWriter() throws {
        try withPath { path in
            let index = try SearchIndex.openWritable(path: path)
            defer { index.close() }
            try index.replace([Record(bundle: "b", type: "T", id: "1", title: "Saturn")])
            try index.commit(lastAppliedSequence: 1)
            let child = InheritingChild(holdingFor: 300_000)
            defer { child.reap() }
            try index.replace([Record(bundle: "b", type: "T", id: "2", title: "Jupiter")])
            try index.discardUncommitted()
            try index.replace([Record(bundle: "b", type: "T", id: "3", title: "Neptune")])
            try index.commit(lastAppliedSequence: 2)
            #expect(try index.documentCount() == 2)
        }
    }

    @Test func aSecondWriterInThisProcessIsRefusedWhileTheFirstIsOpen() throws {
        try withPath { path in
            let first = try SearchIndex.openWritable(path: path)
            defer { first.close() }
            let error = #expect(throws: SpotlightError.self) { try SearchIndex.openWritable(path: path) }
            #expect(error?.code == .locked)
        }
    }
}
