import Foundation
import Testing
import SpotlightModel

/// Any app may donate a title holding a newline or an escape sequence; the table printed
/// them as they were, so one hit took two rows and the terminal ran the escape.
@Suite struct CtlControlCharacterTests {
    @Test func aTitlesControlCharactersAreWrittenOutInItsOneRow() async throws {
        let daemon = try await TestDaemon().start()
        try daemon.importRecords([Record(bundle: grantedBundle, type: "Note", id: "c1",
                                         title: "zzctl red\u{1B}[31m first\nsecond\tcell\u{9B}")])
        let run = daemon.ctl(["query", "zzctl", "--snippets"])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(!run.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B || $0 == "\t" }, "\(run.stdout)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 4, "header, the hit, its snippet, the count: \(run.stdout)")
        #expect(lines.count > 1 && lines[1].hasPrefix(#"zzctl red\x1B[31m first\nsecond\tcell\u{9B}  Note"#), "\(run.stdout)")
    }

    /// A right-to-left override (or embedding, isolate, line separator) in a title reordered
    /// the rest of its row on terminals that lay out bidi text: it is written out instead.
    @Test func aTitlesBidiControlsAndLineSeparatorsAreWrittenOut() async throws {
        let daemon = try await TestDaemon().start()
        try daemon.importRecords([Record(bundle: grantedBundle, type: "Note", id: "b1",
                                         title: "zzctl a\u{202E}b\u{2067}c\u{2069}d\u{2028}e\u{2029}f")])
        let run = daemon.ctl(["query", "zzctl"])
        #expect(run.code == 0, "\(run.stderr)")
        let raw: Set<UInt32> = [0x202E, 0x2067, 0x2069, 0x2028, 0x2029]
        #expect(!run.stdout.unicodeScalars.contains { raw.contains($0.value) }, "\(run.stdout)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count > 1 && lines[1].hasPrefix(#"zzctl a\u{202E}b\u{2067}c\u{2069}d\u{2028}e\u{2029}f  Note"#),
                "\(run.stdout)")
    }

    /// A Hebrew title prints as itself, isolated (FSI…PDI, no columns) so it cannot reorder the
    /// cells after it, and the columns stay aligned.
    @Test func aRightToLeftTitleIsIsolatedInItsCell() async throws {
        let daemon = try await TestDaemon().start()
        try daemon.importRecords([Record(bundle: grantedBundle, type: "Note", id: "h1", title: "zzctl שלום")])
        let run = daemon.ctl(["query", "zzctl"])
        #expect(run.code == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count > 1 && lines[0].hasPrefix("TITLE       TYPE"), "\(run.stdout)")
        #expect(lines.count > 1 && lines[1].hasPrefix("\u{2068}zzctl שלום\u{2069}  Note"), "\(run.stdout)")
    }
}
