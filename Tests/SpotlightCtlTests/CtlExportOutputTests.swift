import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
import SpotlightModel

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

/// export showed no progress, unlike import and rebuild: a large export to a file sat silent.
@Suite struct CtlExportProgressTests {
    /// Three records exported, to a file in the test's directory when `toFile`, else to stdout.
    func exported(toFile: Bool, _ more: [String] = []) async throws -> CtlRun {
        let daemon = try await TestDaemon().start()
        try daemon.importRecords(sampleRecords(3))
        let output = toFile ? ["--output", daemon.root.appendingPathComponent("out.jsonl").path] : []
        return daemon.ctl(["export"] + output + more)
    }

    @Test func exportToAFileShowsProgressOnStandardError() async throws {
        let run = try await exported(toFile: true)
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").contains("export: 3/3"), "\(run.stderr)")
    }

    @Test func exportJSONToAFileShowsProgressAndTheCountsAsJSONLines() async throws {
        let run = try await exported(toFile: true, ["--json"])
        #expect(run.code == 0, "\(run.stderr)")
        let lines = try run.stderr.split(separator: "\n").map { try JSONValue.parse(Data($0.utf8)) }
        #expect(lines.contains(.object(["done": .int(3), "progress": .string("export"), "total": .int(3)])), "\(run.stderr)")
        #expect(lines.last == .object(["exported": .int(3), "skipped": .int(0)]), "\(run.stderr)")
    }

    @Test func exportToAPipeShowsNoProgress() async throws {
        let run = try await exported(toFile: false)
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").count == 3)
        #expect(!run.stderr.contains("export:"), "\(run.stderr)")
    }

    /// The progress had no total, so a script could not tell how far the export had to go.
    @Test func exportProgressStartsWithTheTotalTheStoreCounts() async throws {
        let daemon = try await TestDaemon().start()
        try daemon.importRecords(sampleRecords(5))
        let output = daemon.root.appendingPathComponent("events.jsonl").path
        let run = daemon.ctl(["export", "--type", "EventEntity", "--output", output, "--json"])
        #expect(run.code == 0, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == #"{"done":0,"progress":"export","total":3}"#, "\(run.stderr)")
        #expect(lines.contains(#"{"done":3,"progress":"export","total":3}"#), "\(run.stderr)")
    }
}
