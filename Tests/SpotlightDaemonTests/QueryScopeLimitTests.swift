import Foundation
import Testing

/// A query's `bundles` and `types` name at most 1000 each (docs/protocol.md, Limits): a query
/// naming 100000 bundles crashed spotlightd (libxapian overflowed its stack building the
/// OR of their terms), and 20000 took it 11 s of CPU. And `get`'s keys, at most 10000.
@Suite struct QueryScopeLimitTests {
    func reply(_ daemon: DaemonProcess, _ member: String, _ names: [String]) throws -> [String: Any]? {
        let c = try RawConnection(path: daemon.socket)
        let request: [String: Any] = ["jsonrpc": "2.0", "id": 1, "method": "query", "params": ["text": "alpha", member: names]]
        c.send(String(decoding: try JSONSerialization.data(withJSONObject: request), as: UTF8.self))
        return c.readJSON()
    }

    func message(_ reply: [String: Any]?) -> String { (reply?["error"] as? [String: Any])?["message"] as? String ?? "" }

    @Test(arguments: ["bundles", "types"])
    func aScopeOfTheLimitIsAnsweredAndOneMoreIsRefused(member: String) throws {
        let daemon = try DaemonProcess()
        defer { _ = daemon.kill() }
        #expect(try reply(daemon, member, (0..<1000).map { "n\($0)" })?["result"] != nil)
        let refused = try reply(daemon, member, (0...1000).map { "n\($0)" })
        #expect((refused?["error"] as? [String: Any])?["code"] as? Int == -32001)
        #expect(message(refused).contains("the query names 1001 \(member); the limit is 1000"), "\(message(refused))")
    }

    @Test func aQueryNamingAHundredThousandBundlesIsRefusedAndTheDaemonStaysUp() throws {
        let daemon = try DaemonProcess()
        defer { _ = daemon.kill() }
        let donor = try RawConnection(path: daemon.socket)
        donor.send(#"{"jsonrpc":"2.0","id":1,"method":"donate","params":{"records":[{"bundle":"com.example.test","type":"Note","id":"a","title":"alpha"}]}}"#)
        #expect(donor.readJSON()?["result"] != nil)
        let refused = try reply(daemon, "bundles", Array(repeating: "com.example.other", count: 100_000))
        #expect(message(refused).contains("the limit is 1000"), "\(String(describing: refused)) \(daemon.log())")
        #expect(try reply(daemon, "types", ["Note"])?["result"] != nil, "\(daemon.log())")
    }

    /// `get` asks for at most 10000 keys: a frame's worth (about 300,000) held a worker for seconds.
    @Test func aGetOfTheKeyLimitIsAnsweredAndOneMoreIsRefused() throws {
        let daemon = try DaemonProcess()
        defer { _ = daemon.kill() }
        func get(_ count: Int) throws -> [String: Any]? {
            let c = try RawConnection(path: daemon.socket)
            let keys = (0..<count).map { ["bundle": "com.example.test", "type": "Note", "id": "n\($0)"] }
            let request: [String: Any] = ["jsonrpc": "2.0", "id": 1, "method": "get", "params": ["keys": keys]]
            c.send(String(decoding: try JSONSerialization.data(withJSONObject: request), as: UTF8.self))
            return c.readJSON()
        }
        #expect(try get(10000)?["result"] != nil, "\(daemon.log())")
        let refused = try get(10001)
        #expect((refused?["error"] as? [String: Any])?["code"] as? Int == -32001)
        #expect(message(refused).contains("get asks for 10001 keys; the limit is 10000"), "\(message(refused))")
    }
}
