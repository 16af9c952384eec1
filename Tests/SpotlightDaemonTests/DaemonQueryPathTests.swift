import Foundation
import Testing
import SpotlightKit
import SpotlightModel
import SpotlightWire
@testable import spotlightd

/// The query's fast path: answered on the daemon's worker thread, its params read and its
/// result written by the codec (JSONValueDecoder, JSONValueEncoder).
@Suite struct DaemonQueryPathTests {
    @Test func aPipelinedBurstOfQueriesOnOneConnectionGetsEachItsOwnAnswer() async throws {
        let daemon = try DaemonProcess()
        let index = daemon.index()
        try await index.indexRecords((0..<40).map { note("n\($0)", "Lantern\($0)q festival") })
        let answers = try await withThrowingTaskGroup(of: (Int, [String]).self) { group in
            for round in 0..<200 {
                let n = round % 40
                group.addTask { (n, try await index.query(SearchQuery(text: "lantern\(n)q")).hits.map(\.record.id)) }
            }
            return try await group.reduce(into: [(Int, [String])]()) { $0.append($1) }
        }
        #expect(answers.count == 200)
        #expect(answers.allSatisfy { n, ids in ids == ["n\(n)"] })
    }

    @Test func aQueryOnAnotherConnectionRightAfterADonationSeesIt() async throws {
        let daemon = try DaemonProcess()
        let writer = daemon.index(), reader = daemon.index()
        for n in 0..<50 {
            try await writer.indexRecords([note("d\(n)", "Harbour\(n)q regatta")])
            #expect(try await reader.query(SearchQuery(text: "harbour\(n)q")).hits.map(\.record.id) == ["d\(n)"], "donation \(n)")
        }
    }

    @Test func aTimedQueryGetsTheDaemonsStepTimesBesideItsRecords() async throws {
        let daemon = try DaemonProcess()
        let index = daemon.index()
        try await index.indexRecords((0..<20).map { note("t\($0)", "Lighthouse\($0) tour") })
        let timed = try await index.query(SearchQuery(text: "lighthouse", limit: 3, timing: true))
        #expect(timed.hits.count == 3)
        #expect(timed.hits.allSatisfy { $0.record.title.hasPrefix("Lighthouse") })
        let timing = try #require(timed.timing)
        #expect(timing.recordsSeconds > 0 && timing.matchSeconds > 0 && timing.compileSeconds > 0)
        #expect(timing.compileSeconds + timing.matchSeconds + timing.recordsSeconds <= timing.searchSeconds)
        #expect(try await index.query(SearchQuery(text: "lighthouse", limit: 3)).timing == nil)
    }

    @Test func aQueryWithABoundedIndexWaitIsAnsweredOverTheSocket() async throws {
        let daemon = try DaemonProcess()
        let index = daemon.index()
        try await index.indexRecords((0..<5).map { note("w\($0)", "Windmill\($0) walk") })
        let result = try await index.query(SearchQuery(text: "windmill", limit: 10, maxIndexWait: 5))
        #expect(result.hits.map(\.record.id).sorted() == ["w0", "w1", "w2", "w3", "w4"])
        #expect(result.inexact == nil)
    }

    @Test func everyQueryParamIsReadByTheCodec() throws {
        let params: JSONValue = .object([
            "text": .string("a b"), "bundles": .array([.string("x")]), "types": .array([.string("T")]),
            "offset": .int(5), "limit": .int(0), "facets": .array([.string("type")]), "completions": .int(3),
            "explain": .bool(true), "spelling": .string("retry"), "language": .string("de"), "sort": .null,
            "timing": .bool(true), "maxIndexWait": .double(0.5),
            "snippets": .object(["length": .int(40)])])
        var expected = SearchQuery(text: "a b", bundles: ["x"], types: ["T"], offset: 5, limit: 0, facets: ["type"],
                                   snippets: SnippetOptions(length: 40), spelling: .retry, completions: 3, explain: true,
                                   language: "de", timing: true, maxIndexWait: 0.5)
        #expect(try Optional(params).decode(SearchQuery.self) == expected)
        // The usual shape, read without the Codable path.
        for (wait, seconds): (JSONValue, Double) in [(.int(2), 2), (.double(0.25), 0.25)] {
            let plain: JSONValue = .object(["text": .string("moon"), "limit": .int(3), "maxIndexWait": wait])
            #expect(SearchQuery.read(plain) == SearchQuery(text: "moon", limit: 3, maxIndexWait: seconds))
            #expect(try Optional(plain).decode(SearchQuery.self) == SearchQuery(text: "moon", limit: 3, maxIndexWait: seconds))
        }
        expected = SearchQuery(text: nil)
        #expect(try Optional<JSONValue>.none.decode(SearchQuery.self) == expected)
    }

    @Test func anUnknownQueryParamIsInvalidParamsNamingIt() {
        let params: JSONValue = .object(["text": .string("saturn"), "limt": .int(5)])
        #expect(outcome { try Optional(params).decode(SearchQuery.self) }
                .hasPrefix("error: JSON-RPC error -32602: invalid params: params.limt: unknown member; query takes text"))
    }

    @Test func aWrongQueryParamIsInvalidParamsNamingIt() {
        for (params, path): (JSONValue, String) in [(.object(["limit": .double(2.5)]), "params.limit"),
                                                    (.object(["text": .int(3)]), "params.text"),
                                                    (.object(["spelling": .string("never")]), "params.spelling")] {
            #expect(outcome { try Optional(params).decode(SearchQuery.self) }.contains("-32602: invalid params: \(path)"),
                    "\(params)")
        }
    }

    private func outcome(_ read: () throws -> SearchQuery) -> String {
        do { return "\(try read())" } catch { return "error: \(error)" }
    }
}
