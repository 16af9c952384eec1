import Foundation
import Testing
import SpotlightKit
import SpotlightModel

/// `setSynonyms` and `synonyms` over a real daemon (docs/protocol.md).
@Suite struct DaemonSynonymTests {
    func errorMessage(_ reply: [String: Any]?) -> (code: Int?, message: String) {
        let error = reply?["error"] as? [String: Any]
        return (error?["code"] as? Int, error?["message"] as? String ?? "")
    }

    @Test func aSynonymSetThroughTheDaemonFindsTheRecord() async throws {
        let daemon = try DaemonProcess()
        let index = daemon.index()
        try await index.indexRecords([note("1", "Television night")])
        let terms = try await index.setSynonyms(["TV": ["television"]], bundle: "com.example.test")
        #expect(terms == 1)
        #expect(try await index.synonyms(bundle: "com.example.test") == ["tv": ["television"]])
        #expect(try await index.query(SearchQuery(text: "tv ")).hits.map(\.record.id) == ["1"])
    }

    @Test func anotherBundlesRecordsAreNotWidened() async throws {
        let daemon = try DaemonProcess()
        let index = daemon.index()
        try await index.indexRecords([note("other", "Television night", bundle: "com.example.other")])
        try await index.setSynonyms(["tv": ["television"]], bundle: "com.example.test")
        #expect(try await index.query(SearchQuery(text: "tv ")).hits.isEmpty)
    }

    @Test func synonymsSurviveADaemonRestart() async throws {
        let daemon = try DaemonProcess()
        let index = daemon.index()
        try await index.indexRecords([note("1", "Television night")])
        try await index.setSynonyms(["tv": ["television"]], bundle: "com.example.test")
        try daemon.restart()
        #expect(try await index.query(SearchQuery(text: "tv ")).hits.map(\.record.id) == ["1"])
    }

    @Test func replaceDropsTermsThatMergeKeeps() async throws {
        let daemon = try DaemonProcess()
        let index = daemon.index()
        try await index.setSynonyms(["tv": ["television"]], bundle: "com.example.test")
        #expect(try await index.setSynonyms(["nyc": ["new york"]], bundle: "com.example.test") == 2)
        #expect(try await index.setSynonyms(["film": ["movie"]], replace: true, bundle: "com.example.test") == 1)
        #expect(try await index.synonyms(bundle: "com.example.test") == ["film": ["movie"]])
    }

    @Test func settingAnotherBundlesSynonymsIsRefused() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        let index = daemon.index()
        let error = await #expect(throws: SpotlightError.self) {
            try await index.setSynonyms(["tv": ["television"]], bundle: "com.example.other")
        }
        #expect(error?.code == .permissionDenied)
        #expect(try await index.synonyms(bundle: "com.example.other") == [:])
    }

    @Test func anUnknownMemberIsNamed() throws {
        let daemon = try DaemonProcess()
        let c = try RawConnection(path: daemon.socket)
        c.send(#"{"jsonrpc":"2.0","id":1,"method":"setSynonyms","params":{"bundle":"com.example.test","synonyms":{},"replcae":true}}"#)
        let reply = errorMessage(c.readJSON())
        #expect(reply.code == -32602)
        #expect(reply.message.contains("params.replcae"))
    }

    @Test func aWrongTypeIsNamed() throws {
        let daemon = try DaemonProcess()
        let c = try RawConnection(path: daemon.socket)
        c.send(#"{"jsonrpc":"2.0","id":1,"method":"setSynonyms","params":{"bundle":"com.example.test","synonyms":{"tv":"television"}}}"#)
        let reply = errorMessage(c.readJSON())
        #expect(reply.code == -32602)
        #expect(reply.message.contains("params.synonyms.tv"))
    }

    @Test func aTermOfTwoWordsIsInvalidInput() throws {
        let daemon = try DaemonProcess()
        let c = try RawConnection(path: daemon.socket)
        c.send(#"{"jsonrpc":"2.0","id":1,"method":"setSynonyms","params":{"bundle":"com.example.test","synonyms":{"new york":["nyc"]}}}"#)
        let reply = errorMessage(c.readJSON())
        #expect(reply.code == -32001)
        #expect(reply.message.contains("new york"))
    }
}
