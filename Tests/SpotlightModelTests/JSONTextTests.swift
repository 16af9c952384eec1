import Foundation
import Testing
import SpotlightModel

@Suite struct JSONTextTests {
    @Test func everyKindOfValueRoundTrips() throws {
        let value: JSONValue = .object([
            "s": .string("tab\t quote\" back\\ nl\n ctl\u{01} café 🚀"), "i": .number(42), "neg": .number(-7),
            "d": .number(2.5), "big": .number(1e300), "t": .bool(true), "f": .bool(false), "n": .null,
            "a": .array([.number(1), .string("x"), .array([]), .object([:])]),
        ])
        #expect(try JSONValue.parse(value.serialized()) == value)
    }

    @Test func itAgreesWithFoundationsDecoder() throws {
        let text = #"{"a":[1,2.5,-3e2,true,null,"\u00e9\ud83d\ude80\/"],"b":{"c":""}}"#
        let ours = try JSONValue.parse(Data(text.utf8))
        let theirs = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(ours == theirs)
    }

    @Test(arguments: ["", "{", "[1,]", "{\"a\" 1}", "tru", "01x", "\"abc", "\"\\x\"", "\"\\ud800\"", "[1] 2", "\"a\u{01}\""])
    func malformedTextIsAnError(_ text: String) {
        #expect(throws: JSONParseError.self) { try JSONValue.parse(Data(text.utf8)) }
    }

    @Test func invalidUTF8InAStringIsAnError() {
        #expect(throws: JSONParseError.self) { try JSONValue.parse(Data([0x22, 0xFF, 0xFE, 0x22])) }
    }

    @Test func nestingBeyondTheLimitIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONParseError.self) { try JSONValue.parse(Data(deep.utf8)) }
    }

    @Test func integralNumbersPrintWithoutAFraction() {
        #expect(String(decoding: JSONValue.array([.number(3), .number(0.5)]).serialized(), as: UTF8.self) == "[3,0.5]")
    }
}
