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
}
