import Foundation
import SpotlightKit
import SpotlightModel
import SpotlightTestSupport
import Testing

/// A caller inside a Flatpak sandbox reads only its own bundle's records, unless the user
/// granted it more with `--grant-read`; tested from a fake sandbox (see ``FakeSandbox``).
@Suite(.enabled(if: FakeSandbox.isAvailable, "needs root and unshare for a mount namespace"))
struct SandboxReadTests {
    static let app = "org.example.Sandboxed"

    /// A daemon holding one record of the sandboxed app and one of another bundle.
    func daemon(_ extra: [String] = []) async throws -> DaemonProcess {
        let daemon = try DaemonProcess(grants: ["com.example.test", Self.app], arguments: extra)
        try await daemon.index().indexRecords([note("own", "lantern own", bundle: Self.app)])
        try await daemon.index().indexRecords([note("other", "lantern other", bundle: "com.example.test")])
        return daemon
    }

    func ask(_ daemon: DaemonProcess, _ requests: [String]) throws -> [JSONValue] {
        let sandbox = try FakeSandbox(appID: Self.app)
        defer { sandbox.remove() }
        return try sandbox.send(requests, to: daemon.socket).map { try JSONValue.parse(Data($0.utf8)) }
    }

    func bundles(ofHits answer: JSONValue) -> [String] {
        (answer["result"]?["hits"]?.arrayValue ?? []).compactMap { $0["record"]?["bundle"]?.stringValue }.sorted()
    }

    func errorCode(_ answer: JSONValue) -> String? { answer["error"]?["data"]?["code"]?.stringValue }

    @Test func aSandboxedAppFindsOnlyItsOwnRecords() async throws {
        let daemon = try await daemon()
        let answers = try ask(daemon, [
            #"{"jsonrpc":"2.0","id":1,"method":"hello"}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"query","params":{"text":"lantern"}}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"export","params":{}}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"status"}"#,
        ])
        #expect(answers[0]["result"]?["bundle"] == .string(Self.app))
        #expect(bundles(ofHits: answers[1]) == [Self.app])
        #expect(answers[2]["result"]?["records"]?.arrayValue?.compactMap { $0["bundle"]?.stringValue } == [Self.app])
        #expect(answers[3]["result"]?["index"]?["counts"]?.arrayValue?.compactMap { $0["bundle"]?.stringValue } == [Self.app])
        // The same query from outside the sandbox sees both.
        #expect(try await daemon.index().query(SearchQuery(text: "lantern")).hits.count == 2)
    }

    @Test func aSandboxedAppAskingForAnotherBundlesRecordsIsRefused() async throws {
        let daemon = try await daemon()
        let answers = try ask(daemon, [
            #"{"jsonrpc":"2.0","id":1,"method":"query","params":{"text":"lantern","bundles":["com.example.test"]}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"get","params":{"keys":[{"bundle":"com.example.test","type":"Note","id":"other"}]}}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"export","params":{"bundle":"com.example.test"}}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"clientState","params":{"bundle":"com.example.test"}}"#,
            #"{"jsonrpc":"2.0","id":5,"method":"check"}"#,
        ])
        #expect(answers.map(errorCode) == Array(repeating: "permissionDenied", count: 5), "\(answers)")
        #expect(answers[0]["error"]?["message"]?.stringValue?.contains("--grant-read \(Self.app)=com.example.test") == true)
    }

    @Test func aSandboxedAppWritesOnlyItsOwnBundle() async throws {
        let daemon = try await daemon()
        let answers = try ask(daemon, [
            #"{"jsonrpc":"2.0","id":1,"method":"donate","params":{"records":[{"bundle":"","type":"Note","id":"new","title":"lantern new"}]}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"donate","params":{"records":[{"bundle":"com.example.test","type":"Note","id":"x","title":"lantern forged"}]}}"#,
        ])
        #expect(answers[0]["result"]?["count"] == .int(1))
        #expect(errorCode(answers[1]) == "permissionDenied")
        let hits = try await daemon.index().query(SearchQuery(text: "lantern")).hits.map(\.record.key.description).sorted()
        #expect(hits == ["com.example.test/Note/other", "\(Self.app)/Note/new", "\(Self.app)/Note/own"])
    }

    @Test func theUserCanGrantASandboxedAppMore() async throws {
        let daemon = try await daemon(["--grant-read", "\(Self.app)=com.example.test"])
        let answers = try ask(daemon, [
            #"{"jsonrpc":"2.0","id":1,"method":"query","params":{"text":"lantern"}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"get","params":{"keys":[{"bundle":"com.example.test","type":"Note","id":"other"}]}}"#,
        ])
        #expect(bundles(ofHits: answers[0]) == ["com.example.test", Self.app])
        #expect(answers[1]["result"]?["records"]?.arrayValue?.count == 1)
    }
}
