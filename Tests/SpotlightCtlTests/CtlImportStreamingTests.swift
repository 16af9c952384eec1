import Foundation
#if canImport(Glibc)
import Glibc
#endif
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

    /// `import -` in batches of `batch`, started with `lines` on its stdin, which stays open.
    private func startImport(_ daemon: TestDaemon, batch: Int, lines: ClosedRange<Int>) throws -> (CtlProcess, FileHandle) {
        let input = closeOnExecPipe()
        let run = daemon.spawnCtl(["import", "-", "--bundle", grantedBundle, "--batch", "\(batch)"],
                                  input: input.fileHandleForReading)
        try input.fileHandleForReading.close()
        try input.fileHandleForWriting.write(contentsOf: Data(lines.map(line).joined().utf8))
        return (run, input.fileHandleForWriting)
    }

    /// The records stored once there are `count` (or after a minute, or once `run` exited).
    private func waitForRecords(_ count: Int, _ daemon: TestDaemon, while run: CtlProcess) async throws -> Int {
        var seen = 0
        let deadline = Date().addingTimeInterval(60)
        while seen < count && Date() < deadline && run.process.isRunning {
            seen = try recordCount(daemon)
            if seen < count { try await Task.sleep(for: .milliseconds(100)) }
        }
        return seen
    }

    @Test func importDonatesABatchBeforeItsInputEnds() async throws {
        let daemon = try await TestDaemon().start()
        // Three records: the third starts a new batch, so the first two go while stdin stays open.
        let (run, input) = try startImport(daemon, batch: 2, lines: 1...3)
        let seen = try await waitForRecords(2, daemon, while: run)
        try input.close()
        let result = run.result()
        #expect(seen == 2, "records stored while stdin was open: \(seen); \(result.stderr)")
        #expect(result.code == 0, "\(result.stderr)")
        #expect(result.stdout == "imported 3 records into \(grantedBundle)\n")
    }

    /// An import that stopped partway said only why (spotlightd not running), not that part of
    /// its input was stored already nor whether running it again is safe.
    @Test func anImportThatStopsPartwaySaysHowManyRecordsItStored() async throws {
        let daemon = try await TestDaemon().start()
        // The second line sends the first as a batch of one; once it is stored, spotlightd stops.
        let (run, input) = try startImport(daemon, batch: 1, lines: 1...2)
        _ = try await waitForRecords(1, daemon, while: run)
        daemon.stop()
        try input.write(contentsOf: Data(line(3).utf8))   // sends the second: nobody takes it
        try input.close()
        let result = run.result()
        #expect(result.code == 3, "\(result.stderr)")
        #expect(result.stderr.contains("the import stopped after storing 1 record of stdin; importing it again is safe"),
                "\(result.stderr)")
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

/// A pipe given by path (`<(…)`, a FIFO) cannot be read twice: --strict copies it first.
@Suite struct CtlImportPipeTests {
    @Test func strictImportOfANamedPipeImportsEveryRecord() async throws {
        let daemon = try await TestDaemon().start()
        let fifo = daemon.root.appendingPathComponent("records.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let run = daemon.spawnCtl(["import", fifo, "--bundle", grantedBundle, "--strict"])
        // Opened without blocking once spotlightctl reads it (ENXIO until then), so a failed run cannot hang the test.
        var fd: Int32 = -1
        let deadline = Date().addingTimeInterval(60)
        while fd < 0, Date() < deadline, run.process.isRunning {
            fd = open(fifo, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            if fd < 0 { try await Task.sleep(for: .milliseconds(20)) }
        }
        try #require(fd >= 0, "spotlightctl never opened the pipe: \(run.result().stderr)")
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        let writer = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        try writer.write(contentsOf: Data((1...3).map { #"{"type":"Note","id":"p\#($0)","title":"piped"}"# + "\n" }.joined().utf8))
        try writer.close()
        let result = run.result()
        #expect(result.code == 0, "\(result.stderr)")
        #expect(result.stdout == "imported 3 records into \(grantedBundle)\n")
    }
}
