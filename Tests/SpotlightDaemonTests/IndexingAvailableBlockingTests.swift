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
        unlink(path)
        defer { unlink(path) }
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0 && listen(listener, 0) == 0)
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
