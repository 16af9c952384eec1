import Foundation
import Testing
import SpotlightModel

@Suite struct RecordJSONTests {
    @Test func everyPropertyTypeRoundTrips() throws {
        let record = Record(
            bundle: "b", type: "T", id: "1", title: "Café", subtitle: "sub",
            synonyms: ["s"], keywords: ["k"],
            properties: [
                "s": .string("x"), "i": .int(3), "d": .double(2.5), "b": .bool(true),
                "date": .date(Date(timeIntervalSince1970: 1_780_000_000.25)),
                "u": .url(URL(string: "https://example.com/a")!), "e": .enumCase("red"),
                "ref": .entity(EntityReference(type: "C", id: "c1")),
                "arr": .array([.string("a"), .int(1)]),
            ],
            domain: "a.b", expiration: Date(timeIntervalSince1970: 1_800_000_000), rankingHint: 40)
        let data = try JSONEncoder().encode(record)
        #expect(try JSONDecoder().decode(Record.self, from: data) == record)
    }

    @Test func theCodecReadsWhatFoundationWritesAndWritesTheSameTree() throws {
        let record = Record(
            bundle: "b", type: "T", id: "1", title: "Café", subtitle: "sub", synonyms: ["s"], keywords: ["k"],
            properties: ["i": .int(3), "d": .double(2.5), "b": .bool(false), "e": .enumCase("red"),
                         "date": .date(Date(timeIntervalSince1970: 1_780_000_000.5)), "u": .url(URL(string: "https://x.org")!),
                         "ref": .entity(EntityReference(type: "C", id: "c1")), "arr": .array([.string("a"), .int(1)])],
            domain: "a.b", expiration: Date(timeIntervalSince1970: 1_800_000_000), rankingHint: 40)
        let data = try JSONEncoder().encode(record)
        #expect(try JSONValue.parse(data).decode(Record.self) == record)
        #expect(try JSONValue(encoding: record) == (try JSONValue.parse(data)))
        #expect(throws: DecodingError.self) { try JSONValue.parse(Data(#"{"bundle":"b","type":"T"}"#.utf8)).decode(Record.self) }
        #expect(throws: DecodingError.self) {
            try JSONValue.parse(Data(#"{"bundle":"b","type":"T","id":"1","properties":{"p":{"int":"x"}}}"#.utf8)).decode(Record.self)
        }
    }

    @Test func missingOptionalFieldsDecodeToDefaults() throws {
        let json = #"{"bundle":"b","type":"T","id":"1"}"#
        let record = try JSONDecoder().decode(Record.self, from: Data(json.utf8))
        #expect(record.title == "" && record.synonyms.isEmpty && record.properties.isEmpty)
    }

    @Test func rankingHintOutOfRangeIsRejected() {
        let json = #"{"bundle":"b","type":"T","id":"1","rankingHint":101}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Record.self, from: Data(json.utf8)) }
    }

    @Test func propertyWithTwoTagsIsRejected() {
        let json = #"{"string":"a","int":1}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(PropertyValue.self, from: Data(json.utf8)) }
    }
}

/// What the codec (the reader of donations, imports, the store and the index) makes of a
/// record's numbers at the edges.
@Suite struct RecordNumberTests {
    func property(_ value: String) throws -> PropertyValue? {
        let text = #"{"bundle":"b","type":"T","id":"1","properties":{"n":"# + value + "}}"
        return try JSONValue.parse(Data(text.utf8)).decode(Record.self).properties["n"]
    }

    /// The words of a number that does not fit, or nil when the error is of another kind.
    func refusal(_ value: String) -> String? {
        do {
            _ = try property(value)
            return nil
        } catch {
            return NumberDoesNotFit.carried(by: error)?.message
        }
    }

    @Test(arguments: [("9223372036854775807", Int.max), ("-9223372036854775808", Int.min),
                      ("9007199254740993", 9_007_199_254_740_993), ("-9007199254740993", -9_007_199_254_740_993),
                      ("3.0", 3), ("-0", 0), ("1e2", 100)])
    func anIntPropertyTakesEvery64BitIntegerExactly(_ text: String, _ expected: Int) throws {
        #expect(try property(#"{"int":"# + text + "}") == .int(expected))
    }

    @Test(arguments: [("2.5", #"is {"int":2.5}: "#),
                      ("9223372036854775808", "is beyond the 64-bit range (about 9.223372036854776e+18): "),
                      ("-9223372036854775809", "is beyond the 64-bit range (about -9.223372036854776e+18): "),
                      ("1e20", "is beyond the 64-bit range (about 1e+20): "),
                      ("9007199254740993.0", "is a whole number written with a fraction or exponent at or above 2^53")])
    func anIntThatDoesNotFitIsRefusedNamingTheRecordAndTheProperty(_ text: String, _ saying: String) {
        let message = refusal(#"{"int":"# + text + "}")
        #expect(message?.hasPrefix("record b/T/1: property n " + saying) == true, "\(String(describing: message))")
        #expect(message?.contains("an int is a whole number from -9223372036854775808 to 9223372036854775807") == true)
    }

    @Test(arguments: ["\"3\"", "true"])
    func anIntOfAnotherKindIsATypeMismatch(_ text: String) {
        #expect(throws: DecodingError.self) { try property(#"{"int":"# + text + "}") }
        #expect(refusal(#"{"int":"# + text + "}") == nil)
    }

    @Test(arguments: [("2", 2.0), ("-0.0", -0.0), ("-0", -0.0), ("1e308", 1e308), ("5e-324", Double.leastNonzeroMagnitude),
                      ("9007199254740992", 9_007_199_254_740_992)])
    func aDoublePropertyKeepsEveryBit(_ text: String, _ expected: Double) throws {
        guard case .double(let d)? = try property(#"{"double":"# + text + "}") else {
            Issue.record("\(text) is not read as a double")
            return
        }
        #expect(d.bitPattern == expected.bitPattern)
    }

    @Test(arguments: ["1e400", "-1e400", "9007199254740993"])
    func aDoubleThatDoesNotFitIsRefusedNamingTheRecordAndTheProperty(_ text: String) {
        let message = refusal(#"{"double":"# + text + "}")
        #expect(message?.hasPrefix("record b/T/1: property n is") == true, "\(String(describing: message))")
    }

    @Test func anArrayElementThatDoesNotFitIsNamedByItsPosition() {
        let message = refusal(#"{"array":[{"int":1},{"int":1.5}]}"#)
        #expect(message?.hasPrefix("record b/T/1: property n element 1 is {\"int\":1.5}") == true, "\(String(describing: message))")
    }

    @Test func theWrittenFormKeepsTheKindOfEveryNumber() throws {
        let record = Record(bundle: "b", type: "T", id: "1", title: "",
                            properties: ["i": .int(.max), "d": .double(2), "z": .double(-0.0)])
        let text = String(decoding: try JSONValue(encoding: record).serialized(), as: UTF8.self)
        #expect(text.contains(#""i":{"int":9223372036854775807}"#))
        #expect(text.contains(#""d":{"double":2.0}"#))
        #expect(text.contains(#""z":{"double":-0.0}"#))
        #expect(try JSONValue.parse(Data(text.utf8)).decode(Record.self) == record)
    }
}

@Suite struct ISO8601Tests {
    @Test(arguments: [
        ("2026-06-01", 1_780_272_000.0), ("2026-06-01T20:00:00Z", 1_780_344_000.0),
        ("2026-06-01T20:00:00.250Z", 1_780_344_000.25), ("2026-06-01T22:00:00+02:00", 1_780_344_000.0),
        ("2026-06-01T15:30:00-0430", 1_780_344_000.0),
    ])
    func acceptedFormsReadAsTheRightInstant(_ text: String, _ seconds: Double) {
        #expect(ISO8601.date(from: text)?.timeIntervalSince1970 == seconds)
    }

    @Test(arguments: ["2031e9990-01-01T00:00:00Z", "2026-02-31", "2026-13-01", "0000-01-01", "2026-06-01T20:00Z",
                      "2026-06-01T20:00:00", "2026-06-01 20:00:00Z", "26-06-01", "2026-06-01T20:00:00.Z", ""])
    func malformedTextIsRefused(_ text: String) {
        #expect(ISO8601.date(from: text) == nil)
    }

    /// An offset or the rounding to the millisecond carries these out of the years 0001-9999
    /// in UTC, where their written form would not read back.
    @Test(arguments: ["9999-12-31T23:00:00-02:00", "0001-01-01T00:00:00+01:00", "9999-12-31T23:59:59.9999Z"])
    func aDateOutsideTheYearsOnceInUTCIsRefused(_ text: String) {
        #expect(ISO8601.date(from: text) == nil)
    }

    @Test(arguments: ["0001-01-01T00:00:00Z", "9999-12-31T23:59:59.999Z", "0001-01-01T01:00:00+01:00"])
    func theFirstAndLastMillisecondsOfTheYearsReadBack(_ text: String) throws {
        let date = try #require(ISO8601.date(from: text))
        #expect(ISO8601.date(from: ISO8601.string(from: date)) == date)
    }

    @Test func writingThenReadingKeepsTheMillisecond() {
        let date = Date(timeIntervalSince1970: 1_780_344_000.123)
        #expect(ISO8601.string(from: date) == "2026-06-01T20:00:00.123Z")
        #expect(ISO8601.date(from: ISO8601.string(from: date)) == date)
    }
}
