import Foundation
import Testing
import SpotlightModel

/// `import --json`: import had no `--json` (an unknown option, exit 2), so a script could only
/// scrape "imported N records" and the text of the bad lines and the progress on stderr.
@Suite struct CtlImportJSONTests {
    /// Two records and, between them, a line without an id.
    func importWithABadLine(_ daemon: TestDaemon, _ more: [String] = []) -> CtlRun {
        let file = daemon.createFile("mixed.jsonl", """
            {"type":"Note","id":"n1","title":"One"}
            {"type":"Note","title":"No id"}
            {"type":"Note","id":"n2","title":"Two"}

            """)
        return daemon.ctl(["import", file.path, "--bundle", grantedBundle, "--json"] + more)
    }

    @Test func printsTheCountsAsJSONAndExits5ForASkippedLine() async throws {
        let daemon = try await TestDaemon().start()
        let run = importWithABadLine(daemon)
        #expect(run.code == 5, "\(run.stderr)")
        let result = try run.json([String: JSONValue].self)
        #expect(result == ["bundle": .string(grantedBundle), "imported": .int(2), "skipped": .int(1)], "\(run.stdout)")
    }

    @Test func reportsBadLinesAndProgressAsJSONLinesOnStandardError() async throws {
        let daemon = try await TestDaemon().start()
        let run = importWithABadLine(daemon)
        let lines = try run.stderr.split(separator: "\n").map { try JSONValue.parse(Data($0.utf8)) }
        #expect(lines.first == .object(["line": .int(2), "skipped": .string("not a record: id is missing")]), "\(run.stderr)")
        #expect(lines.last == .object(["done": .int(3), "progress": .string("import"), "total": .int(3)]), "\(run.stderr)")
    }

    @Test func strictNamesTheBadLinesAsJSONLinesOnStandardError() async throws {
        let daemon = try await TestDaemon().start()
        let run = importWithABadLine(daemon, ["--strict"])
        #expect(run.code == 1, "\(run.stderr)")
        let first = try JSONValue.parse(Data(run.stderr.prefix { $0 != "\n" }.utf8))
        #expect(first == .object(["line": .int(2), "bad": .string("not a record: id is missing")]), "\(run.stderr)")
    }
}
