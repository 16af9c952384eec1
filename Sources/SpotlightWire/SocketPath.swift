#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SpotlightModel

/// Binding a listening socket at a path, safely: directory 0700 if it must be created,
/// socket 0600, a stale socket replaced only if it is a socket nobody listens on.
enum SocketPath {
    /// A listening, non-blocking socket bound at `path`, and the inode it got.
    static func bindAndListen(_ path: String, backlog: Int32 = SOMAXCONN) throws(SpotlightError) -> (fd: Int32, inode: UInt) {
        let address = try UnixSocket.address(for: path)
        try createDirectory(parentOf: path)
        try removeStaleSocket(at: path)
        do throws(SystemCallError) {
            let fd = try UnixSocket.makeSocket()
            do {
                try UnixSocket.bind(fd: fd, to: address)
                _ = try systemCall("chmod") { chmod(path, 0o600) }
                _ = try systemCall("listen") { listen(fd, backlog) }
                try UnixSocket.setNonBlocking(fd)
                return (fd, inode(of: path) ?? 0)
            } catch {
                UnixSocket.close(fd)
                throw error
            }
        } catch {
            let hint = error.errno == EADDRINUSE ? "; another process created it just now" : ""
            throw SpotlightError(.io, "cannot listen on the socket \(path)\(hint)", underlying: "\(error)")
        }
    }

    /// Removes the socket at `path` if it is still the one with `inode` (another server may
    /// have replaced it since).
    static func unlinkIfOurs(_ path: String, inode ours: UInt) {
        if inode(of: path) == ours { _ = try? systemCall("unlink") { unlink(path) } }
    }

    static func inode(of path: String) -> UInt? {
        var info = stat()
        guard (try? systemCall("lstat") { lstat(path, &info) }) != nil else { return nil }
        return UInt(info.st_ino)
    }

    /// Creates the missing directories above `path` with mode 0700.
    private static func createDirectory(parentOf path: String) throws(SpotlightError) {
        var components = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        guard !components.isEmpty else { return }
        var missing: [String] = []
        while !components.isEmpty {
            let directory = components.joined(separator: "/")
            if directory.isEmpty || (try? systemCall("access") { access(directory, F_OK) }) != nil { break }
            missing.append(directory)
            components = components.dropLast()
        }
        for directory in missing.reversed() {
            do {
                _ = try systemCall("mkdir") { mkdir(directory, 0o700) }
            } catch where error.errno == EEXIST {
                continue
            } catch {
                throw SpotlightError(.io, "cannot create the socket directory \(directory)", underlying: "\(error)")
            }
        }
    }

    /// Unlinks `path` if it is a socket nobody listens on; refuses anything else.
    private static func removeStaleSocket(at path: String) throws(SpotlightError) {
        var info = stat()
        do {
            _ = try systemCall("lstat") { lstat(path, &info) }
        } catch where error.errno == ENOENT {
            return
        } catch {
            throw SpotlightError(.io, "cannot inspect the socket path \(path)", underlying: "\(error)")
        }
        guard info.st_mode & S_IFMT == S_IFSOCK else {
            throw SpotlightError(.invalidInput, """
                \(path) exists and is not a socket (\(kind(info.st_mode))); it was left untouched. \
                Remove it or choose another socket path
                """)
        }
        if let fd = try? UnixSocket.connect(path: path) {
            let listener = try? UnixSocket.peerCredentials(fd).pid
            UnixSocket.close(fd)
            throw SpotlightError(.locked, "another server is already listening on \(path)\(whoListens(pid: listener))")
        }
        do {
            _ = try systemCall("unlink") { unlink(path) }
        } catch {
            guard error.errno == ENOENT else {
                throw SpotlightError(.io, "cannot remove the stale socket \(path)", underlying: "\(error)")
            }
        }
    }

    /// The end of the refusal to listen where another process does: who that is, by the pid
    /// that made the listening socket (`SO_PEERCRED` of a connection to it) and its name, and
    /// what to do. systemd listens on a socket unit's behalf, so a daemon started by hand beside
    /// an active unit is told to stop the unit, not to look for a server to stop.
    static func whoListens(pid: Int32?) -> String {
        let fallback = "; stop it or choose another socket path"
        guard let pid, pid > 0 else { return fallback }
        let name = ((try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? "")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard name.hasPrefix("systemd") else { return name.isEmpty ? " (pid \(pid))" + fallback : " (pid \(pid), \(name))" + fallback }
        return ": \(name) (pid \(pid)) holds it for socket activation, most likely for an active socket unit "
            + "(`systemctl --user list-sockets` names it; for spotlightd, spotlightd.socket), and starts the service on "
            + "the first connection; stop that unit and its service (`systemctl --user stop spotlightd.socket "
            + "spotlightd`) to run one by hand, or choose another socket path"
    }

    /// What is at `path` (symbolic links followed, as `connect` does) when it exists and is
    /// not a socket: "a regular file", "a directory", "a character device"; nil for a socket
    /// or nothing.
    static func nonSocketKind(at path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFSOCK else { return nil }
        return kind(info.st_mode)
    }

    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFREG: "a regular file"
        case S_IFDIR: "a directory"
        case S_IFLNK: "a symbolic link"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        default: "a file of another kind"
        }
    }
}

/// systemd socket activation: the listening sockets passed as fds 3, 4, ... when
/// `LISTEN_PID` is this process and `LISTEN_FDS` counts them.
///
/// ```swift
/// if let fd = SocketActivation.listeningFileDescriptors().first {
///     server = try UnixSocketServer(adopting: fd, handler: handler)
/// }
/// ```
public enum SocketActivation {
    /// The first fd systemd passes (`SD_LISTEN_FDS_START`).
    public static let firstFileDescriptor: Int32 = 3

    /// The passed fds, or [] when this process was not socket-activated. Unsets
    /// `LISTEN_PID`, `LISTEN_FDS` and `LISTEN_FDNAMES` so children do not inherit them.
    public static func listeningFileDescriptors(environment: [String: String]? = nil) -> [Int32] {
        let environment = environment ?? currentEnvironment()
        guard let pid = environment["LISTEN_PID"].flatMap(Int32.init), pid == getpid(),
              let count = environment["LISTEN_FDS"].flatMap(Int32.init), count > 0 else { return [] }
        for name in ["LISTEN_PID", "LISTEN_FDS", "LISTEN_FDNAMES"] { unsetenv(name) }
        return Array(firstFileDescriptor..<firstFileDescriptor + count)
    }

    /// The file path a passed socket is bound to (`ListenStream=` of the socket unit), or nil
    /// for an abstract or unnamed socket: the path clients reach the daemon at.
    public static func boundPath(of fd: Int32) -> String? {
        guard let bytes = boundName(of: fd), let first = bytes.first, first == UInt8(ascii: "/") else { return nil }
        return String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }

    /// The name of an abstract socket passed (`ListenStream=@name`), written as systemd writes
    /// it, `@name`; nil for a socket bound to a path, or unnamed.
    ///
    /// ```swift
    /// SocketActivation.abstractName(of: 3)   // "@spotlightd" for ListenStream=@spotlightd
    /// ```
    public static func abstractName(of fd: Int32) -> String? {
        guard let bytes = boundName(of: fd), bytes.count > 1, bytes[0] == 0 else { return nil }
        return "@" + String(decoding: bytes.dropFirst(), as: UTF8.self)
    }

    /// `sun_path` of the address `fd` is bound to, as long as the kernel says it is (an
    /// abstract name starts with a NUL byte); nil if it is not a Unix socket.
    private static func boundName(of fd: Int32) -> [UInt8]? {
        var address = sockaddr_un()
        var length = socklen_t(MemoryLayout<sockaddr_un>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0, address.sun_family == sa_family_t(AF_UNIX) else { return nil }
        return withUnsafeBytes(of: &address.sun_path) { raw in
            Array(raw.prefix(min(raw.count, max(0, Int(length) - MemoryLayout<sa_family_t>.size))))
        }
    }

    private static func currentEnvironment() -> [String: String] {
        var result: [String: String] = [:]
        for name in ["LISTEN_PID", "LISTEN_FDS"] {
            if let value = getenv(name) { result[name] = String(cString: value) }
        }
        return result
    }
}
