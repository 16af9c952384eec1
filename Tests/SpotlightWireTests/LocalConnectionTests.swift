import SpotlightModel
import Testing
@testable import SpotlightWire

@Test func aLocalConnectionCallsTheHandlerWithoutASocket() async throws {
    let connection = LocalConnection(handler: TestService())
    let sum: Int = try await connection.call("add", AddParams(a: 40, b: 2))
    #expect(sum == 42)
}

@Test func aLocalConnectionPassesItsPeerToTheHandler() async throws {
    let peer = PeerCredentials(pid: 7, uid: 8, gid: 9)
    let connection = LocalConnection(handler: TestService(), peer: peer)
    let seen: [String: Int] = try await connection.call("whoami", [String: Int]())
    #expect(seen == ["pid": 7, "uid": 8, "gid": 9])
}

@Test func aLocalConnectionAnswersARawMalformedFrameWithAParseError() async throws {
    let connection = LocalConnection(handler: TestService())
    let reply = try #require(await connection.send(frame: Array("{nope".utf8)))
    #expect(String(decoding: reply, as: UTF8.self).contains("-32700"))
}

@Test func aTypedCallReportsAResultOfTheWrongShape() async {
    let connection = LocalConnection(handler: TestService())
    await #expect { let _: [String] = try await connection.call("add", AddParams(a: 1, b: 1)) } throws: { error in
        (error as? SpotlightError)?.message.contains("is not a Array<String>") == true
    }
}

@Test func deeplyNestedJSONIsAnErrorNotACrash() async throws {
    let connection = LocalConnection(handler: TestService())
    let frame = Array(String(repeating: "[", count: 100_000).utf8)
    let reply = try #require(await connection.send(frame: frame))
    #expect(String(decoding: reply, as: UTF8.self).contains("-32700"))
}
