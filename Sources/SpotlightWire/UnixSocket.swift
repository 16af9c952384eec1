#if canImport(Glibc)
import Glibc
#endif
import SpotlightModel

/// Low-level Unix-domain stream socket operations. Every syscall goes through
/// `systemCall` (Syscalls.swift); errors meant for people become `SpotlightError`s here.
enum UnixSocket {
    /// The longest path `sun_path` can hold, leaving room for the terminating NUL.
    static let maxPathBytes = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    /// The address for `path`, or an error naming the path if it does not fit `sun_path`.
    static func address(for path: String) throws(SpotlightError) -> sockaddr_un {
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty else {
            throw SpotlightError(.invalidInput, "the socket path is empty; give a file path")
        }
        guard bytes.count <= maxPathBytes, !bytes.contains(0) else {
            throw SpotlightError(.invalidInput, """
                socket path is \(bytes.count) bytes, longer than the \(maxPathBytes) a Unix socket \
                address holds: \(path); choose a shorter path (for example under $XDG_RUNTIME_DIR)
                """)
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
        }
        return address
    }

    /// A new blocking, close-on-exec Unix stream socket.
    static func makeSocket() throws(SystemCallError) -> Int32 {
        try systemCall("socket") {
            socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        }
    }

    static func connect(fd: Int32, to address: sockaddr_un) throws(SystemCallError) {
        var address = address
        _ = try systemCall("connect") {
            withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
        }
    }

    static func bind(fd: Int32, to address: sockaddr_un) throws(SystemCallError) {
        var address = address
        _ = try systemCall("bind") {
            withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
        }
    }

    /// Connects a new socket to `path`. A missing socket or one nobody listens on is
    /// `.unavailable` naming the path; the caller adds how to start the server.
    static func connect(path: String) throws(SpotlightError) -> Int32 {
        let address = try address(for: path)
        let fd: Int32
        do { fd = try makeSocket() } catch { throw SpotlightError(.io, "cannot create a socket", underlying: "\(error)") }
        do {
            try connect(fd: fd, to: address)
            return fd
        } catch {
            close(fd)
            switch error.errno {
            case ENOENT:
                throw SpotlightError(.unavailable, "no server is running: the socket \(path) does not exist",
                                     underlying: "\(error)")
            case ECONNREFUSED:
                if let kind = SocketPath.nonSocketKind(at: path) {
                    throw SpotlightError(.unavailable, "\(path) is \(kind), not a socket: no server can listen there",
                                         underlying: "\(error)")
                }
                throw SpotlightError(.unavailable, "no server is listening on the socket \(path) (a stale socket file)",
                                     underlying: "\(error)")
            case EACCES, EPERM:
                throw SpotlightError(.permissionDenied, "not allowed to connect to the socket \(path)",
                                     underlying: "\(error)")
            default:
                throw SpotlightError(.unavailable, "cannot connect to the socket \(path)", underlying: "\(error)")
            }
        }
    }

    static func setNonBlocking(_ fd: Int32) throws(SystemCallError) {
        let flags = try systemCall("fcntl(F_GETFL)") { fcntl(fd, F_GETFL) }
        _ = try systemCall("fcntl(F_SETFL)") { fcntl(fd, F_SETFL, flags | O_NONBLOCK) }
    }

    static func setCloseOnExec(_ fd: Int32) throws(SystemCallError) {
        let flags = try systemCall("fcntl(F_GETFD)") { fcntl(fd, F_GETFD) }
        _ = try systemCall("fcntl(F_SETFD)") { fcntl(fd, F_SETFD, flags | FD_CLOEXEC) }
    }

    /// Accepts one connection as a non-blocking, close-on-exec fd; nil when none is waiting.
    static func accept(_ listener: Int32) throws(SystemCallError) -> Int32? {
        guard let fd = try nonBlockingSystemCall("accept", { Glibc.accept(listener, nil, nil) }) else { return nil }
        do {
            try setCloseOnExec(fd)
            try setNonBlocking(fd)
            return fd
        } catch {
            close(fd)
            throw error
        }
    }

    /// Reads into `buffer`; nil when a non-blocking read would block, 0 at end of stream.
    static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemCallError) -> Int? {
        try nonBlockingSystemCall("read") { Glibc.read(fd, buffer.baseAddress, buffer.count) }
    }

    /// Sends without raising SIGPIPE; nil when a non-blocking send would block.
    static func send(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemCallError) -> Int? {
        try nonBlockingSystemCall("send") { Glibc.send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Sends all of `bytes` on a socket, waiting while it is full (for short messages
    /// such as a refusal before closing). Gives up silently on error.
    static func sendAllBestEffort(_ fd: Int32, _ bytes: [UInt8], timeoutMilliseconds: Int32 = 1000) {
        var offset = 0
        while offset < bytes.count {
            let attempt = bytes.withUnsafeBytes { raw in
                Result { () throws(SystemCallError) in try send(fd, UnsafeRawBufferPointer(rebasing: raw[offset...])) }
            }
            guard case .success(let sent) = attempt else { return }
            if let sent {
                offset += sent
            } else {
                var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                guard (try? systemCall("poll") { poll(&entry, 1, timeoutMilliseconds) }) ?? 0 > 0 else { return }
            }
        }
    }

    /// The credentials of the process at the other end, from SO_PEERCRED.
    static func peerCredentials(_ fd: Int32) throws(SystemCallError) -> PeerCredentials {
        // struct ucred { pid_t pid; uid_t uid; gid_t gid; }: three 32-bit fields.
        var fields: (Int32, UInt32, UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout.size(ofValue: fields))
        _ = try systemCall("getsockopt(SO_PEERCRED)") {
            getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &fields, &length)
        }
        return PeerCredentials(pid: fields.0, uid: fields.1, gid: fields.2)
    }

    /// True if `fd` is a socket in the listening state.
    static func isListening(_ fd: Int32) -> Bool {
        var accepting: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        let result = try? systemCall("getsockopt(SO_ACCEPTCONN)") {
            getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &accepting, &length)
        }
        return result != nil && accepting != 0
    }

    /// Whether `fd` is a Unix domain stream socket (not TCP, not a datagram socket).
    static func isUnixStream(_ fd: Int32) -> Bool {
        func option(_ name: Int32) -> Int32? {
            var value: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            return getsockopt(fd, SOL_SOCKET, name, &value, &length) == 0 ? value : nil
        }
        return option(SO_DOMAIN) == AF_UNIX && option(SO_TYPE) == Int32(SOCK_STREAM.rawValue)
    }

    /// Closes `fd`, ignoring errors (after close the fd is gone either way on Linux).
    static func close(_ fd: Int32) {
        _ = Glibc.close(fd)
    }
}

/// The process at the other end of a connection, from the kernel (SO_PEERCRED): it
/// cannot be forged by the peer.
///
/// ```swift
/// let me = PeerCredentials.current
/// print(me.pid, me.uid, me.gid)
/// ```
public struct PeerCredentials: Sendable, Hashable, CustomStringConvertible {
    public var pid: Int32
    public var uid: UInt32
    public var gid: UInt32
    /// The server's number for the connection a request came on, unique while the server
    /// runs (a `LocalConnection` has its own); 0 outside a server. State that lives as long as
    /// a connection (a batch) is keyed by it, and ``RPCConnectionObserving`` learns when it ends.
    public var connection: Int

    public init(pid: Int32, uid: UInt32, gid: UInt32, connection: Int = 0) {
        self.pid = pid
        self.uid = uid
        self.gid = gid
        self.connection = connection
    }

    /// The credentials of this process.
    public static var current: PeerCredentials {
        PeerCredentials(pid: getpid(), uid: getuid(), gid: getgid())
    }

    public var description: String { "pid \(pid) uid \(uid) gid \(gid)" }
}

/// Whether a server accepts connections on the Unix socket at `path` now: connects and hangs up.
///
/// ```swift
/// if !serverAnswers(at: "/run/user/1000/spotlight/d.sock") { print("spotlightd is not running") }
/// ```
package func serverAnswers(at path: String) -> Bool {
    guard let fd = try? UnixSocket.connect(path: path) else { return false }
    UnixSocket.close(fd)
    return true
}
