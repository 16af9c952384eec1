import Foundation
import SpotlightModel
import Testing
@testable import SpotlightWire

private func decode(_ text: String) -> Result<RPCMessage, RPCMessage.DecodeFailure> {
    RPCMessage.decode(frame: Array(text.utf8))
}

@Test func aRequestSurvivesEncodingAndDecoding() throws {
    let request = RPCRequest(id: .string("q-1"), method: "query", params: .object(["text": .string("saturn"), "limit": .int(5)]))
    let line = try RPCMessage.request(request).encodedLine()
    #expect(line.last == UInt8(ascii: "\n"))
    #expect(try decode(String(decoding: line.dropLast(), as: UTF8.self)).get() == .request(request))
}

@Test func aResponseIsWrittenInOneOrderWithItsResultsMembersSortedByName() throws {
    let result = JSONValue.object(["state": .string("ok"), "records": .int(3), "index": .object(["size": .int(9), "generation": .int(2)]),
                                   "bundles": .array([.object(["name": .string("b"), "count": .int(1)])]), "degraded": .bool(false)])
    let line = try RPCMessage.response(RPCResponse(id: .number(4), outcome: .success(result))).encodedLine()
    #expect(String(decoding: line, as: UTF8.self) == #"{"jsonrpc":"2.0","id":4,"result":{"bundles":[{"count":1,"name":"b"}],"#
        + #""degraded":false,"index":{"generation":2,"size":9},"records":3,"state":"ok"}}"# + "\n")
}

@Test func aRequestWithParamsTextIsTheLineItsTreeWouldMake() throws {
    for id in [RPCID.number(12), .string("q\"1")] {
        let params = JSONValue.object(["text": .string("moon")])
        let line = RPCMessage.requestLine(id: id, method: "query", paramsText: Array(#"{"text":"moon"}"#.utf8))
        #expect(line == (try RPCMessage.request(RPCRequest(id: id, method: "query", params: params)).encodedLine()))
    }
}

@Test func anErrorResponseIsWrittenInOneOrder() throws {
    let error = RPCError(code: -32001, message: "no such app", data: .object(["retry": .bool(false), "code": .string("notFound")]))
    let line = try RPCMessage.response(.error(error, id: .string("a"))).encodedLine()
    #expect(String(decoding: line, as: UTF8.self)
        == #"{"jsonrpc":"2.0","id":"a","error":{"code":-32001,"message":"no such app","data":{"code":"notFound","retry":false}}}"# + "\n")
}

@Test func aMessageWithoutIDIsANotification() throws {
    #expect(try decode(#"{"jsonrpc":"2.0","method":"ping"}"#).get() == .notification(RPCNotification(method: "ping")))
}

@Test func aMissingVersionIsAnInvalidRequestThatKeepsTheID() {
    guard case .failure(let failure) = decode(#"{"id":7,"method":"ping"}"#) else {
        Issue.record("expected a failure"); return
    }
    #expect(failure.id == .number(7))
    #expect(failure.error.code == RPCError.invalidRequestCode)
    #expect(failure.error.message.contains("jsonrpc"))
}

@Test func aFractionalIDIsRefused() {
    guard case .failure(let failure) = decode(#"{"jsonrpc":"2.0","id":1.5,"method":"ping"}"#) else {
        Issue.record("expected a failure"); return
    }
    #expect(failure.error.message.contains("\"id\""))
}

@Test func invalidUTF8IsAParseErrorThatSaysSo() {
    guard case .failure(let failure) = RPCMessage.decode(frame: [0x7B, 0x22, 0xFF, 0x22, 0x7D]) else {
        Issue.record("expected a failure"); return
    }
    #expect(failure.error.code == RPCError.parseErrorCode)
    #expect(failure.error.message.contains("UTF-8"))
    #expect(failure.error.message.contains("offset 2"))
}

@Test func aSpotlightErrorTravelsAsAServerErrorAndComesBack() throws {
    let original = SpotlightError(.conflict, "client state changed; fetch it and retry", underlying: "expected 3")
    let wire = RPCError(original)
    #expect((-32099 ... -32000).contains(wire.code))
    #expect(wire.data?["code"] == .string("conflict"))
    let line = try RPCMessage.response(.error(wire, id: .number(1))).encodedLine()
    guard case .response(let response) = try decode(String(decoding: line.dropLast(), as: UTF8.self)).get(),
          case .failure(let received) = response.outcome else {
        Issue.record("expected an error response"); return
    }
    #expect(received.spotlightError == original)
}

@Test func aStandardErrorMapsToASpotlightCode() {
    #expect(RPCError.methodNotFound("x", available: []).spotlightError.code == .notFound)
    #expect(RPCError.invalidParams("params.a").spotlightError.code == .invalidInput)
    #expect(RPCError.internalError("boom").spotlightError.code == .internal)
}

@Test func methodNotFoundNamesTheMethodAndListsTheOthers() {
    let error = RPCError.methodNotFound("serch", available: ["query", "donate"])
    #expect(error.code == -32601)
    #expect(error.message == "unknown method \"serch\"; available methods: donate, query")
}

private struct Paging: Decodable { var offset: Int; var limit: Int }
private struct QueryParams: Decodable { var text: String; var paging: [Paging] }

@Test func wrongParamTypesNameTheFieldPathAndTheExpectedType() {
    let params: JSONValue? = .object(["text": .string("a"), "paging": .array([.object(["offset": .int(0), "limit": .string("ten")])])])
    #expect(throws: RPCError.invalidParams("params.paging[0].limit: expected Int, found string \"ten\"")) {
        try params.decode(QueryParams.self)
    }
}

@Test func aMissingParamIsNamed() {
    let params: JSONValue? = .object(["paging": .array([])])
    #expect(throws: RPCError.invalidParams("params.text: missing (required)")) {
        try params.decode(QueryParams.self)
    }
}

@Test func absentParamsDecodeAsAnEmptyObject() throws {
    struct Options: Decodable { var verbose: Bool? }
    let params: JSONValue? = nil
    #expect(try params.decode(Options.self).verbose == nil)
}
