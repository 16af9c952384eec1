#if canImport(Glibc)
import Glibc
#endif

/// A self-pipe that wakes a thread blocked in poll(2). `signal` may be called from any
/// thread; extra signals coalesce (a full pipe is already readable). `package`: the search
/// provider's bus thread uses it too.
package final class WakePipe: Sendable {
    package let readEnd: Int32
    private let writeEnd: Int32

    package init() throws(SystemCallError) {
        var ends: [Int32] = [0, 0]
        _ = try systemCall("pipe") { pipe(&ends) }
        readEnd = ends[0]
        writeEnd = ends[1]
        for end in ends {
            try UnixSocket.setCloseOnExec(end)
            try UnixSocket.setNonBlocking(end)
        }
    }

    package func signal() {
        var byte: UInt8 = 1
        _ = try? nonBlockingSystemCall("write") { write(writeEnd, &byte, 1) }
    }

    /// Empties the pipe; call after poll reports it readable.
    package func drain() {
        var buffer = [UInt8](repeating: 0, count: 256)
        while let count = try? nonBlockingSystemCall("read", { read(readEnd, &buffer, buffer.count) }), count > 0 {}
    }

    /// Closed only when nothing can signal any more, so a late `signal` never writes to
    /// a descriptor number that was reused.
    deinit {
        UnixSocket.close(readEnd)
        UnixSocket.close(writeEnd)
    }
}
