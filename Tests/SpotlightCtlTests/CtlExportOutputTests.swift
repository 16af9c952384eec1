import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

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

    /// `--output` of a FIFO (or `/dev/null`, `/dev/stdout`) had a plain file renamed over it.
    @Test func anExportToAFifoIsWrittenIntoItAndLeavesItAFifo() async throws {
        let daemon = try await TestDaemon().start()
        try daemon.importRecords(sampleRecords(3))
        let fifo = daemon.root.appendingPathComponent("export.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // Opened without blocking before the export, so the export's open finds a reader.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        let run = daemon.ctl(["export", "--output", fifo])
        #expect(run.code == 0, "\(run.stderr)")
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO, "the FIFO was replaced")
        var bytes = [UInt8](repeating: 0, count: 1 << 16)
        let count = read(reader, &bytes, bytes.count)
        #expect(String(decoding: bytes.prefix(max(count, 0)), as: UTF8.self).split(separator: "\n").count == 3)
    }

    @Test func anExportThroughASymbolicLinkReplacesTheFileItLeadsTo() async throws {
        let daemon = try await TestDaemon().start()
        try daemon.importRecords(sampleRecords(3))
        let target = daemon.createFile("backup-monday.jsonl", "old\n")
        let link = daemon.root.appendingPathComponent("latest.jsonl").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "backup-monday.jsonl")
        let run = daemon.ctl(["export", "--output", link])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "backup-monday.jsonl")
        #expect(try String(contentsOf: target, encoding: .utf8).split(separator: "\n").count == 3)
    }
}
