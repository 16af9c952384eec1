import Foundation
import Testing
import SpotlightModel

@Suite struct JSONTextTests {
    @Test func everyKindOfValueRoundTrips() throws {
        let value: JSONValue = .object([
            "s": .string("tab\t quote\" back\\ nl\n ctl\u{01} café 🚀"), "i": .int(42), "neg": .int(-7),
            "d": .double(2.5), "whole": .double(3), "big": .double(1e300), "t": .bool(true), "f": .bool(false), "n": .null,
            "a": .array([.int(1), .string("x"), .array([]), .object([:])]),
        ])
        #expect(try JSONValue.parse(value.serialized()) == value)
    }

    @Test(arguments: ["\"", "a\\", "\n\r\t", "\u{01}x\u{1f}", "plain", "é\"🚀\"", "", "\\\\"])
    func stringsAreWrittenWithTheEscapesJSONRequires(_ s: String) throws {
        let text = String(decoding: JSONValue.string(s).serialized(), as: UTF8.self)
        let expected = "\"" + s.unicodeScalars.map { scalar -> String in
            switch scalar {
            case "\"": return "\\\""
            case "\\": return "\\\\"
            case "\n": return "\\n"
            case "\r": return "\\r"
            case "\t": return "\\t"
            case _ where scalar.value < 0x20: return String(format: "\\u%04x", scalar.value)
            default: return String(scalar)
            }
        }.joined() + "\""
        #expect(text == expected)
        #expect(try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed) as? String == s)
    }

    @Test func itAgreesWithFoundationsDecoder() throws {
        let text = #"{"a":[1,2.5,-3.25e1,true,null,"\u00e9\ud83d\ude80\/"],"b":{"c":""}}"#
        let ours = try JSONValue.parse(Data(text.utf8))
        let theirs = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(ours == theirs)
    }

    @Test(arguments: ["", "{", "[1,]", "{\"a\" 1}", "tru", "01x", "\"abc", "\"\\x\"", "\"\\ud800\"", "[1] 2", "\"a\u{01}\"",
                      "01", "-01", "00", "1.", ".5", "1e", "1e+", "+1", "-", "--1", "0x10"])
    func malformedTextIsAnError(_ text: String) {
        #expect(throws: JSONParseError.self) { try JSONValue.parse(Data(text.utf8)) }
    }

    @Test func invalidUTF8InAStringIsAnError() {
        let error = #expect(throws: JSONParseError.self) { try JSONValue.parse(Data([0x22, 0xFF, 0xFE, 0x22])) }
        #expect(error?.offset == 3)
    }

    @Test func invalidUTF8AfterAnEscapeIsAnError() {
        #expect(throws: JSONParseError.self) { try JSONValue.parse(Data([0x22, 0x5C, 0x6E, 0xFF, 0x22])) }
    }

    @Test(arguments: ["Café", #"naïve\nline"#, #"日本\u0041"#, #"\u00e9t\u00e9"#, "plain", #"tab\there"#])
    func aStringReadsAsFoundationReadsIt(_ body: String) throws {
        let text = "\"" + body + "\""
        let theirs = try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed) as? String
        #expect(try JSONValue.parse(Data(text.utf8)) == .string(try #require(theirs)))
    }

    /// Strings are scanned eight bytes at a time: a quote, backslash, control character or
    /// byte above 0x7F at every offset of every length around a word's boundary is still seen.
    @Test func aSpecialByteAnywhereInAStringIsSeen() throws {
        for length in 0...19 {
            for at in 0..<max(length, 1) {
                var plain = Array(repeating: UInt8(ascii: "a"), count: length)
                #expect(try JSONValue.parse(Data([0x22] + plain + [0x22])) == .string(String(decoding: plain, as: UTF8.self)))
                guard length > 0 else { continue }
                plain[at] = UInt8(ascii: "b")
                let escaped = Array(plain[..<at]) + [0x5C, 0x22] + Array(plain[(at + 1)...])
                #expect(try JSONValue.parse(Data([0x22] + escaped + [0x22]))
                        == .string(String(decoding: plain[..<at], as: UTF8.self) + "\"" + String(decoding: plain[(at + 1)...], as: UTF8.self)))
                let backslashed = Array(plain[..<at]) + [0x5C, 0x5C] + Array(plain[(at + 1)...])
                #expect(try JSONValue.parse(Data([0x22] + backslashed + [0x22]))
                        == .string(String(decoding: plain[..<at], as: UTF8.self) + "\\" + String(decoding: plain[(at + 1)...], as: UTF8.self)))
                var control = plain
                control[at] = 0x1F
                #expect(throws: JSONParseError.self) { try JSONValue.parse(Data([0x22] + control + [0x22])) }
                var invalid = plain
                invalid[at] = 0xFF
                #expect(throws: JSONParseError.self) { try JSONValue.parse(Data([0x22] + invalid + [0x22])) }
                let accented = Array(plain[..<at]) + Array("é".utf8) + Array(plain[(at + 1)...])
                #expect(try JSONValue.parse(Data([0x22] + accented + [0x22])) == .string(String(decoding: accented, as: UTF8.self)))
                let cut = [0x22] + plain   // no closing quote
                #expect(throws: JSONParseError.self) { try JSONValue.parse(Data(cut)) }
            }
        }
    }

    @Test func nestingBeyondTheLimitIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONParseError.self) { try JSONValue.parse(Data(deep.utf8)) }
    }

    @Test func intsPrintAsDigitsAndDoublesAlwaysWithAFractionOrExponent() {
        let value = JSONValue.array([.int(3), .double(0.5), .double(3), .double(-0.0), .double(1e308), .double(.leastNonzeroMagnitude)])
        #expect(String(decoding: value.serialized(), as: UTF8.self) == "[3,0.5,3.0,-0.0,1e+308,5e-324]")
    }
}

/// Numbers at the edges of what a 64-bit integer and a double hold: each reads back exactly,
/// as the same kind.
@Suite struct JSONNumberEdgeTests {
    static let integers: [Int64] = [0, 1, -1, 9_007_199_254_740_991, 9_007_199_254_740_992, 9_007_199_254_740_993,
                                    -9_007_199_254_740_993, -9_007_199_254_740_992, -9_007_199_254_740_991,
                                    Int64.max, Int64.max - 1, Int64.min, Int64.min + 1]
    static let doubles: [Double] = [0.0, -0.0, 1e308, -1e308, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
                                    .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, .leastNormalMagnitude.nextDown, 0.1,
                                    9_007_199_254_740_992, 1e16, 123, 2.5e-300, .pi]

    @Test(arguments: integers)
    func anIntegerLiteralReadsExactlyAndWritesTheSameDigits(_ n: Int64) throws {
        let text = String(n)
        #expect(try JSONValue.parse(Data(text.utf8)) == .int(n))
        #expect(String(decoding: JSONValue.int(n).serialized(), as: UTF8.self) == text)
    }

    @Test(arguments: doubles)
    func aDoubleReadsBackBitForBitAndStaysADouble(_ d: Double) throws {
        guard case .double(let back) = try JSONValue.parse(JSONValue.double(d).serialized()) else {
            Issue.record("\(d) did not read back as a double")
            return
        }
        #expect(back.bitPattern == d.bitPattern)
    }

    @Test(arguments: ["9223372036854775808", "-9223372036854775809", "123456789012345678901234567890"])
    func anIntegerBeyond64BitsReadsAsTheNearestDouble(_ text: String) throws {
        #expect(try JSONValue.parse(Data(text.utf8)) == .double(Double(text)!))
    }

    @Test func minusZeroKeepsItsSign() throws {
        guard case .double(let d) = try JSONValue.parse(Data("-0".utf8)) else {
            Issue.record("-0 is not read as a double")
            return
        }
        #expect(d == 0 && d.sign == .minus)
    }

    @Test func codableKeepsIntegersExactAndTheSignOfMinusZero() throws {
        let text = #"[9223372036854775807,-9223372036854775808,9007199254740993,-0,2.5]"#
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(value == .array([.int(.max), .int(.min), .int(9_007_199_254_740_993), .double(-0.0), .double(2.5)]))
        #expect(value.arrayValue?[3].doubleValue?.sign == .minus)
    }

    @Test func intValueTakesWholeDoublesOnlyBelowTwoToThe53() {
        #expect(JSONValue.double(10).intValue == 10)
        #expect(JSONValue.double(2.5).intValue == nil)
        #expect(JSONValue.double(9_007_199_254_740_992).intValue == nil)
        #expect(JSONValue.int(.max).int64Value == .max)
    }
}
