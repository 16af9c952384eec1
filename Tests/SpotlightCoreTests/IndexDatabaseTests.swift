import Foundation
import SpotlightSupervision
import Testing
@testable import SpotlightCore
import SpotlightModel

@Suite struct IndexDatabaseTests {
    @Test func readerSeesACommitAfterReopen() throws {
        let t = try TempIndex().add(record("1", "Comet"))
        let reader = try SearchIndex.openReadOnly(.local(path: t.path))
        try t.add(record("2", "Comet"))
        #expect(try reader.documentCount() == 1)
        #expect(try reader.reopen())
        #expect(try Set(reader.search(SearchQuery(text: "comet"), now: Date()).hits.map(\.record.id)) == ["1", "2"])
    }

    @Test func combinedSpecSearchesTwoDatabasesAsOne() throws {
        let a = try TempIndex().add(record("a", "Comet"))
        let b = try TempIndex().add(record("b", "Comet"), record("c", "Meteor"))
        let both = try SearchIndex.openReadOnly(try DatabaseSpec(parsing: "\(a.path),\(b.path)"))
        #expect(try both.documentCount() == 3)
        #expect(try Set(both.search(SearchQuery(text: "comet"), now: Date()).hits.map(\.record.id)) == ["a", "b"])
    }

    @Test func remoteDatabaseServedByXapianTcpsrvOpensAndSearches() throws {
        let t = try TempIndex().add(record("1", "Supernova"))
        let port = try freeLoopbackPort()
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/xapian-tcpsrv")
        server.arguments = ["--interface", "127.0.0.1", "--port", String(port), t.path]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer {   // xapian-tcpsrv does not always exit on SIGTERM
            kill(server.processIdentifier, SIGKILL)
            _ = server.waitForExit(within: .seconds(10))
        }
        let spec = try DatabaseSpec(parsing: "tcp://127.0.0.1:\(port)")
        var remote: SearchIndex?
        for _ in 0..<100 where remote == nil {   // the server needs a moment to listen
            remote = try? SearchIndex.openReadOnly(spec)
            if remote == nil { usleep(50_000) }
        }
        let index = try #require(remote)
        #expect(try index.search(SearchQuery(text: "supern"), now: Date()).hits.map(\.record.id) == ["1"])
    }

    @Test func unreachableRemoteIsUnavailable() throws {
        let port = try freeLoopbackPort()
        #expect {
            _ = try SearchIndex.openReadOnly(.remote(host: "127.0.0.1", port: port, timeoutMilliseconds: 2000))
        } throws: { error in
            guard let error = error as? SpotlightError else { return false }
            return [.unavailable, .timeout].contains(error.code) && error.message.contains("127.0.0.1:\(port)")
        }
    }

    @Test func checkIsEmptyOnASoundDatabase() throws {
        let t = try TempIndex().add(record("1", "Comet"), record("2", "Meteor"))
        #expect(try SearchIndex.check(path: t.path) == [])
    }

    @Test func specParsing() throws {
        #expect(try DatabaseSpec(parsing: "/data/index") == .local(path: "/data/index"))
        #expect(try DatabaseSpec(parsing: "tcp://h:7000")
            == .remote(host: "h", port: 7000, timeoutMilliseconds: DatabaseSpec.defaultRemoteTimeoutMilliseconds))
        #expect(try DatabaseSpec(parsing: "a,tcp://[::1]:1")
            == .combined([.local(path: "a"), .remote(host: "::1", port: 1, timeoutMilliseconds: 10_000)]))
        for bad in ["", "a,", "tcp://h", "tcp://:80", "tcp://h:0", "tcp://h:x"] {
            #expect(throws: SpotlightError.self) { try DatabaseSpec(parsing: bad) }
        }
    }
}

/// A TCP port on 127.0.0.1 that was free a moment ago.
private func freeLoopbackPort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw SpotlightError(.io, "socket failed: errno \(errno)") }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Int32 in
            guard bind(fd, pointer, length) == 0 else { return -1 }
            return getsockname(fd, pointer, &length)
        }
    }
    guard bound == 0 else { throw SpotlightError(.io, "bind/getsockname failed: errno \(errno)") }
    return Int(UInt16(bigEndian: address.sin_port))
}
