import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SpotlightKit
import SpotlightModel

/// The repository root (for corpus/ and tools/).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

let packagesBundle = "org.debian.packages"

/// The first `count` records of corpus/packages-sample.jsonl.
func packageRecords(_ count: Int) throws -> [Record] {
    let text = try String(contentsOfFile: repositoryRoot + "/corpus/packages-sample.jsonl", encoding: .utf8)
    return try text.split(separator: "\n").prefix(count).map { try JSONDecoder().decode(Record.self, from: Data($0.utf8)) }
}

/// The records split into `count` groups by their `section` property (sorted sections dealt
/// round-robin), as tools/shard-split does by size.
func splitBySection(_ records: [Record], into count: Int) -> [[Record]] {
    func section(_ r: Record) -> String { r.properties["section"].map { "\($0)" } ?? "" }
    let sections = Array(Set(records.map(section))).sorted()
    let group = Dictionary(uniqueKeysWithValues: sections.enumerated().map { ($0.element, $0.offset % count) })
    return (0..<count).map { i in records.filter { group[section($0)] == i } }
}

/// A server (xapian-tcpsrv, xapian-replicate, a tools/ script) in its own process group, so
/// SIGKILL of the group also ends the per-connection children the Xapian servers fork.
final class ServerGroup: @unchecked Sendable {
    let pid: pid_t
    let logPath: String

    init(_ executable: String, _ arguments: [String], log: String, environment: [String: String] = [:]) throws {
        logPath = log
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let env = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0)=\($1)" }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        guard status == 0 else { throw SpotlightError(.io, "cannot start \(executable): \(String(cString: strerror(status)))") }
        pid = child
    }

    /// SIGKILL to the whole group (xapian-tcpsrv ignores SIGTERM), then reaps the leader.
    func kill() {
        guard !killed else { return }
        killed = true
        Glibc.kill(-pid, SIGCONT)
        Glibc.kill(-pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }
    private var killed = false

    /// Stops every process of the group (a shard that hangs) or lets it go on.
    func pause() { Glibc.kill(-pid, SIGSTOP) }
    func resume() { Glibc.kill(-pid, SIGCONT) }

    func log() -> String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    deinit { kill() }
}

/// xapian-tcpsrv serving `database` read-only on 127.0.0.1:`port`, listening when this returns.
func xapianTcpServer(_ database: String, port: Int, log: String) throws -> ServerGroup {
    let server = try ServerGroup("/usr/bin/xapian-tcpsrv",
                                 ["--interface", "127.0.0.1", "--port", String(port), database], log: log)
    try waitForTCP(port: port, server)
    return server
}

/// Waits until something accepts TCP connections on 127.0.0.1:`port`.
func waitForTCP(port: Int, _ server: ServerGroup) throws {
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = loopback(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        Glibc.close(fd)
        if connected == 0 { return }
        usleep(20_000)
    }
    throw SpotlightError(.timeout, "nothing listened on 127.0.0.1:\(port) within 20 s: \(server.log())")
}

private func loopback(port: Int) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    return address
}

/// A TCP port on 127.0.0.1 that was free a moment ago.
func freePort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { Glibc.close(fd) }
    var address = loopback(port: 0)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 ? getsockname(fd, $0, &length) : -1 }
    }
    guard bound == 0 else { throw SpotlightError(.io, "no free port: errno \(errno)") }
    return Int(UInt16(bigEndian: address.sin_port))
}

/// Shards on one machine: an owning spotlightd per shard (its records donated through the
/// socket), xapian-tcpsrv serving each owner's index, and a front spotlightd with an empty
/// local index that searches them all.
final class ShardedSet: @unchecked Sendable {
    let owners: [DaemonProcess]
    var servers: [ServerGroup]
    let ports: [Int]
    let front: DaemonProcess
    let names: [String]
    let timeoutMilliseconds: Int

    /// - Parameter frontGrants: the front's `--grant`s; `[packagesBundle]` makes it the bundle a
    ///   `CSSearchQuery` or `CSUserQuery` through the front searches.
    init(_ groups: [[Record]], timeoutMilliseconds: Int = 1000, reprobeSeconds: Double = 0.5,
         frontGrants: [String] = ["com.example.test", "com.example.other"]) async throws {
        self.timeoutMilliseconds = timeoutMilliseconds
        var owners: [DaemonProcess] = []
        for group in groups {
            // A front reads the shards' records from their documents.
            let owner = try DaemonProcess(grants: [packagesBundle], arguments: ["--records-in-index"])
            for start in stride(from: 0, to: group.count, by: 500) {
                try await owner.index().indexRecords(Array(group[start..<min(start + 500, group.count)]))
            }
            try await waitUntilIndexed(owner)
            owners.append(owner)
        }
        self.owners = owners
        let ports = try groups.map { _ in try freePort() }
        let names = groups.indices.map { "shard\($0 + 1)" }
        self.ports = ports
        self.names = names
        servers = try owners.indices.map { i in
            try xapianTcpServer(owners[i].dataDirectory + "/index", port: ports[i], log: owners[i].root + "/tcpsrv.log")
        }
        let config = owners[0].root + "/shards.conf"
        let lines = names.indices.map { "\(names[$0]) tcp://127.0.0.1:\(ports[$0]) \(packagesBundle)" }
            + ["timeout-ms \(timeoutMilliseconds)", "reprobe-seconds \(reprobeSeconds)"]
        try lines.joined(separator: "\n").write(toFile: config, atomically: true, encoding: .utf8)
        front = try DaemonProcess(grants: frontGrants, arguments: ["--shards-config", config])
    }

    /// Starts shard `i`'s xapian-tcpsrv again on its port.
    func restartServer(_ i: Int) throws {
        servers[i].kill()
        servers[i] = try xapianTcpServer(owners[i].dataDirectory + "/index", port: ports[i],
                                         log: owners[i].root + "/tcpsrv.log")
    }

    deinit { servers.forEach { $0.kill() } }
}

/// Waits until the daemon's index has committed everything its store holds (xapian-tcpsrv
/// serves only committed revisions).
func waitUntilIndexed(_ daemon: DaemonProcess) async throws {
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline {
        let status = try await daemon.index().status().index
        if status.lastAppliedSequence == status.storeSequence { return }
        try await Task.sleep(for: .milliseconds(50))
    }
    throw SpotlightError(.timeout, "the index of \(daemon.dataDirectory) did not catch up within 20 s")
}

/// The identifiers of the hits, in order.
func ids(_ result: SearchResult) -> [String] { result.hits.map(\.record.id) }
