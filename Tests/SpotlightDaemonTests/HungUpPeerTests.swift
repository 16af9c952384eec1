import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Peers that sent heavy queries and hung up do not keep a new client waiting: their queued
/// read-only requests are skipped, since no answer could reach them (docs/hardening.md).
@Suite struct HungUpPeerTests {
    @Test func aNewClientIsAnsweredPromptlyWhilePeersThatHungUpHadHeavyQueriesQueued() throws {
        let daemon = try DaemonProcess()
        let notes = ["alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike",
                     "november oscar papa quebec romeo sierra tango uniform victor whiskey"].joined(separator: " ")
        let records: [[String: Any]] = (0..<1000).map { n in
            ["bundle": "com.example.test", "type": "Note", "id": "n\(n)", "title": "alpha note \(n)",
             "properties": ["notes": ["string": "\(notes) \(n) \(notes)"]]]
        }
        let donor = try RawConnection(path: daemon.socket)
        let donation: [String: Any] = ["jsonrpc": "2.0", "id": 1, "method": "donate", "params": ["records": records]]
        donor.send(String(decoding: try JSONSerialization.data(withJSONObject: donation), as: UTF8.self))
        #expect((donor.readJSON()?["result"] as? [String: Any])?["count"] as? Int == 1000)
        donor.close()

        let heavy = (1...5).map { id in
            #"{"jsonrpc":"2.0","id":\#(id),"method":"query","params":{"text":"alpha","limit":10000,"snippets":{"length":200}}}"#
        }.joined(separator: "\n") + "\n"
        // A query waits for the donation to be indexed: from here each heavy query does its work.
        let warm = try RawConnection(path: daemon.socket)
        warm.send(#"{"jsonrpc":"2.0","id":1,"method":"query","params":{"text":"alpha","limit":1}}"#)
        #expect(warm.readJSON()?["result"] != nil)
        warm.close()

        for _ in 0..<100 {
            let gone = try RawConnection(path: daemon.socket)
            gone.send(Array(heavy.utf8))
            gone.close()
        }

        let fresh = try RawConnection(path: daemon.socket)
        var timeout = timeval(tv_sec: 8, tv_usec: 0)
        setsockopt(fresh.fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let asked = ContinuousClock.now
        fresh.send(#"{"jsonrpc":"2.0","id":1,"method":"status"}"#)
        let answer = fresh.readJSON()
        let waited = ContinuousClock.now - asked
        print("HungUpPeerTests: status answered after \(waited)")
        #expect(answer?["result"] != nil)
        #expect(waited < .seconds(3), "status waited \(waited) behind requests of peers that had hung up")
        daemon.kill()
    }

    @Test func whatAPeerThatHungUpSentToWriteIsStillStored() throws {
        let daemon = try DaemonProcess()
        let names = (0..<40).map { "kept\($0)" }
        let gone = try RawConnection(path: daemon.socket)
        var lines = ""
        for (id, name) in names.enumerated() {
            lines += #"{"jsonrpc":"2.0","id":\#(id),"method":"donate","params":{"records":[{"bundle":"com.example.test","type":"Note","id":"\#(name)","title":"\#(name)"}]}}"# + "\n"
            lines += #"{"jsonrpc":"2.0","id":\#(id + 100),"method":"query","params":{"text":"\#(name)"}}"# + "\n"
        }
        gone.send(Array(lines.utf8))
        gone.close()

        let reader = try RawConnection(path: daemon.socket)
        let keys = names.map { #"{"bundle":"com.example.test","type":"Note","id":"\#($0)"}"# }.joined(separator: ",")
        let get = #"{"jsonrpc":"2.0","id":1,"method":"get","params":{"keys":[\#(keys)]}}"#
        let deadline = ContinuousClock.now + .seconds(5)
        var stored = 0
        while stored < names.count, ContinuousClock.now < deadline {
            reader.send(get)
            stored = ((reader.readJSON()?["result"] as? [String: Any])?["records"] as? [Any])?.count ?? 0
            if stored < names.count { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(stored == names.count, "\(stored) of the \(names.count) donations of a peer that hung up were stored")
    }

    @Test func aPeerThatOnlyStoppedSendingGetsEveryAnswer() throws {
        let daemon = try DaemonProcess()
        let halfClosed = try RawConnection(path: daemon.socket)
        for id in 1...5 { halfClosed.send(#"{"jsonrpc":"2.0","id":\#(id),"method":"query","params":{"text":"anything"}}"#) }
        halfClosed.send(#"{"jsonrpc":"2.0","id":6,"method":"status"}"#)
        shutdown(halfClosed.fd, Int32(SHUT_WR))
        let ids = (1...6).compactMap { _ in halfClosed.readJSON()?["id"] as? Int }
        #expect(ids.sorted() == Array(1...6))
    }
}
