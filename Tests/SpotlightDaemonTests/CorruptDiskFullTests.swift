import Foundation
import SpotlightTestSupport
import Testing

/// A data directory on a disk that fills up (tools/full-disk-check, in a private mount
/// namespace with a small tmpfs). Needs root for `unshare -m` and `mount`.
@Suite struct CorruptDiskFullTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Regression: with the disk full, every query failed with "No space left on device",
    /// because a query that needed the newest donations made the writer update the index
    /// first. Queries are now answered from what the index has committed.
    @Test(.enabled(if: getuid() == 0 && FileManager.default.fileExists(atPath: "/usr/bin/unshare")))
    func aFullDiskRefusesDonationsClearlyAndStillAnswersQueries() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", Self.repository.path + "/tools/full-disk-check", "--size-mb", "8",
                       "--bin", builtProductsDirectory()]
        let output = closeOnExecPipe()
        p.standardOutput = output
        p.standardError = output
        try p.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(exitStatus(of: p, within: .seconds(600)) == 0, "\(text)")
        #expect(text.contains("queries answered"))
        #expect(text.contains(" 0 lost"))
    }
}
