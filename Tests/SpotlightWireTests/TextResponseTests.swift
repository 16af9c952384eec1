import SpotlightModel
import Testing
@testable import SpotlightWire

// A result the server sends as text (RPCImmediateResult.text) reaches a caller that reads it
// from its text (RPCClient.callForText) unparsed, and every other caller parsed as before.
// Other results may reach callForText either way: a caller reads both.

@Test func aResponseLineIsRecognisedWithItsIdAndResultText() throws {
    let line = try RPCMessage.responseLine(id: .number(42), resultText: Array(#"{"a":[1,"}"]}"#.utf8))
    let frame = Array(line.dropLast())   // the framer strips the newline
    let found = try #require(RPCMessage.textResponse(frame))
    #expect(found.id == .number(42))
    #expect(String(decoding: frame[found.result], as: UTF8.self) == #"{"a":[1,"}"]}"#)
}

@Test(arguments: [
    #"{"jsonrpc":"2.0","id":"7","result":1}"#,          // a string id: parsed as usual
    #"{"jsonrpc":"2.0","id":7,"error":{"code":1,"message":"m"}}"#,
    #"{"id":7,"jsonrpc":"2.0","result":1}"#,
    #"{"jsonrpc":"2.0","id":07,"result":1}"#,
    #"{"jsonrpc":"2.0","id":7,"result":1} "#,
    #"{"jsonrpc":"2.0","id":,"result":1}"#,
])
func anyOtherFrameIsLeftToTheParser(_ text: String) {
    #expect(RPCMessage.textResponse(Array(text.utf8)) == nil)
}

@Test func aCallForTextGetsATextResultUnparsedAndAnyOtherReadable() async throws {
    let directory = TemporaryDirectory(); defer { directory.remove() }
    var configuration = UnixSocketServer.Configuration()
    configuration.log = .silent
    let server = try UnixSocketServer(path: directory.socket(), handler: SquareHandler(), configuration: configuration)
    let client = RPCClient(socketPath: directory.socket())
    let cube = try await client.callForText("cube", .object(["n": .int(3)]), timeout: .seconds(10))
    guard case .text(let bytes) = cube else { Issue.record("cube came back parsed: \(cube)"); return }
    #expect(String(decoding: bytes, as: UTF8.self) == #"{"cube":27,"text":"as written"}"#)
    // A value result comes back as text or parsed, as its envelope was written (members in any
    // order): either reads as the value.
    let square = try await client.callForText("square", .object(["n": .int(3)]), timeout: .seconds(10))
    #expect(try square.parsed() == .int(9))
    // A plain call of the same method still gets the parsed value.
    #expect(try await client.call("cube", .object(["n": .int(2)])) == .object(["cube": .int(8), "text": .string("as written")]))
    await #expect(throws: SpotlightError.self) { try await client.callForText("bad", nil, timeout: .seconds(10)) }
    await server.stop()
}
