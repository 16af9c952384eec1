import Foundation
import Testing
import SpotlightModel

/// `JSONValueEncoder` and `JSONValueDecoder`: the one codec of the wire, the store and the index.
@Suite struct JSONValueCodecTests {
    struct Edges: Codable, Equatable {
        var i64: Int64
        var u64: UInt64
        var int: Int
        var i8: Int8
        var u32: UInt32
        var double: Double
        var float: Float
    }

    struct Nested: Codable, Equatable {
        var maybe: Int?
        var maybeMaybe: Int??
        var list: [String?]
        var table: [String: [Int]]
        var data: Data
        var url: URL
        var any: JSONValue

        enum CodingKeys: String, CodingKey { case maybe, maybeMaybe, list, table, data, url, any }

        init(maybe: Int?, maybeMaybe: Int??, list: [String?], table: [String: [Int]], data: Data, url: URL, any: JSONValue) {
            (self.maybe, self.maybeMaybe, self.list, self.table) = (maybe, maybeMaybe, list, table)
            (self.data, self.url, self.any) = (data, url, any)
        }

        // A present null is `.some(nil)`, an absent member nil: the distinction ClientStateSwap keeps.
        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            maybe = try c.decodeIfPresent(Int.self, forKey: .maybe)
            maybeMaybe = c.contains(.maybeMaybe) ? .some(try c.decodeIfPresent(Int.self, forKey: .maybeMaybe)) : nil
            list = try c.decode([String?].self, forKey: .list)
            table = try c.decode([String: [Int]].self, forKey: .table)
            data = try c.decode(Data.self, forKey: .data)
            url = try c.decode(URL.self, forKey: .url)
            any = try c.decode(JSONValue.self, forKey: .any)
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encodeIfPresent(maybe, forKey: .maybe)
            switch maybeMaybe {
            case nil: break
            case .some(nil): try c.encodeNil(forKey: .maybeMaybe)
            case .some(let n?): try c.encode(n, forKey: .maybeMaybe)
            }
            try c.encode(list, forKey: .list)
            try c.encode(table, forKey: .table)
            try c.encode(data, forKey: .data)
            try c.encode(url, forKey: .url)
            try c.encode(any, forKey: .any)
        }
    }

    func roundTrip<T: Codable>(_ value: T) throws -> T {
        let text = try JSONValue(encoding: value).serialized()
        return try JSONValue.parse(text).decode(T.self)
    }

    @Test func the64BitExtremesRoundTripExactlyThroughText() throws {
        for edges in [Edges(i64: .max, u64: UInt64(Int64.max), int: .min, i8: .min, u32: .max, double: -0.0, float: 1.5),
                      Edges(i64: .min, u64: 0, int: .max, i8: .max, u32: 0, double: .leastNonzeroMagnitude, float: -2)] {
            let back = try roundTrip(edges)
            #expect(back == edges)
            #expect(back.double.bitPattern == edges.double.bitPattern)
        }
        #expect(try JSONValue(encoding: Int64.max) == .int(.max))
        #expect(try JSONValue(encoding: Int64.min) == .int(.min))
    }

    @Test func aDoubleStaysADoubleAndAnIntAnInt() throws {
        #expect(try JSONValue(encoding: 2.0) == .double(2.0))
        #expect(try JSONValue(encoding: 2) == .int(2))
        #expect(String(decoding: try JSONValue(encoding: [2.0, -0.0]).serialized(), as: UTF8.self) == "[2.0,-0.0]")
    }

    @Test func aUInt64BeyondInt64IsRefusedRatherThanRounded() {
        #expect(throws: EncodingError.self) { try JSONValue(encoding: UInt64.max) }
    }

    @Test func aNaNIsRefused() {
        #expect(throws: EncodingError.self) { try JSONValue(encoding: [Double.nan]) }
    }

    @Test(arguments: [("9223372036854775808", "Int64"), ("2.5", "Int64"), ("300", "Int8"), ("-1", "UInt64")])
    func anIntegerThatDoesNotFitItsTypeCarriesNumberDoesNotFit(_ text: String, _ type: String) throws {
        let value = try JSONValue.parse(Data(text.utf8))
        do {
            switch type {
            case "Int8": _ = try value.decode(Int8.self)
            case "UInt64": _ = try value.decode(UInt64.self)
            default: _ = try value.decode(Int64.self)
            }
            Issue.record("\(text) was read as \(type)")
        } catch {
            #expect(NumberDoesNotFit.carried(by: error) != nil, "\(error)")
        }
    }

    @Test func aWholeDoubleBelow2To53ReadsAsAnInteger() throws {
        #expect(try JSONValue.double(1e2).decode(Int.self) == 100)
        #expect(throws: DecodingError.self) { try JSONValue.double(9_007_199_254_740_994).decode(Int.self) }
    }

    @Test func anIntADoubleCannotHoldIsRefusedAsADouble() {
        do {
            _ = try JSONValue.int(9_007_199_254_740_993).decode(Double.self)
            Issue.record("9007199254740993 was read as a double")
        } catch {
            #expect(NumberDoesNotFit.carried(by: error) != nil, "\(error)")
        }
    }

    @Test func nestedOptionalsDataURLAndJSONValueRoundTrip() throws {
        let any: JSONValue = .object(["n": .int(.min), "d": .double(2.0), "z": .double(-0.0), "a": .array([.null, .bool(true)])])
        for value in [Nested(maybe: 1, maybeMaybe: .some(nil), list: ["a", nil], table: ["x": [1, 2]],
                             data: Data([0, 255, 7]), url: URL(string: "https://example.com/a?b=c")!, any: any),
                      Nested(maybe: nil, maybeMaybe: nil, list: [], table: [:], data: Data(), url: URL(string: "file:///tmp")!, any: .null),
                      Nested(maybe: nil, maybeMaybe: .some(3), list: [nil], table: ["": []], data: Data([1]),
                             url: URL(string: "x:y")!, any: .string("s"))] {
            #expect(try roundTrip(value) == value)
        }
    }

    @Test func absentAndNullMembersAreTold() throws {
        let absent = try JSONValue.object(["list": .array([]), "table": .object([:]), "data": .string(""),
                                           "url": .string("x:y"), "any": .null]).decode(Nested.self)
        #expect(absent.maybeMaybe == nil)
        var withNull = try JSONValue(encoding: absent).objectValue ?? [:]
        withNull["maybeMaybe"] = .null
        #expect(try JSONValue.object(withNull).decode(Nested.self).maybeMaybe == .some(nil))
    }

    @Test func dataIsBase64AndURLItsString() throws {
        #expect(try JSONValue(encoding: Data([0xFF, 0x00])) == .string("/wA="))
        #expect(try JSONValue(encoding: URL(string: "https://example.com/x")!) == .string("https://example.com/x"))
    }

    @Test func aMissingMemberNamesItsPath() {
        let value: JSONValue = .object(["records": .array([.object(["bundle": .string("b"), "type": .string("T")])])])
        struct Records: Decodable { var records: [Record] }
        let error = #expect(throws: DecodingError.self) { try value.decode(Records.self) }
        guard case .keyNotFound(let key, let context)? = error else {
            Issue.record("not keyNotFound: \(String(describing: error))")
            return
        }
        #expect(key.stringValue == "id")
        #expect(context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } == ["records", "0"])
    }

    @Test func anUnknownQueryMemberIsRefusedNamingIt() {
        let params: JSONValue = .object(["text": .string("saturn"), "limt": .int(5)])
        let error = #expect(throws: DecodingError.self) { try params.decode(SearchQuery.self) }
        guard case .dataCorrupted(let context)? = error else {
            Issue.record("not dataCorrupted: \(String(describing: error))")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["limt"])
        #expect(context.debugDescription.hasPrefix("unknown member; query takes text, bundles"))
    }

    @Test func everyQueryMemberAClientSendsIsKnown() throws {
        var query = SearchQuery(text: "a", bundles: ["b"], types: ["T"], offset: 1, limit: 2,
                                sort: SearchSort(by: "title"), facets: ["type"], snippets: SnippetOptions(),
                                spelling: .retry, completions: 3, explain: true, language: "de")
        query.sort?.relevanceFirst = true
        #expect(try roundTrip(query) == query)
    }

    @Test func anUnknownRecordMemberIsIgnoredAsDocumented() throws {
        let value: JSONValue = .object(["bundle": .string("b"), "type": .string("T"), "id": .string("1"), "colour": .string("red")])
        #expect(try value.decode(Record.self) == Record(bundle: "b", type: "T", id: "1", title: ""))
    }
}
