import Foundation
import SpotlightTestSupport
import Testing

/// `spotlightctl import` read the whole file into memory before donating anything; it reads and
/// donates a batch at a time, so its memory stays bounded by the batch, not the file.
@Suite struct CtlImportStreamingTests {
    /// The number of records spotlightd holds, as `status --json` says.
    private func recordCount(_ daemon: TestDaemon) throws -> Int {
        try daemon.ctl(["status", "--json"]).json(StatusJSON.self).index.recordCount
    }

    private func line(_ id: Int) -> String { #"{"type":"Note","id":"s\#(id)","title":"streamed \#(id)"}"# + "\n" }

    @Test func importDonatesABatchBeforeItsInputEnds() async throws {
        let daemon = try await TestDaemon().start()
        let input = closeOnExecPipe()
        let run = daemon.spawnCtl(["import", "-", "--bundle", grantedBundle, "--batch", "2"],
                                  input: input.fileHandleForReading)
        try input.fileHandleForReading.close()
        // Three records: the third starts a new batch, so the first two go while stdin stays open.
        try input.fileHandleForWriting.write(contentsOf: Data((1...3).map(line).joined().utf8))
        var seen = 0
        let deadline = Date().addingTimeInterval(60)
        while seen < 2 && Date() < deadline && run.process.isRunning {
            seen = try recordCount(daemon)
            if seen < 2 { try await Task.sleep(for: .milliseconds(100)) }
        }
        try input.fileHandleForWriting.close()
        let result = run.result()
        #expect(seen == 2, "records stored while stdin was open: \(seen); \(result.stderr)")
        #expect(result.code == 0, "\(result.stderr)")
        #expect(result.stdout == "imported 3 records into \(grantedBundle)\n")
    }

    @Test func strictImportOfStandardInputChecksEveryLineBeforeDonatingAny() async throws {
        let daemon = try await TestDaemon().start()
        let input = closeOnExecPipe()
        let run = daemon.spawnCtl(["import", "-", "--bundle", grantedBundle, "--strict", "--batch", "1"],
                                  input: input.fileHandleForReading)
        try input.fileHandleForReading.close()
        try input.fileHandleForWriting.write(contentsOf: Data((line(1) + line(2) + "not json\n").utf8))
        try input.fileHandleForWriting.close()
        let result = run.result()
        #expect(result.code == 1)
        #expect(result.stderr.contains("-:3: not a record: invalid JSON"), "\(result.stderr)")
        #expect(result.stderr.contains("import stopped at line 3 of - (1 bad lines)"), "\(result.stderr)")
        #expect(try recordCount(daemon) == 0)
    }
}
