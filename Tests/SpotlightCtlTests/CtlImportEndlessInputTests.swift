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
        #expect(lines.first?.hasPrefix("spotlightctl: -:1: skipped: not a record: the line is too long: over 16 MiB ") == true,
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
        #expect(run.stderr.contains("long.jsonl:1: skipped: not a record: the line is too long: over 16 MiB "), "\(run.stderr)")
        #expect(run.stdout == "imported 1 record into \(grantedBundle) (1 bad line skipped)\n")
    }

    /// A line a few bytes over 16 MiB whose newline came in the same read as its last bytes
    /// was handed to the JSON parser whole, and reported as invalid JSON.
    @Test func aLineJustOverTheLimitIsReportedAsTooLongNamingTheLimit() async throws {
        let daemon = try await TestDaemon().start()
        let long = String(repeating: "x", count: (16 << 20) + 100)
        let file = daemon.createFile("long.jsonl", #"{"type":"Note","id":"before","title":"before it"}"# + "\n" + long + "\n")
        let run = daemon.ctl(["import", file.path, "--bundle", grantedBundle])
        #expect(run.code == 5, "\(run.stderr)")
        let expected = "spotlightctl: \(file.path):2: skipped: not a record: the line is too long: over 16 MiB "
            + "(16777316 bytes read; a line may have 16777216, a record at most 1048576); split the record's text "
            + "or keep it in the app\n"
        #expect(run.stderr.hasPrefix(expected), "\(run.stderr)")
    }

    /// `import - --strict` copied an endless stdin into a temporary file without limit,
    /// filling the disk, where the import without --strict stops after 256 MiB.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/zero")))
    func aStrictImportOfAnEndlessInputStopsCopyingItSayingNothingWasImported() async throws {
        let daemon = try await TestDaemon().start()
        let zero = try #require(FileHandle(forReadingAtPath: "/dev/zero"))
        let run = result(of: daemon.spawnCtl(["import", "-", "--strict", "--bundle", grantedBundle], input: zero), within: 60)
        #expect(run.code == 1, "\(run.stderr)")
        #expect(run.stderr == "spotlightctl: error: stopped reading stdin: over 256 MiB in a row are lines over 16 MiB, "
            + "so it is not JSON lines (--strict copies it to a temporary file before checking it, and stopped copying; "
            + "nothing was imported); give the file `export` wrote\n", "\(run.stderr)")
    }
}
