import Foundation
import Testing

/// `spotlightctl import /dev/zero` ran for ever with no output: memory stayed bounded, but the
/// one endless line without a newline was skipped for ever and reported only at its end.
@Suite struct CtlImportEndlessInputTests {
    /// `run`'s result once it exits, or, after `seconds`, once it is killed (exit status 137).
    private func result(of run: CtlProcess, within seconds: Double) -> CtlRun {
        let deadline = Date().addingTimeInterval(seconds)
        while run.process.isRunning && Date() < deadline { usleep(50_000) }
        if run.process.isRunning { kill(run.process.processIdentifier, SIGKILL) }
        return run.result()
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/zero")))
    func importOfADeviceByPathIsRefusedSayingWhatToGive() async throws {
        let daemon = try await TestDaemon().start()
        let run = result(of: daemon.spawnCtl(["import", "/dev/zero", "--bundle", grantedBundle]), within: 30)
        #expect(run.code == 1, "\(run.stderr)")
        #expect(run.stderr.contains("/dev/zero is a device, not a file of records; give the file `export` wrote, "
            + "or - to read standard input"), "\(run.stderr)")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/zero")))
    func anEndlessInputWithoutNewlinesIsReportedThenStops() async throws {
        let daemon = try await TestDaemon().start()
        let zero = try #require(FileHandle(forReadingAtPath: "/dev/zero"))
        let run = result(of: daemon.spawnCtl(["import", "-", "--bundle", grantedBundle], input: zero), within: 60)
        let lines = run.stderr.split(separator: "\n")
        #expect(run.code == 1, "\(run.stderr)")
        #expect(lines.first?.hasPrefix("spotlightctl: -:1: skipped: not a record: the line is over ") == true,
                "\(run.stderr)")
        #expect(lines.last?.contains("stopped reading stdin: over 256 MiB in a row are lines over 16 MiB, "
            + "so it is not JSON lines; give the file `export` wrote") == true, "\(run.stderr)")
    }

    @Test func aLineOverTheLimitIsSkippedAndTheLinesAfterItAreImported() async throws {
        let daemon = try await TestDaemon().start()
        let long = String(repeating: "x", count: 18 << 20)
        let file = daemon.createFile("long.jsonl", long + "\n" + #"{"type":"Note","id":"after","title":"after it"}"# + "\n")
        let run = daemon.ctl(["import", file.path, "--bundle", grantedBundle])
        #expect(run.code == 5, "\(run.stderr)")
        #expect(run.stderr.contains("long.jsonl:1: skipped: not a record: the line is over "), "\(run.stderr)")
        #expect(run.stdout == "imported 1 record into \(grantedBundle) (1 bad line skipped)\n")
    }
}
