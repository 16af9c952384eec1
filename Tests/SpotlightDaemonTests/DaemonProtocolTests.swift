import Foundation
import Testing
import SpotlightKit
import SpotlightModel
import SpotlightProtocol

@Suite struct DaemonProtocolTests {
    func errorCode(_ message: [String: Any]?) -> Int? {
        (message?["error"] as? [String: Any])?["code"] as? Int
    }

    @Test func malformedJSONGetsAParseErrorAndTheConnectionGoesOn() throws {
        let daemon = try DaemonProcess()
        let c = try RawConnection(path: daemon.socket)
        c.send("{not json")
        #expect(errorCode(c.readJSON()) == -32700)
        c.send(#"{"jsonrpc":"2.0","id":2,"method":"status"}"#)
        #expect(c.readJSON()?["result"] != nil)
    }

    /// A client that frames messages with LSP-style headers is told this server takes none,
    /// and the connection goes on, so it can send the message as one line.
    @Test func aContentLengthHeaderIsToldThatMessagesAreLinesWithoutHeaders() throws {
        let daemon = try DaemonProcess()
        let c = try RawConnection(path: daemon.socket)
        c.send(Array("Content-Length: 42\r\n\r\n".utf8))
        let reply = c.readJSON()
        #expect(errorCode(reply) == -32700)
        let message = (reply?["error"] as? [String: Any])?["message"] as? String ?? ""
        #expect(message.contains("takes no headers: send each JSON-RPC message as one line of JSON"), "\(message)")
        c.send("{not json")
        let parse = ((c.readJSON()?["error"] as? [String: Any])?["message"] as? String) ?? ""
        #expect(parse.contains("send one JSON-RPC 2.0 object per line, see docs/protocol.md"), "\(parse)")
        c.send(#"{"jsonrpc":"2.0","id":2,"method":"status"}"#)
        #expect(c.readJSON()?["result"] != nil)
    }

    @Test func invalidUTF8GetsAParseError() throws {
        let daemon = try DaemonProcess()
        let c = try RawConnection(path: daemon.socket)
        c.send(Array(#"{"jsonrpc":"2.0","id":1,"method":"query","params":{"text":""#.utf8) + [0xFF, 0xFE] + Array(#""}}"#.utf8) + [10])
        #expect(errorCode(c.readJSON()) == -32700)
    }

    /// Sends `request` to a fresh daemon and expects invalid params (-32602) naming `name`.
    func expectInvalidParams(_ request: String, naming name: String) throws {
        let daemon = try DaemonProcess()
        let c = try RawConnection(path: daemon.socket)
        c.send(request)
        let reply = c.readJSON()
        #expect(errorCode(reply) == -32602)
        #expect(((reply?["error"] as? [String: Any])?["message"] as? String)?.contains(name) == true)
    }

    @Test func wrongParamTypesNameTheField() throws {
        try expectInvalidParams(#"{"jsonrpc":"2.0","id":1,"method":"query","params":{"text":"a","limit":"ten"}}"#, naming: "limit")
    }

    @Test func aDonationWithAnUnknownMemberIsRefusedNamingIt() throws {
        try expectInvalidParams(#"{"jsonrpc":"2.0","id":1,"method":"donate","params":{"records":"#
                                + #"[{"bundle":"com.example.test","type":"Note","id":"1"}],"bacth":"b1"}}"#, naming: "bacth")
    }

    @Test func aQueryWithAnUnknownMemberIsRefusedNamingIt() throws {
        try expectInvalidParams(#"{"jsonrpc":"2.0","id":1,"method":"query","params":{"text":"a","limt":5}}"#, naming: "limt")
    }

    @Test func aQuerySortWithAnUnknownMemberIsRefusedNamingIt() throws {
        try expectInvalidParams(#"{"jsonrpc":"2.0","id":1,"method":"query","params":{"text":"a","sort":{"by":"title","desc":true}}}"#,
                                naming: "sort.desc: unknown member; sort takes by, descending, relevanceFirst")
    }

    /// `"by": ""` sorted as by a property nothing has, that is not at all, and said nothing.
    @Test func aQuerySortByAnEmptyNameIsRefused() throws {
        try expectInvalidParams(#"{"jsonrpc":"2.0","id":1,"method":"query","params":{"text":"a","sort":{"by":""}}}"#,
                                naming: "sort's `by` is empty")
    }

    @Test func aQuerySnippetOptionWithAnUnknownMemberIsRefusedNamingIt() throws {
        try expectInvalidParams(#"{"jsonrpc":"2.0","id":1,"method":"query","params":{"text":"a","snippets":{"lenght":5}}}"#,
                                naming: "snippets.lenght: unknown member")
    }

    @Test(arguments: ["status", "check", "compact", "cancelRebuild"])
    func aMethodThatTakesNoParamsRefusesAMember(_ method: String) throws {
        try expectInvalidParams(#"{"jsonrpc":"2.0","id":1,"method":"\#(method)","params":{"verbose":true}}"#,
                                naming: "params.verbose: \(method) takes no params")
    }

    /// Every method, not only those written strict first: a misspelt member (`rebuild`'s
    /// `"form"` for `from` ran a full rebuild) is an error naming it, never silently ignored.
    @Test(arguments: DaemonProtocol.Method.allCases)
    func everyMethodRefusesAnUnknownMemberNamingIt(_ method: DaemonProtocol.Method) throws {
        try expectInvalidParams(#"{"jsonrpc":"2.0","id":1,"method":"\#(method.rawValue)","params":{"zzMisspelt":1}}"#,
                                naming: "params.zzMisspelt")
    }

    @Test func anUnknownMemberIsRefusedListingTheMembersTheMethodTakes() throws {
        try expectInvalidParams(#"{"jsonrpc":"2.0","id":1,"method":"rebuild","params":{"form":"apps"}}"#,
                                naming: "params.form: unknown member; rebuild takes from, bundle")
    }

    /// It named `--bundle`, a flag a protocol client never used, with the empty name invisible.
    @Test func aBundleOnARebuildFromTheStoreIsRefusedInTheProtocolsTerms() throws {
        let daemon = try DaemonProcess()
        let c = try RawConnection(path: daemon.socket)
        c.send(#"{"jsonrpc":"2.0","id":1,"method":"rebuild","params":{"bundle":""}}"#)
        let error = c.readJSON()?["error"] as? [String: Any]
        #expect((error?["data"] as? [String: Any])?["code"] as? String == "invalidInput")
        let message = error?["message"] as? String ?? ""
        #expect(message.contains(#"a bundle ("") goes with a rebuild from the apps: give "from": "apps""#), "\(message)")
    }

    @Test func statusWithEmptyParamsAnswers() throws {
        let daemon = try DaemonProcess()
        let c = try RawConnection(path: daemon.socket)
        c.send(#"{"jsonrpc":"2.0","id":1,"method":"status","params":{}}"#)
        #expect(c.readJSON()?["result"] != nil)
        c.send(#"{"jsonrpc":"2.0","id":2,"method":"status","params":[]}"#)
        #expect(c.readJSON()?["result"] != nil)
    }

    @Test func anUnknownSpellingModeIsRefusedNamingTheModes() throws {
        try expectInvalidParams(#"{"jsonrpc":"2.0","id":1,"method":"query","params":{"text":"a","spelling":"maybe"}}"#,
                                naming: "params.spelling: expected suggest or retry, got \"maybe\"")
    }

    @Test func aDonationWithAMissingFieldNamesIt() throws {
        let daemon = try DaemonProcess()
        let c = try RawConnection(path: daemon.socket)
        c.send(#"{"jsonrpc":"2.0","id":1,"method":"donate","params":{"records":[{"bundle":"com.example.test","type":"Note"}]}}"#)
        let reply = c.readJSON()
        #expect(errorCode(reply) == -32602)
        #expect(((reply?["error"] as? [String: Any])?["message"] as? String)?.contains("id") == true)
    }

    @Test func anOversizedFrameGetsAnErrorThenTheConnectionCloses() throws {
        let daemon = try DaemonProcess()
        try daemon.restart()
        let c = try RawConnection(path: daemon.socket)
        c.send(Array(repeating: UInt8(ascii: "a"), count: 17 << 20) + [10])
        #expect(errorCode(c.readJSON()) != nil)
        #expect(c.readLine() == nil)
        let other = try RawConnection(path: daemon.socket)
        other.send(#"{"jsonrpc":"2.0","id":1,"method":"status"}"#)
        #expect(other.readJSON()?["result"] != nil)
    }

    @Test func tenThousandPipelinedRequestsAreAllAnswered() throws {
        let daemon = try DaemonProcess()
        let c = try RawConnection(path: daemon.socket)
        var batch: [UInt8] = []
        for n in 0..<10_000 {
            batch += Array(#"{"jsonrpc":"2.0","id":\#(n),"method":"query","params":{"text":"x\#(n % 7)"}}"#.utf8) + [10]
        }
        let frames = batch
        let writer = Thread { c.send(frames) }
        writer.start()
        var seen = Set<Int>()
        while seen.count < 10_000, let reply = c.readJSON() {
            if let id = reply["id"] as? Int, reply["result"] != nil { seen.insert(id) }
        }
        #expect(seen.count == 10_000)
    }

    @Test func anUnknownMethodListsTheMethodsThatExist() throws {
        let daemon = try DaemonProcess()
        let c = try RawConnection(path: daemon.socket)
        c.send(#"{"jsonrpc":"2.0","id":1,"method":"serch"}"#)
        let reply = c.readJSON()
        #expect(errorCode(reply) == -32601)
        #expect(((reply?["error"] as? [String: Any])?["message"] as? String)?.contains("query") == true)
    }
}

/// A frame starting with a UTF-8 byte order mark was refused as "unexpected character 'ï'",
/// a letter the sender never wrote: the byte is read as Latin-1.
@Suite struct ByteOrderMarkFrameTests {
    @Test func aByteOrderMarkIsNamedAsSuchNotAsALetter() throws {
        let daemon = try DaemonProcess()
        let c = try RawConnection(path: daemon.socket)
        c.send([0xEF, 0xBB, 0xBF] + Array(#"{"jsonrpc":"2.0","id":1,"method":"status"}"#.utf8) + [10])
        let message = (c.readJSON()?["error"] as? [String: Any])?["message"] as? String ?? ""
        #expect(message.contains("unexpected byte 0xEF (a UTF-8 byte order mark)"), "\(message)")
    }
}
