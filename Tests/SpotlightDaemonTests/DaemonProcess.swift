import Foundation
import SpotlightTestSupport
#if canImport(Glibc)
import Glibc
#endif
import SpotlightKit
import SpotlightModel
import SpotlightSupervision


/// A real spotlightd for the daemon's suites: a ``TestSpotlightd`` granting the test bundles,
/// with the calls these suites make.
final class DaemonProcess: @unchecked Sendable {
    let daemon: TestSpotlightd
    var root: String { daemon.root }
    var dataDirectory: String { daemon.dataDirectory }
    var socket: String { daemon.socket }
    var appsDirectory: String { daemon.appsDirectory }
    /// The running daemon's process.
    var process: ChildProcess? { daemon.process }

    /// Starts spotlightd granting `grants`, with `arguments` on every start (e.g.
    /// `--records-in-index` for a shard owner); `start: false` makes the directory only.
    init(grants: [String] = ["com.example.test", "com.example.other"], arguments: [String] = [],
         environment: [String: String] = [:], start: Bool = true) throws {
        daemon = try TestSpotlightd(.init(grants: grants, arguments: arguments, environment: environment), start: start)
    }

    /// Starts it again (it must not run), with `extraArguments` for this start only.
    func start(extraArguments: [String] = []) throws { try daemon.start(extraArguments: extraArguments) }

    /// Starts another spotlightd process with this one's directories, without waiting.
    func launch(extraArguments: [String] = []) throws -> ChildProcess { try daemon.launch(extraArguments: extraArguments) }

    /// What its daemons wrote to stderr so far.
    func log() -> String { daemon.stderr }

    /// Whether its stderr says `text` within 10 s.
    func logged(_ text: String) -> Bool { daemon.waitForStderr(containing: text) }

    /// SIGTERM (SIGKILL after 10 s) and how it ended; nil if it was not running.
    @discardableResult
    func stop() -> ProcessExit? { daemon.stop() }

    /// SIGKILL: a crash.
    @discardableResult
    func kill() -> ProcessExit? { daemon.kill() }

    func restart() throws { try daemon.restart() }

    func index() -> SearchableIndex { SearchableIndex(socketPath: socket) }
}

/// A blocking line-oriented connection for raw protocol tests.
final class RawConnection: @unchecked Sendable {
    let fd: Int32

    /// Connects to the socket at `path`, or to the abstract socket `@name` (systemd's notation).
    init(path: String) throws {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        // An abstract name is a NUL byte and the name, exactly as long as the address says.
        let abstract = path.hasPrefix("@")
        let bytes = abstract ? [0] + Array(path.utf8.dropFirst()) : Array(path.utf8)
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in
            raw.copyBytes(from: bytes.prefix(raw.count - 1))
        }
        let length = abstract ? MemoryLayout<sa_family_t>.size + bytes.count : MemoryLayout<sockaddr_un>.size
        let ok = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(length))
            }
        }
        if ok != 0 {
            Glibc.close(fd)
            throw SpotlightError(.unavailable, "connect \(path): \(String(cString: strerror(errno)))")
        }
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    private var buffer: [UInt8] = []

    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            offset += n
        }
    }

    func send(_ line: String) { send(Array((line + "\n").utf8)) }

    /// Bytes sent that the peer has not read yet (`TIOCOUTQ`), 0 if that cannot be told.
    var unreadBytes: Int32 {
        var count: Int32 = 0
        return ioctl(fd, UInt(TIOCOUTQ), &count) == 0 ? count : 0
    }

    /// The next line, or nil at end of stream / timeout.
    func readLine() -> String? {
        while true {
            if let nl = buffer.firstIndex(of: 10) {
                let line = String(decoding: buffer[..<nl], as: UTF8.self)
                buffer.removeFirst(nl + 1)
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { return nil }
            buffer.append(contentsOf: chunk[..<n])
        }
    }

    /// The next message as JSON.
    func readJSON() -> [String: Any]? {
        guard let line = readLine(), let data = line.data(using: .utf8) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    private var closed = false
    func close() {
        if !closed { Glibc.close(fd) }
        closed = true
    }
    deinit { close() }
}
