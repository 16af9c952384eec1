import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
import SpotlightKit
import SpotlightModel
import SpotlightSupervision
import SpotlightTestSupport

@Suite struct DaemonLifecycleTests {
    @Test func sigtermDrainsAndExitsZeroKeepingAcknowledgedDonations() async throws {
        let daemon = try DaemonProcess()
        let index = daemon.index()
        try await index.indexRecords((0..<500).map { note("d\($0)", "drained \($0)") })
        #expect(daemon.stop() == .exited(status: 0))
        #expect(daemon.log().contains("stopped cleanly"))
        try daemon.start()
        #expect(try await daemon.index().query(SearchQuery(text: "drained", limit: 1000)).hits.count == 500)
    }

    @Test func aSecondDaemonOnTheSameDataDirectoryRefusesNamingTheFirstPid() throws {
        let daemon = try DaemonProcess()
        let second = try daemon.launch(extraArguments: ["--socket", daemon.root + "/other.sock"])
        #expect(second.waitForExitBlocking(within: .seconds(20)) == .exited(status: 3))
        #expect(second.stderrTail.contains("pid \(daemon.process!.pid)"))
    }

    @Test func aSecondDaemonOnTheSameSocketExitsThreeSayingAnotherServerListens() throws {
        let daemon = try DaemonProcess()
        let second = try daemon.launch(extraArguments: ["--data-dir", daemon.root + "/other-data"])
        #expect(second.waitForExitBlocking(within: .seconds(20)) == .exited(status: 3))
        #expect(second.stderrTail.contains("another server is already listening on"), "\(second.stderrTail)")
    }

    @Test func versionPrintsTheVersionAndExitsZero() throws {
        let run = try runToCompletion(URL(fileURLWithPath: builtProductsDirectory() + "/spotlightd"), ["--version"],
                                      environment: ProcessInfo.processInfo.environment)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("spotlightd ") && run.stdout.split(separator: "\n").count == 1, "\(run.stdout)")
    }

    /// `--socket ''` (an unset variable in a unit file) served on the default socket without a word.
    @Test(arguments: ["--data-dir", "--socket", "--apps-dir"])
    func anEmptyPathIsAUsageError(flag: String) throws {
        let run = try runToCompletion(URL(fileURLWithPath: builtProductsDirectory() + "/spotlightd"),
                                      [flag, "", "--max-connections", "0"],
                                      environment: ProcessInfo.processInfo.environment)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("\(flag) needs a path, got an empty one"), "\(run.stderr)")
    }

    /// `--grant ''` started a daemon that granted an empty bundle, which nothing can write.
    @Test func anEmptyGrantIsAUsageError() throws {
        // The bad --max-connections after it ends a daemon that took the grant, instead of serving.
        let run = try runToCompletion(URL(fileURLWithPath: builtProductsDirectory() + "/spotlightd"),
                                      ["--grant", "", "--max-connections", "0"],
                                      environment: ProcessInfo.processInfo.environment)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("--grant needs a bundle identifier, got an empty one"), "\(run.stderr)")
    }

    @Test func aDataDirectoryThatCannotBeMadeStopsTheStartInOneLine() throws {
        let daemon = try DaemonProcess(start: false)
        let file = daemon.root + "/not-a-directory"
        _ = FileManager.default.createFile(atPath: file, contents: Data())
        let start = try daemon.launch(extraArguments: ["--data-dir", file])
        #expect(start.waitForExitBlocking(within: .seconds(20)) == .exited(status: 1))
        let errors = start.stderrTail.split(separator: "\n").filter { $0.contains(" error ") }
        #expect(errors.count == 1)
        #expect(errors.first?.contains("cannot open the data directory: cannot create the directory \(file)") == true)
    }

    @Test func aDirectoryInPlaceOfTheStoreIsNamedAsOne() throws {
        let daemon = try DaemonProcess(start: false)
        let store = daemon.dataDirectory + "/store.sqlite"
        try PrivateFiles.createDirectory(store)
        let start = try daemon.launch()
        #expect(start.waitForExitBlocking(within: .seconds(20)) == .exited(status: 1))
        #expect(start.stderrTail.contains("cannot open \(store) for writing (unable to open database file); "
            + "it is a directory, not a database file"), "\(start.stderrTail)")
    }

    @Test func killNineLosesNoAcknowledgedDonation() async throws {
        let daemon = try DaemonProcess()
        let index = daemon.index()
        for n in 0..<20 { try await index.indexRecords([note("k\(n)", "survivor \(n)")]) }
        daemon.kill()
        try daemon.start()
        #expect(try await daemon.index().query(SearchQuery(text: "survivor", limit: 100)).hits.count == 20)
    }

    @Test func theSocketIsPrivateToTheUser() throws {
        let daemon = try DaemonProcess()
        var st = stat()
        #expect(stat(daemon.socket, &st) == 0)
        #expect(st.st_mode & 0o777 == 0o600)
        #expect(stat((daemon.socket as NSString).deletingLastPathComponent, &st) == 0)
        #expect(st.st_mode & 0o777 == 0o700)
    }

    @Test(.enabled(if: getuid() == 0 && FileManager.default.fileExists(atPath: "/usr/bin/setpriv")))
    func aClientOfAnotherUidIsRefused() throws {
        let daemon = try DaemonProcess()
        // Open the path up so that only the daemon's peer check stands in the way.
        chmod(daemon.root, 0o755)
        chmod((daemon.socket as NSString).deletingLastPathComponent, 0o755)
        chmod(daemon.socket, 0o666)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        p.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/socat", "-t2", "-",
                       "UNIX-CONNECT:" + daemon.socket]
        let input = closeOnExecPipe(), output = closeOnExecPipe()
        p.standardInput = input
        p.standardOutput = output
        try p.run()
        input.fileHandleForWriting.write(Data(#"{"jsonrpc":"2.0","id":1,"method":"status"}"#.utf8 + [10]))
        try input.fileHandleForWriting.close()
        _ = p.waitForExit(within: .seconds(60))
        let reply = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(!reply.contains("\"result\""))
        #expect(daemon.logged("65534"))
    }
}

/// Regression (found by the hardening limit tests): a SIGTERM sent the moment the socket
/// listened was ignored, because the handler was installed only after listening.
@Suite struct DaemonEarlySignalTests {
    @Test func aSigtermRightAfterTheSocketListensStopsTheDaemon() throws {
        let daemon = try DaemonProcess(start: false)
        for _ in 0..<5 {
            try daemon.start()
            daemon.process?.signal(SIGTERM)
            #expect(daemon.process?.waitForExitBlocking(within: .seconds(10)) != nil)
            daemon.kill()
        }
    }
}
