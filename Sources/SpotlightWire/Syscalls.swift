#if canImport(Glibc)
import Glibc
#endif

// The one choke point for system calls in SpotlightWire. Every call goes through
// `systemCall`, which retries EINTR and turns errno into a `SystemCallError` carrying
// the call's name; nothing else in the module reads `errno`.

/// A system call failed: which call, and the errno it set.
///
/// ```swift
/// do { _ = try systemCall("close") { close(fd) } }
/// catch { print(error) } // "close failed: Bad file descriptor (errno 9)"
/// ```
public struct SystemCallError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The name of the call, e.g. `"bind"`.
    public var call: String
    /// The errno value the call set.
    public var errno: Int32

    public init(call: String, errno: Int32) {
        self.call = call
        self.errno = errno
    }

    /// The errno text, e.g. `"No such file or directory"`.
    public var reason: String { String(cString: strerror(errno)) }

    public var description: String { "\(call) failed: \(reason) (errno \(errno))" }

    /// True for EAGAIN/EWOULDBLOCK: a non-blocking call that would have blocked.
    var wouldBlock: Bool { errno == EAGAIN || errno == EWOULDBLOCK }
}

/// Runs `body` until it does not fail with EINTR; a result of -1 becomes a
/// `SystemCallError` named `call` with the errno of that attempt.
@inline(__always)
package func systemCall<Result: FixedWidthInteger>(
    _ call: String, _ body: () -> Result
) throws(SystemCallError) -> Result {
    while true {
        let result = body()
        if result != -1 { return result }
        let code = Glibc.errno
        if code == EINTR { continue }
        throw SystemCallError(call: call, errno: code)
    }
}

/// Like `systemCall`, but a non-blocking call that would block returns nil instead of throwing.
@inline(__always)
package func nonBlockingSystemCall<Result: FixedWidthInteger>(
    _ call: String, _ body: () -> Result
) throws(SystemCallError) -> Result? {
    do {
        return try systemCall(call, body)
    } catch where error.wouldBlock {
        return nil
    }
}

private let sigpipeIgnored: Bool = {
    signal(SIGPIPE, SIG_IGN)
    return true
}()

/// Ignores SIGPIPE for the whole process, once. Writing to a closed socket then fails
/// with EPIPE instead of killing the process. Sends also pass MSG_NOSIGNAL; this covers
/// any other write to a pipe or socket the process makes.
public func ignoreSIGPIPE() {
    _ = sigpipeIgnored
}
