import Foundation
import Testing
import SpotlightTestSupport
@testable import SpotlightModel

/// `Record.read(text:)` (reading a stored record with no tree between) against the tree's
/// reading of the same text: equal where it reads, nil where it leaves the text to the tree.
@Suite struct RecordTextReadTests {
    static func readText(_ text: String) -> Record? {
        Array(text.utf8).withUnsafeBytes { Record.read(text: $0) }
    }

    static func readTree(_ text: String) throws -> Record {
        try JSONValueDecoder().decode(Record.self, from: JSONValue.parse(Data(text.utf8)))
    }

    static let usual = [
        #"{"bundle":"b","type":"T","id":"1"}"#,
        #"{"bundle":"b","type":"T","id":"1","title":null,"subtitle":null,"keywords":null,"properties":null}"#,
        #"{"bundle":"b","type":"T","id":"1","title":"Café","subtitle":"s","synonyms":["x"],"keywords":["k","l"],"#
            + #""domain":"a.b","expiration":"2027-01-02T03:04:05.678Z","rankingHint":40,"language":"de"}"#,
        #"{"bundle":"b","type":"T","id":"1","properties":{"s":{"string":"x"},"i":{"int":-9223372036854775808},"#
            + #""d":{"double":2.5},"z":{"double":-0.0},"b":{"bool":true},"f":{"bool":false},"date":{"date":"2026-06-01"},"#
            + #""u":{"url":"https://example.com/a?b=c"},"e":{"enum":"red"},"ref":{"entity":{"type":"C","id":"c1"}},"#
            + #""arr":{"array":[{"string":"a"},{"int":1},{"array":[]}]},"empty":{"string":""}}}"#,
        #"{"bundle":"b","type":"T","id":"1","title":"say \"hi\"\n\tto caf\u00e9 \ud83d\ude00 a\/b \\ end","#
            + #""properties":{"esc\"aped":{"string":"line\nline"}}}"#,
        " {\n \"bundle\" : \"b\" ,\"type\":\"T\",\t\"id\":\"1\", \"keywords\" : [ ] , \"properties\" : { } } \n",
        #"{"id":"first","bundle":"b","type":"T","id":"last","properties":{"p":{"int":1},"p":{"string":"again"}}}"#,
    ]

    @Test(arguments: usual)
    func aUsualRecordReadsAsTheTreeReadsIt(_ text: String) throws {
        let read = try #require(Self.readText(text))
        #expect(read == (try Self.readTree(text)))
    }

    /// Shapes the text reading leaves to the tree: an unknown member, an escaped member name,
    /// numbers to check, extra keys, a repeated tag, text after the record.
    static let leftToTheTree = [
        #"{"bundle":"b","type":"T","id":"1","unknown":1}"#,
        #"{"bundle":"b","type":"T","i\u0064":"1"}"#,
        #"{"bundle":"b","type":"T","id":"1","rankingHint":50.0}"#,
        #"{"bundle":"b","type":"T","id":"1","properties":{"i":{"int":3.0}}}"#,
        #"{"bundle":"b","type":"T","id":"1","properties":{"d":{"double":2}}}"#,
        #"{"bundle":"b","type":"T","id":"1","properties":{"s":{"string":"x","note":1}}}"#,
        #"{"bundle":"b","type":"T","id":"1","properties":{"s":{"string":"x","string":"y"}}}"#,
        #"{"bundle":"b","type":"T","id":"1","properties":{"r":{"entity":{"type":"C","id":"c","extra":0}}}}"#,
        #"{"bundle":"b","type":"T","id":"1","properties":{"r":{"entity":{"type":"C","type":"D","id":"c"}}}}"#,
    ]

    @Test(arguments: leftToTheTree)
    func anUnusualShapeIsLeftToTheTree(_ text: String) throws {
        #expect(Self.readText(text) == nil)
        _ = try Self.readTree(text)
    }

    static let invalid = [
        #"{"bundle":"b","type":"T"}"#,
        #"{"bundle":"b","type":"T","id":1}"#,
        #"{"bundle":"b","type":"T","id":null}"#,
        #"{"bundle":"b","type":"T","id":"1","rankingHint":101}"#,
        #"{"bundle":"b","type":"T","id":"1","expiration":"tomorrow"}"#,
        #"{"bundle":"b","type":"T","id":"1","keywords":["k",2]}"#,
        #"{"bundle":"b","type":"T","id":"1","properties":{"p":{"date":"2026-13-01"}}}"#,
        #"{"bundle":"b","type":"T","id":"1","properties":{"p":{"string":"a","int":1}}}"#,
        #"{"bundle":"b","type":"T","id":"1"} x"#,
        #"{"bundle":"b","type":"T","id":"1""#,
        #"{"bundle":"b","type":"T","id":"1",}"#,
        #"{"bundle":"b","type":"T","id":"1","title":"bad \q escape"}"#,
        "{\"bundle\":\"b\",\"type\":\"T\",\"id\":\"1\",\"title\":\"a\u{1}b\"}",
    ]

    @Test(arguments: invalid)
    func anInvalidRecordIsLeftToTheTreeWhichRefusesIt(_ text: String) {
        #expect(Self.readText(text) == nil)
        #expect(throws: (any Error).self) { try Self.readTree(text) }
    }

    @Test func invalidUTF8InAStringIsLeftToTheTree() {
        let bytes = Array(#"{"bundle":"b","type":"T","id":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
        #expect(bytes.withUnsafeBytes { Record.read(text: $0) } == nil)
        #expect(throws: (any Error).self) { try JSONValue.parse(Data(bytes)) }
    }

    @Test func nestingDeeperThanTheTreeAllowsIsLeftToIt() throws {
        let depth = JSONValue.maxParseDepth / 2
        let nested = String(repeating: #"{"array":["#, count: depth) + #"{"int":1}"# + String(repeating: "]}", count: depth)
        let text = #"{"bundle":"b","type":"T","id":"1","properties":{"p":"# + nested + "}}"
        #expect(Self.readText(text) == nil)
        #expect(throws: JSONParseError.self) { try Self.readTree(text) }

        let shallow = String(repeating: #"{"array":["#, count: 3) + #"{"int":1}"# + String(repeating: "]}", count: 3)
        let readable = #"{"bundle":"b","type":"T","id":"1","properties":{"p":"# + shallow + "}}"
        #expect(Self.readText(readable) == (try Self.readTree(readable)))
    }

    @Test func everySampleRecordReadsAsTheTreeReadsIt() throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../corpus/packages-sample.jsonl").standardized
        let lines = try String(contentsOf: corpus, encoding: .utf8).split(separator: "\n")
        #expect(lines.count > 1000)
        for line in lines {
            // The store's form: keys sorted, written by JSONValueEncoder.
            let stored = String(decoding: try JSONValue.parse(Data(line.utf8)).serializedWithSortedKeys(), as: UTF8.self)
            let read = try #require(Self.readText(stored), "\(line.prefix(80))")
            #expect(read == (try Self.readTree(stored)))
        }
    }
}

/// Damaged text: whatever bytes a record's text holds, the text reading never crashes and
/// never reads a record the tree would read differently or refuse.
@Suite struct RecordTextReadDamageTests {
    static let seeds = [
        #"{"bundle":"b","id":"1","keywords":["k","l"],"properties":{"a":{"array":[{"int":1},{"entity":{"id":"c","type":"C"}}]},"#
            + #""d":{"double":2.5},"s":{"string":"x\ny"},"t":{"bool":true}},"rankingHint":40,"title":"Caf\u00e9","type":"T"}"#,
        #"{"bundle":"org.debian.packages","id":"0ad","properties":{"description":{"string":"0 A.D. (\"zero ey-dee\") is a free game"},"#
            + #""installedSize":{"int":28591},"priority":{"enum":"optional"}},"subtitle":"Real-time strategy","title":"0ad","type":"Package"}"#,
    ]

    @Test(arguments: seeds)
    func damagedTextReadsAsTheTreeReadsItOrIsLeftToIt(_ seed: String) throws {
        var random = SplitMix(state: UInt64(seed.utf8.count))   // the same damage on every run
        let original = Array(seed.utf8)
        let alphabet = Array(#"{}[]",:\ 0123456789.eE+-ntrufalsbdig"#.utf8) + [0x00, 0x1F, 0x80, 0xC3, 0xFF]
        var readSome = 0
        for _ in 0..<5000 {
            var bytes = original
            for _ in 0...random.below(3) {
                let at = random.below(bytes.count)
                switch random.below(4) {
                case 0: bytes[at] = alphabet[random.below(alphabet.count)]
                case 1: bytes.insert(alphabet[random.below(alphabet.count)], at: random.below(bytes.count + 1))
                case 2: bytes.remove(at: at)
                default: bytes.removeSubrange(at...)
                }
                if bytes.isEmpty { bytes = [UInt8(ascii: "{")] }
            }
            guard let read = bytes.withUnsafeBytes({ Record.read(text: $0) }) else { continue }
            readSome += 1
            let tree = try JSONValueDecoder().decode(Record.self, from: JSONValue.parse(Data(bytes)))
            #expect(read == tree, "\(String(decoding: bytes, as: UTF8.self))")
        }
        #expect(readSome > 100)
    }
}
