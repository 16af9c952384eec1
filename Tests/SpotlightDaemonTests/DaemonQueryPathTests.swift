import Foundation
import Testing
import SpotlightKit
import SpotlightModel
import SpotlightWire
@testable import spotlightd

/// The query's fast path: answered on the daemon's worker thread, its params and result
/// written without Codable, exactly as the Codable path would.
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

    @Test func queryParamsReadDirectlyEqualWhatCodableReads() throws {
        let cases: [JSONValue] = [
            .object([:]),
            .object(["text": .string("saturn"), "limit": .int(10)]),
            .object(["text": .string("a b"), "bundles": .array([.string("x")]), "types": .array([.string("T")]),
                     "offset": .int(5), "limit": .int(0), "facets": .array([.string("type")]),
                     "completions": .int(3), "explain": .bool(true), "spelling": .string("retry"),
                     "unknown": .int(1), "sort": .null]),
            .object(["sort": .object(["by": .string("title"), "descending": .bool(true)]),
                     "snippets": .object(["length": .int(40)])]),
        ]
        for params in cases {
            #expect(try QueryWire.query(from: params) == (try Optional(params).decode(SearchQuery.self)), "\(params)")
        }
    }

    @Test func aWrongQueryParamGetsTheErrorCodableGives() {
        for params: JSONValue in [.object(["limit": .double(2.5)]), .object(["text": .int(3)]),
                                  .object(["spelling": .string("never")]), .array([])] {
            #expect(outcome { try QueryWire.query(from: params) } == outcome { try Optional(params).decode(SearchQuery.self) },
                    "\(params)")
        }
    }

    private func outcome(_ read: () throws -> SearchQuery) -> String {
        do { return "\(try read())" } catch { return "error: \(error)" }
    }
}
