import Foundation
import Testing

/// `export --output FILE` emptied FILE before it asked spotlightd for anything, so a nightly
/// export run while spotlightd was down destroyed the previous night's.
@Suite struct CtlExportOutputTests {
    @Test func aFailedExportLeavesThePreviousFileAsItWas() throws {
        let daemon = try TestDaemon()   // not started
        let previous = daemon.createFile("backup.jsonl", "{\"bundle\":\"b\",\"id\":\"1\",\"title\":\"\",\"type\":\"T\"}\n")
        let run = daemon.ctl(["export", "--output", previous.path])
        #expect(run.code == 3, "\(run.stderr)")
        #expect(try String(contentsOf: previous, encoding: .utf8).hasPrefix("{\"bundle\":\"b\""))
        let left = try FileManager.default.contentsOfDirectory(atPath: daemon.root.path).filter { $0.hasSuffix(".partial") }
        #expect(left.isEmpty, "\(left)")
    }

    @Test func aCompleteExportReplacesTheFile() async throws {
        let daemon = try await TestDaemon().start()
        try daemon.importRecords(sampleRecords(3))
        let previous = daemon.createFile("backup.jsonl", "old\n")
        let run = daemon.ctl(["export", "--output", previous.path])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(try String(contentsOf: previous, encoding: .utf8).split(separator: "\n").count == 3)
    }
}
