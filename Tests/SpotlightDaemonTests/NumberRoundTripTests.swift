import Foundation
import SpotlightKit
import SpotlightModel
import SpotlightTestSupport
import SpotlightProtocol
import SpotlightWire
import Testing

/// Integers exact and doubles bit for bit through a real spotlightd: donated, then read back
/// by `get`, as a query hit and by export, from SpotlightKit and from the raw wire.
@Suite struct NumberRoundTripTests {
    static let integers: [Int] = [0, -1, 9_007_199_254_740_991, 9_007_199_254_740_992, 9_007_199_254_740_993,
                                  -9_007_199_254_740_992, -9_007_199_254_740_993, .max, .max - 1, .min, .min + 1]
    static let doubles: [Double] = [-0.0, 0.0, 1e308, -1e308, .greatestFiniteMagnitude, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
                                    .leastNormalMagnitude, .leastNormalMagnitude.nextDown, 2.0, 0.1, 1e16,
                                    9_007_199_254_740_992, .pi]

    /// One record holding every edge, each in its own property, as ints, doubles and arrays.
    static let record: Record = {
        var properties: [String: PropertyValue] = [:]
        for (n, value) in integers.enumerated() { properties["i\(n)"] = .int(value) }
        for (n, value) in doubles.enumerated() { properties["d\(n)"] = .double(value) }
        properties["ints"] = .array(integers.map(PropertyValue.int))
        properties["doubles"] = .array(doubles.map(PropertyValue.double))
        return Record(bundle: "com.example.test", type: "Edge", id: "edges", title: "numbers at the edges",
                      properties: properties)
    }()

    /// Compares bit patterns (== would call -0.0 and 0.0 the same).
    static func identical(_ a: PropertyValue?, _ b: PropertyValue?) -> Bool {
        switch (a, b) {
        case (.int(let x)?, .int(let y)?): return x == y
        case (.double(let x)?, .double(let y)?): return x.bitPattern == y.bitPattern
        case (.array(let xs)?, .array(let ys)?):
            return xs.count == ys.count && zip(xs, ys).allSatisfy { identical($0, $1) }
        default: return false
        }
    }

    static func expectIdentical(_ read: Record?, _ how: String) {
        guard let read else {
            Issue.record("\(how): the record did not come back")
            return
        }
        for (name, value) in record.properties {
            #expect(identical(read.properties[name], value), "\(how): \(name) is \(String(describing: read.properties[name])), donated \(value)")
        }
    }

    @Test func everyEdgeNumberComesBackBitForBitFromGetQueryAndExport() async throws {
        let daemon = try DaemonProcess()
        let index = daemon.index()
        try await index.indexRecords([Self.record])
        Self.expectIdentical(try await index.records(for: [Self.record.key]).first, "get")
        Self.expectIdentical(try await index.query(SearchQuery(text: "edges numbers")).hits.first?.record, "query")
        let page: ExportResult = try await RPCClient(socketPath: daemon.socket)
            .call("export", ExportParams(bundle: "com.example.test", type: nil, after: nil, limit: 10))
        Self.expectIdentical(page.records.first, "export")
        // After a restart and a rebuild from the store, too.
        try daemon.restart()
        _ = try await index.rebuild()
        Self.expectIdentical(try await index.query(SearchQuery(text: "edges numbers")).hits.first?.record, "query after a rebuild")
    }

    @Test(arguments: ["9007199254740993", "9223372036854775807", "-9223372036854775808", "-9007199254740993"])
    func anIntegerOnTheWireComesBackAsTheSameDigits(_ digits: String) throws {
        let daemon = try DaemonProcess()
        let raw = try RawConnection(path: daemon.socket)
        raw.send(#"{"jsonrpc":"2.0","id":1,"method":"donate","params":{"records":[{"bundle":"com.example.test","type":"T","id":"w","properties":{"n":{"int":\#(digits)}}}]}}"#)
        #expect(raw.readLine()?.contains(#""result""#) == true)
        raw.send(#"{"jsonrpc":"2.0","id":2,"method":"get","params":{"keys":[{"bundle":"com.example.test","type":"T","id":"w"}]}}"#)
        #expect(raw.readLine()?.contains(#""n":{"int":\#(digits)}"#) == true)
        raw.send(#"{"jsonrpc":"2.0","id":3,"method":"query","params":{"text":"","types":["T"]}}"#)
        #expect(raw.readLine()?.contains(#""n":{"int":\#(digits)}"#) == true)
    }

    @Test(arguments: [("-0.0", "-0.0"), ("1e308", "1e+308"), ("5e-324", "5e-324"), ("2", "2.0"), ("2.5", "2.5")])
    func aDoubleOnTheWireComesBackAsADouble(_ sent: String, _ written: String) throws {
        let daemon = try DaemonProcess()
        let raw = try RawConnection(path: daemon.socket)
        raw.send(#"{"jsonrpc":"2.0","id":1,"method":"donate","params":{"records":[{"bundle":"com.example.test","type":"T","id":"w","properties":{"x":{"double":\#(sent)}}}]}}"#)
        #expect(raw.readLine()?.contains(#""result""#) == true)
        raw.send(#"{"jsonrpc":"2.0","id":2,"method":"get","params":{"keys":[{"bundle":"com.example.test","type":"T","id":"w"}]}}"#)
        let line = raw.readLine() ?? ""
        #expect(line.contains(#""x":{"double":\#(written)}"#), "\(line)")
    }

    @Test(arguments: [#"{"int":9223372036854775808}"#, #"{"int":2.5}"#, #"{"int":1e20}"#, #"{"double":1e400}"#,
                      #"{"double":9007199254740993}"#])
    func aNumberThatDoesNotFitItsKindIsRefusedNamingTheRecordAndProperty(_ value: String) async throws {
        let daemon = try DaemonProcess()
        let raw = try RawConnection(path: daemon.socket)
        raw.send(#"{"jsonrpc":"2.0","id":1,"method":"donate","params":{"records":[{"bundle":"com.example.test","type":"T","id":"ok","title":"fine"},{"bundle":"com.example.test","type":"T","id":"bad","properties":{"n":\#(value)}}]}}"#)
        let error = raw.readJSON()?["error"] as? [String: Any]
        #expect((error?["data"] as? [String: Any])?["code"] as? String == "invalidInput")
        let message = error?["message"] as? String ?? ""
        #expect(message.contains("records[1]: record com.example.test/T/bad: property n"), "\(message)")
        #expect(try await daemon.index().query(SearchQuery(text: "fine")).hits.isEmpty)
    }

    @Test(arguments: [UInt64(14), 2026, 0xC0FFEE])
    func randomIntsAndDoublesOfEveryBitPatternComeBackUnchanged(_ seed: UInt64) async throws {
        var random = SplitMix(state: seed)
        // Any 64-bit pattern as an int; as a double, any finite one (subnormals and -0.0 among them).
        let ints = (0..<1000).map { _ in Int(bitPattern: UInt(random.next())) }
        var doubles: [Double] = []
        while doubles.count < 1000 {
            let d = Double(bitPattern: random.next() >> UInt64.random(in: 0...12, using: &random))
            if d.isFinite { doubles.append(random.next() % 2 == 0 ? d : -d) }
        }
        let record = Record(bundle: "com.example.test", type: "Random", id: "r\(seed)", title: "random numbers",
                            properties: ["ints": .array(ints.map(PropertyValue.int)),
                                         "doubles": .array(doubles.map(PropertyValue.double))])
        let daemon = try DaemonProcess()
        let index = daemon.index()
        try await index.indexRecords([record])
        for (how, read) in [("get", try await index.records(for: [record.key]).first),
                            ("query", try await index.query(SearchQuery(text: "random numbers")).hits.first?.record)] {
            #expect(Self.identical(read?.properties["ints"], record.properties["ints"]), "seed \(seed), \(how): ints changed")
            #expect(Self.identical(read?.properties["doubles"], record.properties["doubles"]), "seed \(seed), \(how): doubles changed")
        }
    }
}
