import Foundation
import Testing
import SpotlightModel
#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C during `export --output FILE` or `rebuild` exited 130 without a word (export) or
/// with plain text under `--json` (rebuild): a script could not tell what was left in which state.
@Suite struct CtlInterruptTests {
    /// Every line of `run`'s stderr as JSON; the last is `{"error":{...}}` with code "interrupted".
    func interruptedMessage(_ run: CtlRun, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        let lines = run.stderr.split(separator: "\n").map { try? JSONValue.parse(Data($0.utf8)) }
        #expect(!lines.contains(nil), "not JSON: \(run.stderr)", sourceLocation: sourceLocation)
        guard case .object(let top)?? = lines.last, case .object(let error)? = top["error"],
              case .string(let message)? = error["message"] else {
            Issue.record("no JSON error last: \(run.stderr)", sourceLocation: sourceLocation)
            return nil
        }
        #expect(error["code"] == .string("interrupted"), "\(run.stderr)", sourceLocation: sourceLocation)
        #expect(error["exitStatus"] == .int(130), "\(run.stderr)", sourceLocation: sourceLocation)
        return message
    }

    /// Waits until `path` exists (the export opened its output), then a moment for the handler.
    func waitFor(_ path: @autoclosure () -> Bool) async throws {
        let deadline = Date().addingTimeInterval(30)
        while !path(), Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        try await Task.sleep(for: .milliseconds(500))
    }

    /// Runs spotlightctl with `arguments` while `daemon` is stopped (SIGSTOP), so it waits
    /// for an answer; presses Ctrl-C after 2 s, then sends `then` to the daemon.
    func ctrlCWhileTheDaemonIsStopped(_ daemon: TestDaemon, _ arguments: [String], then: Int32) async throws -> CtlRun {
        daemon.daemon.process?.signal(SIGSTOP)
        let waiting = daemon.spawnCtl(arguments)
        try await Task.sleep(for: .seconds(2))
        try await waiting.pressCtrlC()
        daemon.daemon.process?.signal(then)
        return waiting.result()
    }

    @Test func ctrlCDuringExportToAFileWithJSONPrintsTheJSONErrorAndLeavesTheFileAsItWas() async throws {
        let daemon = try await TestDaemon().start()
        try daemon.importRecords(sampleRecords(3))
        let previous = daemon.createFile("backup.jsonl", "old\n")
        daemon.daemon.process?.signal(SIGSTOP)   // the export waits for an answer
        defer { daemon.daemon.process?.signal(SIGCONT) }
        let export = daemon.spawnCtl(["export", "--output", previous.path, "--json"])
        let partial = { (try? FileManager.default.contentsOfDirectory(atPath: daemon.root.path))?
            .contains { $0.hasSuffix(".partial") } ?? false }
        try await waitFor(partial())
        try await export.pressCtrlC()
        let run = export.result()
        #expect(run.code == 130, "\(run.stderr)")
        #expect(interruptedMessage(run) == "export interrupted after 0 records; \(previous.path) was not written "
            + "(the partial copy was removed); run it again to export everything")
        #expect(try String(contentsOf: previous, encoding: .utf8) == "old\n")
        #expect(!partial())
    }

    @Test func ctrlCDuringExportWithoutJSONIsOneLineOfText() async throws {
        let daemon = try await TestDaemon().start()
        let output = daemon.root.appendingPathComponent("new.jsonl").path
        daemon.daemon.process?.signal(SIGSTOP)
        defer { daemon.daemon.process?.signal(SIGCONT) }
        let export = daemon.spawnCtl(["export", "--output", output])
        try await waitFor((try? FileManager.default.contentsOfDirectory(atPath: daemon.root.path))?
            .contains { $0.hasSuffix(".partial") } ?? false)
        try await export.pressCtrlC()
        let run = export.result()
        #expect(run.code == 130, "\(run.stderr)")
        #expect(run.stderr == "spotlightctl: error: export interrupted after 0 records; \(output) was not written "
            + "(the partial copy was removed); run it again to export everything\n")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func ctrlCDuringRebuildWithJSONPrintsTheJSONErrorSayingWhichIndexIsInPlace() async throws {
        let daemon = try await TestDaemon().start()
        try daemon.importRecords(sampleRecords(3))
        let run = try await ctrlCWhileTheDaemonIsStopped(daemon, ["rebuild", "--json"], then: SIGCONT)
        #expect(run.code == 130, "\(run.stderr)")
        let message = interruptedMessage(run)
        // Cancelled before the swap, or finished first: either way the error says which index is in place.
        #expect(message == "rebuild interrupted: spotlightd cancelled it; the old index stays in place"
            || message?.hasPrefix("rebuild interrupted, but it had finished before spotlightd could cancel it: "
                + "the new index is in place (3 records") == true, "\(message ?? "")")
    }

    /// After Ctrl-C, a rebuild that failed for another reason (spotlightd killed) was reported as
    /// cancelled by spotlightd, with the old index in place.
    @Test func aRebuildThatFailsAfterCtrlCForAnotherReasonReportsThatReason() async throws {
        let daemon = try await TestDaemon().start()
        let run = try await ctrlCWhileTheDaemonIsStopped(daemon, ["rebuild"], then: SIGKILL)
        #expect(run.code == 3, "\(run.stderr)")
        #expect(!run.stderr.contains("cancelled"), "\(run.stderr)")
    }

    /// A second Ctrl-C was ignored: with spotlightd not answering the cancel, the rebuild
    /// waited for it for up to a day.
    @Test func aSecondCtrlCDuringRebuildStopsWaitingForTheCancel() async throws {
        let daemon = try await TestDaemon().start()
        daemon.daemon.process?.signal(SIGSTOP)
        defer { daemon.daemon.process?.signal(SIGCONT) }
        let rebuild = daemon.spawnCtl(["rebuild", "--json"])
        try await Task.sleep(for: .seconds(2))
        try await rebuild.pressCtrlC(times: 2)
        try #require(try await rebuild.exits(within: 10), "still waiting after a second Ctrl-C")
        let run = rebuild.result()
        #expect(run.code == 130, "\(run.stderr)")
        #expect(interruptedMessage(run)?.hasPrefix("rebuild interrupted again: spotlightctl stopped waiting") == true,
                "\(run.stderr)")
    }

    /// `check` and `compact` died on Ctrl-C without a word, while spotlightd went on.
    @Test(arguments: [
        ("check", "check interrupted: spotlightctl stopped waiting; spotlightd finishes the check it started"),
        ("compact", "compact interrupted: spotlightctl stopped waiting, but a compaction cannot be cancelled "
            + "and goes on in spotlightd"),
    ])
    func ctrlCWhileWaitingForSpotlightdSaysWhatGoesOnThere(command: String, message: String) async throws {
        let daemon = try await TestDaemon().start()
        let run = try await ctrlCWhileTheDaemonIsStopped(daemon, [command, "--json"], then: SIGCONT)
        #expect(run.code == 130, "\(run.stderr)")
        #expect(interruptedMessage(run)?.hasPrefix(message) == true, "\(run.stderr)")
    }
}
