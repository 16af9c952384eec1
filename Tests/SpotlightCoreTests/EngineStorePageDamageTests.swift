import Foundation
import Synchronization
import Testing
@testable import SpotlightCore
import SpotlightModel

/// The record store's pages damaged while the engine runs (bytes changed on disk under
/// SQLite): reads of the store fail, not the index. The engine says the store is damaged and
/// what to do, and does not send the sound index through Xapian's check at every retry.
@Suite struct EngineStorePageDamageTests {
    private final class Log: Sendable {
        let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
        func contains(_ text: String) -> Bool { all.contains { $0.contains(text) } }
    }

    /// An engine whose store has 300 records the index has not read yet, and whose store
    /// pages are then damaged; the index writer resumes when this returns.
    private func engineWithDamagedStore(_ fixture: EngineFixture, _ log: Log) async throws -> SpotlightEngine {
        var options = SpotlightEngine.Options()
        options.commitDelay = 0.05
        options.log = SpotlightLog { level, line in log.lines.withLock { $0.append("\(level.rawValue): \(line)") } }
        let engine = try SpotlightEngine(dataDirectory: fixture.directory, options: options)
        let release = holdIndexWriter(engine)
        defer { release.signal() }
        let text = String(repeating: "comet tail dust ", count: 40)
        _ = try await engine.write(.upsert((0..<300).map { EngineFixture.event("r\($0)", "meteor \($0) \(text)") },
                                           clientState: nil))
        try Self.damagePages(of: fixture.directory + "/store.sqlite")
        return engine
    }

    @Test func theIndexCatchUpBlamesADamagedStoreNotTheIndex() async throws {
        let fixture = EngineFixture()
        let log = Log()
        let engine = try await engineWithDamagedStore(fixture, log)
        defer { engine.close() }
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, !log.contains("is damaged (SQLite's check: ") {
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        // The first retry comes a second later; it must not blame the index either.
        try await Task.sleep(nanoseconds: 1_500_000_000)
        #expect(log.all.filter { $0.contains("store.sqlite is damaged") }.count == 1, "\(log.all)")
        #expect(!log.contains("index update failed"), "\(log.all)")
        #expect(!log.contains("rebuilding the index"), "\(log.all)")
    }

    @Test func statusSaysTheStoreIsDamagedInsteadOfFailing() async throws {
        let fixture = EngineFixture()
        let engine = try await engineWithDamagedStore(fixture, Log())
        defer { engine.close() }
        let status = try engine.status()
        #expect(status.indexState == "degraded")
        #expect(status.message?.contains("store.sqlite is damaged") == true, "\(status.message ?? "no message")")
        #expect(status.message?.contains("Restart spotlightd") == true)
    }

    /// Moves every page into the database file, then overwrites all but the first (the
    /// header and the schema) with a pattern that is no b-tree page.
    static func damagePages(of path: String) throws {
        let store = try RecordStore(path: path)
        try store.connection.run("PRAGMA wal_checkpoint(TRUNCATE)", []) { _ in }
        store.close()
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seek(toOffset: 4096)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: size - 4096))
        try handle.close()
    }
}
