import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SpotlightKit
import Synchronization
import Testing

/// `isIndexingAvailable()` connected with a blocking connect: against a listener whose queue
/// of connections is full (a spotlightd that stopped accepting) it waited as long as the queue
/// stayed full, on whatever thread asked, where Core Spotlight's answers at once.
@Suite struct IndexingAvailableBlockingTests {
    @Test func aListenerThatAcceptsNothingIsAnsweredAtOnce() throws {
        let path = "/tmp/iab-\(getpid()).sock"
        defer { unlink(path) }
        let listener = unixListener(at: path, backlog: 0)
        try #require(listener >= 0)
        defer { close(listener) }
        #expect(SearchableIndex.isIndexingAvailable(socketPath: path))   // fills the queue of one: never accepted
        let answered = DispatchSemaphore(value: 0)
        let available = Atomic<Bool>(false)
        Thread.detachNewThread {
            available.store(SearchableIndex.isIndexingAvailable(socketPath: path), ordering: .relaxed)
            answered.signal()
        }
        #expect(answered.wait(timeout: .now() + 5) == .success, "isIndexingAvailable waited on a full queue")
        let there = available.load(ordering: .relaxed)
        #expect(there, "a listener with a full queue is there")
    }
}
