import Foundation
import Testing

/// An IntentKit app's command line (CometCal's here) exited 0 when its output could not be
/// written: `cometcal --describe > schema.json` on a full disk left no schema and no error.
@Suite struct OutputErrorTests {
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func describeToAFullDiskFailsSayingWhy() throws {
        let p = Process()
        p.executableURL = CommandLineFixture.binDirectory.appendingPathComponent("cometcal")
        p.arguments = ["--describe"]
        p.standardOutput = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let err = Pipe()
        p.standardError = err
        try p.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 1)
        #expect(stderr.contains("cannot write the output: No space left on device"), "\(stderr)")
    }
}
