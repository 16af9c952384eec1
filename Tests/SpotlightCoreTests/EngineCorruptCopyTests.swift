import Foundation
import Synchronization
import Testing
@testable import SpotlightCore
import SpotlightModel

/// An index found corrupt is kept for a look, saying which table and which revision were
/// damaged (log and status); only the newest two copies are kept.
@Suite struct EngineCorruptCopyTests {
    /// Engine, log lines, and one damaged table per restart.
    final class Fixture: @unchecked Sendable {
        let base = EngineFixture()
        let lines = Mutex<[String]>([])

        func open() throws -> SpotlightEngine {
            var options = SpotlightEngine.Options()
            options.commitDelay = 0.05
            options.log = SpotlightLog { [self] level, line in self.lines.withLock { $0.append("\(level.rawValue): \(line)") } }
            return try SpotlightEngine(dataDirectory: base.directory, options: options)
        }

        var activePath: String {
            get throws { base.directory + "/" + (try FileManager.default.destinationOfSymbolicLink(atPath: base.directory + "/index")) }
        }

        /// Fills `records` more records, stops, overwrites every block of `table` but the
        /// first, and returns the revision the index had.
        func fillAndDamage(_ table: String, records: Range<Int>) async throws -> UInt64 {
            let engine = try open()
            _ = try await engine.write(.upsert(records.map { EngineFixture.event("r\($0)", "meteor shower \($0)") }, clientState: nil))
            engine.close()
            let path = try activePath
            let revision = try XapianDatabase.openReadOnly(path: path).revision()
            let file = path + "/\(table).glass"
            let size = try #require(FileManager.default.attributesOfItem(atPath: file)[.size] as? Int)
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
            try handle.seek(toOffset: 8192)
            try handle.write(contentsOf: Data(repeating: 0xA5, count: max(0, size - 8192)))
            try handle.close()
            return revision
        }
    }

    @Test func aCorruptIndexIsKeptWithTheTableAndRevisionFoundDamaged() async throws {
        let f = Fixture()
        let revision = try await f.fillAndDamage("termlist", records: 0..<300)
        let engine = try f.open()
        defer { engine.close() }
        await engine.startupRebuild?.value
        let copies = try #require(try engine.status().corruptIndexes)
        #expect(copies.count == 1)
        #expect(copies.first?.table == "termlist")
        #expect(copies.first?.revision == revision)
        #expect(copies.first?.problem.contains("termlist table") == true)
        #expect(FileManager.default.fileExists(atPath: copies.first?.path ?? "/nonexistent"))
        let warning = f.lines.withLock { $0.first { $0.contains("is corrupt (") } }
        #expect(warning?.contains("termlist table at revision \(revision):") == true)
        #expect(try await engine.search(SearchQuery(text: "meteor", limit: 500)).hits.count == 300)
    }

    @Test func onlyTheNewestTwoCorruptCopiesAreKept() async throws {
        let f = Fixture()
        var kept: [String] = []
        for (round, table) in ["termlist", "postlist", "docdata"].enumerated() {
            _ = try await f.fillAndDamage(table, records: round * 100..<(round + 1) * 100)
            let engine = try f.open()
            await engine.startupRebuild?.value
            kept = try (engine.status().corruptIndexes ?? []).map(\.path)
            let tables = try (engine.status().corruptIndexes ?? []).map(\.table)
            engine.close()
            #expect(kept.count == min(round + 1, CorruptIndexCopy.kept))
            #expect(tables.first == table)
        }
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: f.base.directory).filter { $0.contains(".corrupt-") }
        #expect(onDisk.count == CorruptIndexCopy.kept)
        #expect(Set(onDisk.map { f.base.directory + "/" + $0 }) == Set(kept))
    }
}

@Suite struct IndexCheckReportTests {
    /// One table's part of a glass check report (with statistics), then `lines`.
    func section(_ table: String, revision: Int, _ lines: String...) -> String {
        (["\(table):", "blocksize=8K items=10 firstunused=3 revision=\(revision) levels=0 root=2", "B-tree checked okay"]
            + lines + [""]).joined(separator: "\n")
    }

    @Test func damageThatStopsTheCheckIsPlacedInItsTableAndRevision() {
        let text = section("docdata", revision: 78, "docdata table structure checked OK")
            + section("spelling", revision: 78, "spelling table: Full structure check not implemented, checking readability")
            + "\nerror: DatabaseCorruptError: Too few chunks of compressed data\n"
        let report = IndexCheckReport(parsing: text, errorCount: 1)
        #expect(report.table == "spelling")
        #expect(report.revision == 78)
        #expect(report.problems == ["spelling table: error: DatabaseCorruptError: Too few chunks of compressed data"])
        #expect(report.location == "spelling table at revision 78")
    }

    @Test func aSoundReportHasNoProblemsButItsRevision() {
        let text = section("postlist", revision: 5, "postlist table structure checked OK")
            + "synonym:\nLazily created, and not yet used.\n"
        let report = IndexCheckReport(parsing: text, errorCount: 0)
        #expect(report.problems.isEmpty)
        #expect(report.table == nil)
        #expect(report.revision == 5)
    }

    @Test func problemLinesBelongToTheTableBeforeThem() {
        let text = section("termlist", revision: 9, "termlist table structure checked OK")
            + section("postlist", revision: 9, "No last chunk for term 'comet'", "postlist table errors found: 1")
        let report = IndexCheckReport(parsing: text, errorCount: 1)
        #expect(report.table == "postlist")
        #expect(report.problems == ["postlist table: No last chunk for term 'comet'"])
    }
}
