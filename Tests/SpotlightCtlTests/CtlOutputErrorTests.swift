import Foundation
import Testing

/// What spotlightctl could not write was lost without a word: `status > out` on a full disk
/// exited 0, and `export | head` ended with Foundation's "NSCocoaErrorDomain Code=512".
@Suite struct CtlOutputErrorTests {
    /// spotlightctl with its standard output on /dev/full, which refuses every write (ENOSPC).
    func runOnFullDisk(_ daemon: TestDaemon, _ arguments: [String]) throws -> (code: Int32, stderr: String) {
        let err = daemon.createFile("err-\(UUID().uuidString.prefix(8))")
        let p = Process()
        p.executableURL = productsDirectory.appendingPathComponent("spotlightctl")
        p.arguments = arguments
        p.environment = ProcessInfo.processInfo.environment.merging(["SPOTLIGHT_SOCKET": daemon.socket]) { $1 }
        p.standardInput = FileHandle.nullDevice
        p.standardOutput = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        p.standardError = try FileHandle(forWritingTo: err)
        try p.run()
        p.waitUntilExit()
        return (p.terminationStatus, try String(contentsOf: err, encoding: .utf8))
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func outputThatCannotBeWrittenIsAFailureSayingWhy() async throws {
        let daemon = try await TestDaemon().start()
        try daemon.importRecords(sampleRecords(3))
        for command in [["status"], ["query", "--json"], ["export"]] {
            let run = try runOnFullDisk(daemon, command)
            #expect(run.code == 1, "\(command)")
            #expect(run.stderr.contains("cannot write the output: No space left on device"), "\(command): \(run.stderr)")
        }
    }

    /// `export | head -c 0`: the reader has gone, and the write fails with EPIPE. Foundation's
    /// error carries it as its underlying error, which `as? NSError` missed on Linux, so it was
    /// reported as "Input/output error".
    @Test func exportToAPipeWhoseReaderHasGoneSaysTheBrokenPipe() async throws {
        let daemon = try await TestDaemon().start()
        try daemon.importRecords(sampleRecords(3))
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let err = daemon.createFile("err-pipe")
        let p = Process()
        p.executableURL = productsDirectory.appendingPathComponent("spotlightctl")
        p.arguments = ["export"]
        p.environment = ProcessInfo.processInfo.environment.merging(["SPOTLIGHT_SOCKET": daemon.socket]) { $1 }
        p.standardInput = FileHandle.nullDevice
        p.standardOutput = pipe.fileHandleForWriting
        p.standardError = try FileHandle(forWritingTo: err)
        try p.run()
        try pipe.fileHandleForWriting.close()
        p.waitUntilExit()
        let stderr = try String(contentsOf: err, encoding: .utf8)
        #expect(p.terminationStatus == 1, "\(stderr)")
        #expect(stderr.contains("cannot write the output: Broken pipe (errno \(EPIPE))"), "\(stderr)")
    }
}
