import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// spotlightd says when it skipped a hung-up peer's queued read-only requests: one line per
/// connection with the count and the peer, never one line per request.
@Suite struct HungUpPeerLogTests {
    @Test func skippedRequestsOfAPeerThatHungUpAreLoggedInOneLine() throws {
        let daemon = try DaemonProcess()
        defer { _ = daemon.kill() }
        let donor = try RawConnection(path: daemon.socket)
        let records = (0..<200).map { #"{"bundle":"com.example.test","type":"Note","id":"n\#($0)","title":"alpha note \#($0)"}"# }
        donor.send(#"{"jsonrpc":"2.0","id":1,"method":"donate","params":{"records":[\#(records.joined(separator: ","))]}}"#)
        #expect(donor.readJSON()?["result"] != nil)
        donor.close()

        // 300 queries of 200 hits each, sent at once; the peer hangs up before most can run.
        let gone = try RawConnection(path: daemon.socket)
        let queries = (1...300).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"query","params":{"text":"alpha","limit":200}}"# }
        gone.send(Array((queries.joined(separator: "\n") + "\n").utf8))
        gone.close()

        #expect(daemon.logged("read-only requests unrun: its peer hung up"), "\(daemon.log())")
        let lines = daemon.log().split(separator: "\n").filter { $0.contains("queued read-only request") }
        #expect(lines.count == 1, "\(lines)")
        let line = String(lines.first ?? "")
        #expect(line.contains(" info connection ") && line.contains("(pid \(getpid()) uid \(getuid())"), "\(line)")
        let count = line.split(separator: " ").firstIndex(of: "skipped").flatMap { index in
            Int(line.split(separator: " ")[index + 1])
        }
        #expect((1...300).contains(count ?? 0), "\(line)")
    }
}
