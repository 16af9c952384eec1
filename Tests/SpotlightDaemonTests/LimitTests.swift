import Foundation
import Testing
import SpotlightModel

/// Each bound of docs/protocol.md "Limits", gone past by one, gets the documented answer.
@Suite struct LimitTests {
    func error(_ reply: [String: Any]?) -> (code: Int?, message: String) {
        let error = reply?["error"] as? [String: Any]
        return (error?["code"] as? Int, error?["message"] as? String ?? "")
    }

    func donateLine(_ records: [[String: Any]], id: Int = 1) throws -> String {
        let request: [String: Any] = ["jsonrpc": "2.0", "id": id, "method": "donate", "params": ["records": records]]
        return String(decoding: try JSONSerialization.data(withJSONObject: request), as: UTF8.self)
    }

    func record(_ id: String, title: String = "t", properties: [String: Any] = [:]) -> [String: Any] {
        ["bundle": "com.example.test", "type": "Note", "id": id, "title": title, "properties": properties]
    }

    @Test func aDonationOfOneRecordMoreThanTheLimitIsRefusedWhole() throws {
        let daemon = try DaemonProcess()
        let c = try RawConnection(path: daemon.socket)
        c.send(try donateLine((0...10_000).map { record("r\($0)") }))
        let refused = error(c.readJSON())
        #expect(refused.code == -32001)
        #expect(refused.message.contains("split into batches of ≤ 10000"))
        c.send(#"{"jsonrpc":"2.0","id":2,"method":"get","params":{"keys":[{"bundle":"com.example.test","type":"Note","id":"r0"}]}}"#)
        #expect(((c.readJSON()?["result"] as? [String: Any])?["records"] as? [Any])?.isEmpty == true)
    }

    @Test func aDonationOfExactlyTheLimitIsStored() throws {
        let daemon = try DaemonProcess()
        let c = try RawConnection(path: daemon.socket)
        c.send(try donateLine((0..<10_000).map { record("r\($0)") }))
        #expect((c.readJSON()?["result"] as? [String: Any])?["count"] as? Int == 10_000)
    }

    @Test func aTitleOneByteOverTheValueLimitIsRefused() throws {
        let daemon = try DaemonProcess()
        let c = try RawConnection(path: daemon.socket)
        c.send(try donateLine([record("big", title: String(repeating: "a", count: (256 << 10) + 1))]))
        let refused = error(c.readJSON())
        #expect(refused.code == -32001)
        #expect(refused.message.contains("title is 262145 bytes; the limit is 262144"))
    }

    @Test func aPropertyOneByteOverTheValueLimitIsRefused() throws {
        let daemon = try DaemonProcess()
        let c = try RawConnection(path: daemon.socket)
        let value = String(repeating: "b", count: (256 << 10) + 1 - "notes".utf8.count)
        c.send(try donateLine([record("big", properties: ["notes": ["string": value]])]))
        let refused = error(c.readJSON())
        #expect(refused.code == -32001)
        #expect(refused.message.contains("property notes"))
    }

    @Test func aRecordOverTheRecordLimitIsRefused() throws {
        let daemon = try DaemonProcess()
        let c = try RawConnection(path: daemon.socket)
        let quarter = String(repeating: "c", count: 256 << 10 - 2)
        let properties = Dictionary(uniqueKeysWithValues: (0..<4).map { ("p\($0)", ["string": quarter] as Any) })
        c.send(try donateLine([record("big", title: "x", properties: properties)]))
        let refused = error(c.readJSON())
        #expect(refused.code == -32001)
        #expect(refused.message.contains("the limit is 1048576 bytes per record"))
    }

    /// A connection the daemon admitted and that answers `status`. Until the daemon has seen
    /// TestSpotlightd's start-up probe hang up it counts it against the limits, so a refusal
    /// is retried (each retry is a round trip through the daemon's loop) until `deadline`.
    func admittedConnection(to socket: String, until deadline: ContinuousClock.Instant) throws -> RawConnection {
        while true {
            let connection = try RawConnection(path: socket)
            connection.send(#"{"jsonrpc":"2.0","id":1,"method":"status"}"#)
            let reply = connection.readJSON()
            if reply?["result"] != nil { return connection }
            connection.close()
            guard ContinuousClock.now < deadline else {
                throw SpotlightError(.timeout, "spotlightd refused a connection under its limit: \(error(reply).message)")
            }
        }
    }

    /// Opens `admitted` connections `daemon` admits, and returns what one more connection
    /// gets, with that connection.
    func refusalOfOneMore(than admitted: Int, _ daemon: DaemonProcess) throws
        -> (refused: (code: Int?, message: String), extra: RawConnection) {
        let deadline = ContinuousClock.now + .seconds(10)
        let open = try (0..<admitted).map { _ in try admittedConnection(to: daemon.socket, until: deadline) }
        return try withExtendedLifetime(open) {
            let extra = try RawConnection(path: daemon.socket)
            return (error(extra.readJSON()), extra)
        }
    }

    @Test func oneConnectionMoreThanThePerProcessLimitIsRefused() throws {
        let daemon = try DaemonProcess(arguments: ["--max-connections-per-peer", "3"])
        let (refused, extra) = try refusalOfOneMore(than: 3, daemon)
        #expect(refused.code == -32011)
        #expect(refused.message.contains("the limit per process"))
        #expect(extra.readLine() == nil)
    }

    @Test func oneConnectionMoreThanTheServerLimitIsRefused() throws {
        let daemon = try DaemonProcess(arguments: ["--max-connections", "2"])
        let (refused, _) = try refusalOfOneMore(than: 2, daemon)
        #expect(refused.code == -32011)
        #expect(refused.message.contains("its limit"))
    }

    @Test func requestsPastThePendingLimitWaitAndAreAllAnswered() throws {
        let daemon = try DaemonProcess(arguments: ["--max-pending-requests", "2"])
        let c = try RawConnection(path: daemon.socket)
        c.send((0..<50).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"status"}"# }.joined(separator: "\n"))
        var answered = Set<Int>()
        while answered.count < 50, let reply = c.readJSON(), reply["result"] != nil {
            if let id = reply["id"] as? Int { answered.insert(id) }
        }
        #expect(answered.count == 50)
    }

    @Test func aWildcardExpandsToAtMost64Terms() throws {
        let daemon = try DaemonProcess()
        let c = try RawConnection(path: daemon.socket)
        c.send(try donateLine((0...64).map { record("w\($0)", title: "zqx\($0)") }))
        #expect(c.readJSON()?["result"] != nil)
        c.send(#"{"jsonrpc":"2.0","id":2,"method":"query","params":{"text":"zqx*","limit":100}}"#)
        let hits = (c.readJSON()?["result"] as? [String: Any])?["hits"] as? [Any]
        #expect(hits?.count == 64)
    }

    @Test func queryTextOneByteOverTheLimitIsRefused() throws {
        let daemon = try DaemonProcess()
        let c = try RawConnection(path: daemon.socket)
        let text = String(repeating: "q", count: 16_385)
        c.send(#"{"jsonrpc":"2.0","id":1,"method":"query","params":{"text":"\#(text)"}}"#)
        let refused = error(c.readJSON())
        #expect(refused.code == -32001)
        #expect(refused.message.contains("the limit is 16384"))
    }
}

/// Found by tools/fuzz (record target): `ISO8601.date(from:)` accepts a malformed year
/// ("2031e9990-…"), the date then encodes as 0001-01-01, so the record is stored already
/// expired and never served. Dates must be well-formed years 0001…9999.
@Suite struct LimitDateTests {
    @Test func aMalformedExpirationYearIsRefused() throws {
        let daemon = try DaemonProcess()
        let c = try RawConnection(path: daemon.socket)
        c.send(#"{"jsonrpc":"2.0","id":1,"method":"donate","params":{"records":[{"bundle":"com.example.test","type":"Note","id":"d","title":"t","expiration":"2031e9990-01-01T00:00:00Z"}]}}"#)
        let reply = c.readJSON()
        #expect((reply?["error"] as? [String: Any])?["code"] as? Int == -32602)
    }
}
