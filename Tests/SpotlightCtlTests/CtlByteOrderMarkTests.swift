import Foundation
import Testing

/// A file saved with a UTF-8 byte order mark (as editors on Windows save it) lost its first
/// record to "unexpected character 'ï'", and a synonym table so saved was "not a JSON object".
@Suite struct CtlByteOrderMarkTests {
    @Test func aFileStartingWithAByteOrderMarkIsReadWhole() async throws {
        let daemon = try await TestDaemon().start()
        let records = daemon.createFile("bom.jsonl", "\u{FEFF}{\"type\":\"Note\",\"id\":\"b1\",\"title\":\"first\"}\n"
            + "{\"type\":\"Note\",\"id\":\"b2\",\"title\":\"second\"}\n")
        let run = daemon.ctl(["import", records.path, "--bundle", grantedBundle])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stdout.contains("imported 2 records"), "\(run.stdout)")
        let table = daemon.createFile("bom.json", "\u{FEFF}{\"tv\": [\"television\"]}")
        let set = daemon.ctl(["synonyms", "--bundle", grantedBundle, "--set", table.path])
        #expect(set.code == 0, "\(set.stderr)")
    }
}
