import Foundation
import Testing
import SpotlightModel

/// Snippets, facet values and completions were written out (`Terminal.printable`) but, unlike
/// table cells, not isolated: Hebrew or Arabic text in them could reorder the rest of the line
/// on a terminal that lays out bidi text. Each is now an isolate (FSI…PDI).
@Suite struct CtlRightToLeftLineTests {
    static let hebrew = Record(bundle: grantedBundle, type: "Note", id: "r1", title: "zzrtl שלום",
                               properties: ["city": .string("ירושלים")])

    @Test func aRightToLeftSnippetIsIsolated() async throws {
        let daemon = try await TestDaemon().start()
        try daemon.importRecords([Self.hebrew])
        let run = daemon.ctl(["query", "zzrtl", "--snippets"])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stdout.contains("\n    \u{2068}[zzrtl] שלום"), "\(run.stdout)")
    }

    @Test func aRightToLeftFacetValueIsIsolatedApartFromItsCount() async throws {
        let daemon = try await TestDaemon().start()
        try daemon.importRecords([Self.hebrew])
        let run = daemon.ctl(["query", "zzrtl", "--facet", "city"])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stdout.contains("city: \u{2068}ירושלים\u{2069} 1\n"), "\(run.stdout)")
    }

    @Test func aRightToLeftCompletionIsIsolated() async throws {
        let daemon = try await TestDaemon().start()
        try daemon.importRecords([Self.hebrew])
        let run = daemon.ctl(["query", "zzrtl של", "--complete", "3"])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stdout.contains("completions: \u{2068}שלום\u{2069}\n"), "\(run.stdout)")
    }
}
