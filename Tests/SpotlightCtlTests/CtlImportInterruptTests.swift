import Foundation
import Testing
import SpotlightKit
import SpotlightModel
#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C during `import` killed it without a word: the user could not tell that the batches
/// donated before it stay, nor that running it again is safe. Then it stopped only at the
/// next line, so `import -` reading a terminal or a quiet pipe did not stop at all.
@Suite struct CtlImportInterruptTests {
    @Test func ctrlCWhileWaitingForInputStopsAtOnceSayingHowManyWereDonatedAndExits130() async throws {
        let daemon = try await TestDaemon().start()
        let pipe = Pipe()
        let run = daemon.spawnCtl(["import", "-", "--bundle", grantedBundle, "--batch", "1"], input: pipe.fileHandleForReading)
        func write(_ id: String) { pipe.fileHandleForWriting.write(Data(#"{"type":"Note","id":"\#(id)","title":"\#(id)"}"#.utf8 + [10])) }
        // A batch goes when the next record comes: n3 sends n2, and stays pending.
        for id in ["n1", "n2", "n3"] { write(id) }
        let index = SearchableIndex(socketPath: daemon.socket, reconnectWindow: .zero)
        defer { index.close() }
        let deadline = Date().addingTimeInterval(30)
        while try await index.query(SearchQuery(text: nil, bundles: [grantedBundle])).hits.count < 2,
              run.process.exitIfEnded == nil, Date() < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        try await run.pressCtrlC()
        // It waits for line 4 on a pipe left open: Ctrl-C ends that wait, not the next line.
        _ = try await run.exits(within: 30)
        try pipe.fileHandleForWriting.close()
        let result = run.result()
        #expect(result.code == 130, "\(result.stderr)")
        #expect(result.stderr.contains("import interrupted at line 4 of -: 2 records were donated before it"), "\(result.stderr)")
        #expect(try await index.query(SearchQuery(text: nil, bundles: [grantedBundle])).hits.map(\.record.id).sorted() == ["n1", "n2"])
    }

    /// Ctrl-C while a batch was on its way to a spotlightd that did not answer waited for
    /// the answer (up to 120 s), a second Ctrl-C too.
    @Test func aSecondCtrlCDuringADonationEndsItSayingTheBatchMayOrMayNotBeStored() async throws {
        let daemon = try await TestDaemon().start()
        let pipe = Pipe()
        let run = daemon.spawnCtl(["import", "-", "--bundle", grantedBundle, "--batch", "1"], input: pipe.fileHandleForReading)
        try await Task.sleep(for: .seconds(1))   // past the start's checks, waiting for input
        daemon.daemon.process?.signal(SIGSTOP)
        defer { daemon.daemon.process?.signal(SIGCONT) }
        // The second record sends the first, which spotlightd does not answer.
        for id in ["n1", "n2"] { pipe.fileHandleForWriting.write(Data(#"{"type":"Note","id":"\#(id)","title":"x"}"#.utf8 + [10])) }
        try await Task.sleep(for: .seconds(1))
        try await run.pressCtrlC(times: 2)
        let exited = try await run.exits(within: 10)
        try pipe.fileHandleForWriting.close()
        try #require(exited, "still waiting after a second Ctrl-C")
        let result = run.result()
        #expect(result.code == 130, "\(result.stderr)")
        #expect(result.stderr.contains("import interrupted again at line 2 of -, while a batch was on its way to spotlightd: "
            + "0 records were donated before it, and that batch may or may not be stored"), "\(result.stderr)")
    }
}
