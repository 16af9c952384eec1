import Foundation
import Testing
import SpotlightModel

/// Arguments as people type them: short flags after a list, hated words, missing values,
/// bad option values and files that are not files.
@Suite struct CtlArgumentTests {
    @Test func aListOfIdsEndsAtAShortFlag() async throws {
        let daemon = try await TestDaemon().start()
        try daemon.importRecords(sampleRecords(2))
        let run = daemon.ctl(["delete", "--bundle", grantedBundle, "--type", "EventEntity", "--ids", "R0", "-y"])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stdout == "deleted 1 record of \(grantedBundle)\n")
    }

    @Test func aHatedWordAsAnArgumentIsShownHowToPassIt() async throws {
        let daemon = try await TestDaemon().start()
        try daemon.importRecords(sampleRecords(2))
        let refused = daemon.ctl(["query", "supernova", "-party"])
        #expect(refused.code == 2)
        #expect(refused.stderr.contains("spotlightctl query -- \"supernova -party\""), "\(refused.stderr)")
        struct Result: Decodable { var hits: [[String: JSONValue]] }
        let hated = daemon.ctl(["query", "--json", "--", "supernova -party"])
        #expect(hated.code == 0, "\(hated.stderr)")
        #expect(try hated.json(Result.self).hits.isEmpty)
        #expect(try daemon.ctl(["query", "--json", "--", "supernova -lecture"]).json(Result.self).hits.count == 2)
    }

    /// `export --output ''` created a hidden partial file in the current directory and then
    /// failed with "cannot write : No such file or directory".
    @Test func anEmptyOutputPathIsRefusedBeforeTheExport() throws {
        let run = try TestDaemon().ctl(["export", "--output", ""])   // no daemon: refused before asking it
        #expect(run.code == 1)
        #expect(run.stderr == "spotlightctl: error: --output needs a file path, not an empty one\n", "\(run.stderr)")
    }

    /// `import ''` said " does not exist; check the path", naming nothing.
    @Test func anEmptyInputPathSaysItIsEmpty() async throws {
        let daemon = try await TestDaemon().start()
        let run = daemon.ctl(["import", "", "--bundle", grantedBundle])
        #expect(run.code == 1)
        #expect(run.stderr == "spotlightctl: error: the file's path is empty; give a file (- reads stdin)\n", "\(run.stderr)")
    }

    /// `query --sort ''` was answered as if no sort was asked for, and `--facet ''` printed ": (none)".
    @Test(arguments: [["--sort", ""], ["--facet", ""]])
    func anEmptySortKeyOrFacetIsAUsageErrorSayingWhatToGive(_ option: [String]) throws {
        let run = try TestDaemon().ctl(["query", "moon"] + option)   // refused before asking spotlightd
        #expect(run.code == 2)
        #expect(run.stderr.hasPrefix("spotlightctl: error: \(option[0]) needs a "), "\(run.stderr)")
    }

    @Test func aMissingValueSendsToTheCommandsHelp() throws {
        let run = try TestDaemon().ctl(["query", "x", "--limit"])
        #expect(run.code == 2)
        #expect(run.stderr.contains("--limit needs a value"))
        #expect(run.stderr.contains("Try 'spotlightctl query --help'."), "\(run.stderr)")
    }

    @Test func aLanguageThatIsNoTagIsAUsageError() throws {
        let run = try TestDaemon().ctl(["query", "x", "--language", "xx_YY"])
        #expect(run.code == 2)
        #expect(run.stderr.contains("--language needs a BCP 47 tag"), "\(run.stderr)")
    }

    @Test func importingADirectorySaysItIsOne() async throws {
        let directory = FileManager.default.temporaryDirectory.path
        let run = try await TestDaemon().start().ctl(["import", directory, "--bundle", grantedBundle])
        #expect(run.code == 1)
        #expect(run.stderr.contains("\(directory) is a directory; give a file"), "\(run.stderr)")
    }

    @Test func aMissingSynonymFileSaysItDoesNotExist() async throws {
        let run = try await TestDaemon().start().ctl(["synonyms", "--bundle", grantedBundle, "--set", "/nonexistent/table.json"])
        #expect(run.code == 1)
        #expect(run.stderr.contains("/nonexistent/table.json does not exist; check the path"), "\(run.stderr)")
    }

    @Test func wideCharactersKeepTheTableAligned() async throws {
        let daemon = try await TestDaemon().start()
        try daemon.importRecords([Record(bundle: grantedBundle, type: "EventEntity", id: "k", title: "관측 파티 comet"),
                                  Record(bundle: grantedBundle, type: "EventEntity", id: "e", title: "Comet watch")])
        let run = daemon.ctl(["query", "comet"])
        #expect(run.code == 0, "\(run.stderr)")
        let rows = run.stdout.split(separator: "\n").map(String.init).filter { $0.contains("EventEntity") }
        #expect(rows.count == 2)
        // The TYPE column starts at the same terminal column in both rows.
        let starts = rows.map { row in columns(String(row[..<row.range(of: "EventEntity")!.lowerBound])) }
        #expect(Set(starts).count == 1, "\(rows)")
    }

    /// A title with an emoji outside the CJK blocks (two columns in a terminal) or a format
    /// character (none: a right-to-left mark, Persian's non-joiner) pads to the same column as
    /// a plain one; `titleColumns` is what the terminal shows.
    @Test(arguments: [
        ("Launch \u{1F680} comet", 15), ("\u{2615} comet", 8), ("\u{1FAE0} comet", 8),
        ("\u{1F1E9}\u{1F1EA} comet", 8), ("Tel Aviv\u{200F} comet", 14),
        ("\u{645}\u{6CC}\u{200C}\u{62E}\u{648}\u{627}\u{647}\u{645} comet", 13),
    ])
    func emojiAndFormatCharactersKeepTheTableAligned(title: String, titleColumns: Int) async throws {
        let daemon = try await TestDaemon().start()
        try daemon.importRecords([Record(bundle: grantedBundle, type: "EventEntity", id: "t", title: title),
                                  Record(bundle: grantedBundle, type: "EventEntity", id: "e", title: "Comet watch")])
        let run = daemon.ctl(["query", "comet"])
        #expect(run.code == 0, "\(run.stderr)")
        let rows = run.stdout.split(separator: "\n").map(String.init).filter { $0.contains("EventEntity") }
        let padding = { (row: String) in row[..<row.range(of: "EventEntity")!.lowerBound].reversed().prefix { $0 == " " }.count }
        // A right-to-left cell comes between FSI and PDI (zero columns), so it cannot reorder the row.
        let titled = try #require(rows.first { $0.hasPrefix(title) || $0.hasPrefix("\u{2068}" + title + "\u{2069}") })
        let plain = try #require(rows.first { $0.hasPrefix("Comet watch") })
        #expect(titleColumns + padding(titled) == "Comet watch".count + padding(plain), "\(rows)")
    }

    /// Two columns for a Hangul syllable, one for ASCII (all this test's text holds).
    private func columns(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + ((0xAC00...0xD7A3).contains($1.value) ? 2 : 1) }
    }
}
