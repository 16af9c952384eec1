import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import SpotlightCore
import SpotlightModel

/// The data directory's lock against a child process that inherited it: a child started
/// (forked) while an engine held the lock shares it until it runs another program or exits.
@Suite struct DataDirectoryLockTests {
    private func withDirectory(_ body: (String) throws -> Void) throws {
        try withTemporaryDirectory("lock", body)
    }

    /// Whether another open file description can take the lock now.
    private func isFree(_ directory: String) -> Bool {
        let fd = open(directory + "/lock", O_RDWR | O_CLOEXEC)
        defer { close(fd) }
        return flock(fd, LOCK_EX | LOCK_NB) == 0
    }

    @Test func aLockReleasedWhileAChildStillSharesItIsTakenOnceTheChildLetsGo() throws {
        try withDirectory { directory in
            let first = try DataDirectoryLock(directory: directory)
            let child = InheritingChild(holdingFor: 300_000)
            defer { child.reap() }
            first.release()
            #expect(!isFree(directory), "the child should still share the lock")
            let second = try DataDirectoryLock(directory: directory)
            second.release()
        }
    }

    @Test func aChildThatKeepsTheLockPastTheWaitIsNamedInTheError() throws {
        try withDirectory { directory in
            let first = try DataDirectoryLock(directory: directory)
            let child = InheritingChild(holdingFor: 30_000_000)
            defer { child.kill() }
            first.release()
            let error = #expect(throws: SpotlightError.self) { try DataDirectoryLock(directory: directory) }
            #expect(error?.code == .locked)
            #expect(error?.message.contains("inherited the lock") == true)
            #expect(error?.message.contains("pid \(getpid())") == true)
        }
    }

    @Test func aSecondLockInThisProcessIsRefusedWhileTheFirstIsHeld() throws {
        try withDirectory { directory in
            let first = try DataDirectoryLock(directory: directory)
            defer { first.release() }
            let error = #expect(throws: SpotlightError.self) { try DataDirectoryLock(directory: directory) }
            #expect(error?.code == .locked)
            #expect(error?.message.contains("is in use by pid \(getpid())") == true)
        }
    }
}
