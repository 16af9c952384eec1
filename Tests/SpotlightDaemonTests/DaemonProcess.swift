import Foundation
import SpotlightTestSupport
#if canImport(Glibc)
import Glibc
#endif
import SpotlightKit
import SpotlightModel


/// A real spotlightd in a temporary directory, started from the built products.
final class DaemonProcess: @unchecked Sendable {
    let root: String
    let dataDirectory: String
    let socket: String
    let appsDirectory: String
    let grants: [String]
    private(set) var process: Process?
    let logPath: String

    /// Arguments every start of this daemon gets (e.g. `--records-in-index` for a shard owner).
    let baseArguments: [String]

    init(grants: [String] = ["com.example.test", "com.example.other"], arguments: [String] = []) throws {
        baseArguments = arguments
        // Short path: sun_path holds 107 bytes.
        root = "/tmp/sd-" + String(UUID().uuidString.prefix(8))
        dataDirectory = root + "/data"
        socket = root + "/run/spotlightd.sock"
        appsDirectory = root + "/apps"
        logPath = root + "/daemon.log"
        self.grants = grants
        try FileManager.default.createDirectory(atPath: appsDirectory, withIntermediateDirectories: true)
        try start()
    }

    func start(extraArguments: [String] = []) throws {
        let p = try launch(extraArguments: extraArguments)
        process = p
        try waitForSocket(p)
    }

    /// Starts another spotlightd process with this one's directories, without waiting.
    func launch(extraArguments: [String] = []) throws -> Process {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: builtProductsDirectory() + "/spotlightd")
        p.arguments = ["--data-dir", dataDirectory, "--socket", socket, "--apps-dir", appsDirectory]
            + grants.flatMap { ["--grant", $0] } + baseArguments + extraArguments
        var env = ProcessInfo.processInfo.environment
        env["SPOTLIGHT_EXIT_WITH_PARENT"] = "1"
        p.environment = env
        if !FileManager.default.fileExists(atPath: logPath) { _ = FileManager.default.createFile(atPath: logPath, contents: nil) }
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        log.seekToEndOfFile()
        p.standardError = log
        p.standardOutput = log
        try p.run()
        return p
    }

    func waitForSocket(_ p: Process) throws {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if !p.isRunning { throw SpotlightError(.unavailable, "spotlightd exited: \(log())") }
            if let fd = try? RawConnection(path: socket) { fd.close(); return }
            usleep(20_000)
        }
        throw SpotlightError(.timeout, "spotlightd did not listen within 20 s: \(log())")
    }

    func log() -> String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// Sends a signal and waits for the exit status.
    @discardableResult
    func stop(signal: Int32 = SIGTERM) -> Int32 {
        guard let p = process, p.isRunning else { return process?.terminationStatus ?? 0 }
        stopProcess(p, signal: signal)
        return p.terminationStatus
    }

    func restart() throws {
        stop()
        try start()
    }

    func index() -> SearchableIndex { SearchableIndex(socketPath: socket) }

    deinit {
        stop(signal: SIGKILL)
        try? FileManager.default.removeItem(atPath: root)
    }
}

/// A blocking line-oriented connection for raw protocol tests.
final class RawConnection: @unchecked Sendable {
    let fd: Int32

    init(path: String) throws {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in
            let bytes = Array(path.utf8)
            raw.copyBytes(from: bytes.prefix(raw.count - 1))
        }
        let ok = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
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
