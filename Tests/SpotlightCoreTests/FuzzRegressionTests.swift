import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

/// Inputs the query fuzzer (tools/fuzz query) found, kept as tests.
@Suite struct QueryFuzzRegressionTests {
    /// libxapian 1.4.22's CJK n-gram parsing refuses `a b 坚 c`; the compiler retries with the
    /// CJK run in brackets (CJKQueryGrouping).
    @Test func wordsAroundUnspacedTextAreSearched() throws {
        let t = try TempIndex().add(record("1", "東京 rust book tour"), record("2", "rust book"))
        #expect(try t.ids("rust book 東京 tour") == ["1"])
    }

    @Test func aRangeBeforeUnspacedTextNeverFailsTheQuery() throws {
        let when = Date(timeIntervalSince1970: 1_780_000_000)
        let t = try TempIndex().add(record("1", "Supernova party", properties: ["startDate": .date(when), "rank": .int(7)]))
        let text = "pri5.\u{FFFD}\u{FFFD}坚..\u{FFFD}\u{FFFD}\u{FFFD}3 startDate:2025.. NEARMcomet A+02:0.ipse X=R $afé"
        _ = try t.index.search(SearchQuery(text: text), now: Date())
        _ = try t.index.search(SearchQuery(text: "startDate:2025.. 坚..3"), now: Date())
    }

    @Test func cjkRunsAreBracketedOutsideQuotesOnly() {
        #expect(CJKQueryGrouping.grouped("rust book 東京 t") == "rust book (東京) t")
        #expect(CJKQueryGrouping.grouped("\"東京タワー\" x") == "\"東京タワー\" x")
        #expect(CJKQueryGrouping.grouped("title:夜景。x") == "title:(夜景)。x")
    }
}
