#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SpotlightModel
import Synchronization
import Testing
@testable import SpotlightWire

/// A fresh short temporary directory (socket paths must fit in 107 bytes); removed by `remove()`.
struct TemporaryDirectory {
    let path: String

    init() {
        var template = Array("/tmp/wire-XXXXXX".utf8CString)
        let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(created != nil, "mkdtemp failed")
        path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    func socket(_ name: String = "s.sock") -> String { "\(path)/\(name)" }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// Methods the tests serve: echo, add (typed), slow (sleeps), whoami (peer credentials), fail.
struct AddParams: Codable, Sendable {
    var a: Int
    var b: Int
}

struct SlowParams: Codable, Sendable {
    var milliseconds: Int
    /// Recorded in ``SlowCalls`` when the handler starts, so a test can wait for that.
    var marker: String?
}

/// The markers of the `slow` calls whose handlers have started and finished (tests run in
/// parallel, so each waits for a marker of its own).
enum SlowCalls {
    private static let started = Mutex<Set<String>>([])
    private static let finished = Mutex<Set<String>>([])

    static func start(_ marker: String) { _ = started.withLock { $0.insert(marker) } }
    static func finish(_ marker: String) { _ = finished.withLock { $0.insert(marker) } }

    /// Whether the `slow` call carrying `marker` has reached its handler.
    static func hasStarted(_ marker: String) -> Bool { started.withLock { $0.contains(marker) } }

    /// Whether the handler of the `slow` call carrying `marker` has slept its time and replied.
    static func hasFinished(_ marker: String) -> Bool { finished.withLock { $0.contains(marker) } }

    /// A fresh marker and the params of a `slow` call of `milliseconds` carrying it.
    static func call(milliseconds: Int) -> (marker: String, params: JSONValue) {
        let marker = UUID().uuidString
        return (marker, .object(["milliseconds": .int(Int64(milliseconds)), "marker": .string(marker)]))
    }
}

/// The test methods, served by ``TestService``.
enum TestMethod: String, RPCMethodSet {
    case echo, add, slow, whoami, fail, big
    static let documentation = "Tests/SpotlightWireTests/TestSupport.swift"
}

struct TestService: RPCService {
    func handle(_ method: TestMethod, params: JSONValue?, peer: PeerCredentials) async throws -> JSONValue {
        switch method {
        case .echo:
            return params ?? .null
        case .add:
            let p = try params.decode(AddParams.self)
            return .int(Int64(p.a + p.b))
        case .slow:
            let slow = try params.decode(SlowParams.self)
            if let marker = slow.marker { SlowCalls.start(marker) }
            try await Task.sleep(for: .milliseconds(slow.milliseconds))
            if let marker = slow.marker { SlowCalls.finish(marker) }
            return .string("done")
        case .whoami:
            _ = try params.decode([String: Int].self)
            return .object(["pid": .int(Int64(peer.pid)), "uid": .int(Int64(peer.uid)), "gid": .int(Int64(peer.gid))])
        case .fail:
            throw SpotlightError(.conflict, "the client state changed; fetch it and retry", underlying: "expected 3, found 4")
        case .big:
            // A string of as many bytes as asked for: an answer larger than its request.
            return .string(String(repeating: "x", count: try params.decode([String: Int].self)["bytes"] ?? 0))
        }
    }
}

/// Collects log lines for assertions.
final class LogCapture: Sendable {
    private let lines = Mutex<[String]>([])
    var log: SpotlightLog { SpotlightLog { [self] level, line in lines.withLock { $0.append("\(level.rawValue): \(line)") } } }
    var all: [String] { lines.withLock { $0 } }
}

/// A server on a fresh temporary socket, with a quiet log.
func startServer(_ directory: TemporaryDirectory,
                 configure: (inout UnixSocketServer.Configuration) -> Void = { _ in }) throws -> UnixSocketServer {
    var configuration = UnixSocketServer.Configuration()
    configuration.log = .silent
    configure(&configuration)
    return try UnixSocketServer(path: directory.socket(), handler: TestService(), configuration: configuration)
}

/// A raw socket client that writes raw bytes and reads raw lines: for sending what no
/// well-behaved client would. It never blocks a thread (tests run on the cooperative
/// pool, which the in-process server's handlers need too): it polls and sleeps instead.
/// Reads and writes give up after 10 s so a test cannot hang.
final class RawClient {
    let fd: Int32
    private var buffer: [UInt8] = []
    private let patience: Duration = .seconds(10)

    init(path: String) throws {
        fd = try UnixSocket.connect(path: path)
        try UnixSocket.setNonBlocking(fd)
    }

    deinit { close(fd) }

    /// Writes all bytes; returns false if the server closed the connection first.
    @discardableResult
    func write(_ bytes: [UInt8]) async -> Bool {
        var offset = 0
        let deadline = ContinuousClock.now + patience
        while offset < bytes.count, ContinuousClock.now < deadline {
            let sent = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent > 0 { offset += sent; continue }
            if sent < 0, errno != EAGAIN { return false }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return offset == bytes.count
    }

    func write(_ text: String) async { await write(Array(text.utf8)) }

    /// The next line, or nil at end of stream, on error, or after 10 s.
    func readLine() async -> String? {
        let deadline = ContinuousClock.now + patience
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeFirst(newline + 1)
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = recv(fd, &chunk, chunk.count, 0)
            if count > 0 { buffer.append(contentsOf: chunk[..<count]); continue }
            if count == 0 || errno != EAGAIN || ContinuousClock.now > deadline { return nil }
            try? await Task.sleep(for: .milliseconds(2))
        }
    }

    /// The next line parsed as JSON.
    func readJSON() async -> JSONValue? {
        guard let line = await readLine() else { return nil }
        return try? JSONDecoder().decode(JSONValue.self, from: Data(line.utf8))
    }
}

/// Waits until `condition` holds, polling, for at most `seconds`.
func eventually(seconds: Double = 10, _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}
