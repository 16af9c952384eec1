import Foundation
import Synchronization
import Testing
@testable import SpotlightCore
import SpotlightModel

/// A data directory deleted, or its store replaced, while the engine runs: the open SQLite
/// connection would go on committing into a file no later start reads, so the engine refuses
/// writes instead of acknowledging them (StoreFileIdentity).
@Suite struct EngineStoreFileTests {
    @Test func aWriteAfterTheDataDirectoryIsDeletedIsRefusedNotAcknowledged() async throws {
        let fixture = EngineFixture()
        let engine = try fixture.open()
        defer { engine.close() }
        _ = try await engine.write(.upsert([EngineFixture.event("e1", "Comet viewing")], clientState: nil))
        try FileManager.default.removeItem(atPath: fixture.directory)
        await #expect {
            try await engine.write(.upsert([EngineFixture.event("e2", "Meteor shower")], clientState: nil))
        } throws: { error in
            guard let error = error as? SpotlightError else { return false }
            return error.code == .io && error.message.hasPrefix("not stored: ") && error.message.contains("was removed")
        }
    }

    @Test func aDeletedStoreIsLoggedOnceNotAtEveryRefusedWrite() async throws {
        let fixture = EngineFixture()
        let lines = Mutex<[String]>([])
        var options = SpotlightEngine.Options()
        options.log = SpotlightLog { level, line in
            if level == .error { lines.withLock { $0.append(line) } }
        }
        let engine = try SpotlightEngine(dataDirectory: fixture.directory, options: options)
        defer { engine.close() }
        try FileManager.default.removeItem(atPath: fixture.directory)
        for id in ["e1", "e2", "e3"] {
            _ = try? await engine.write(.upsert([EngineFixture.event(id, "Comet \(id)")], clientState: nil))
        }
        #expect(lines.withLock { $0 }.count == 1)
        #expect(lines.withLock { $0 }.first?.contains("was removed") == true)
    }

    @Test func statusSaysDegradedOnceTheDataDirectoryIsDeleted() async throws {
        let fixture = EngineFixture()
        let engine = try fixture.open()
        defer { engine.close() }
        #expect(try engine.status().indexState == "ok")
        try FileManager.default.removeItem(atPath: fixture.directory)
        let status = try engine.status()
        #expect(status.indexState == "degraded")
        #expect(status.message?.contains("restart") == true)
    }

    @Test func aStoreReplacedByAnotherFileIsRefusedAndLeftAlone() async throws {
        let fixture = EngineFixture()
        let engine = try fixture.open()
        defer { engine.close() }
        _ = try await engine.write(.upsert([EngineFixture.event("e1", "Comet viewing")], clientState: nil))
        let path = fixture.directory + "/store.sqlite"
        try FileManager.default.moveItem(atPath: path, toPath: path + ".moved")
        try FileManager.default.copyItem(atPath: path + ".moved", toPath: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        await #expect {
            try await engine.write(.upsert([EngineFixture.event("e2", "Meteor shower")], clientState: nil))
        } throws: { ($0 as? SpotlightError)?.message.contains("was replaced") == true }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func writesGoOnWhileTheStoreIsWhereItWasOpened() async throws {
        let fixture = EngineFixture()
        let engine = try fixture.open()
        defer { engine.close() }
        for id in ["e1", "e2", "e3"] {
            _ = try await engine.write(.upsert([EngineFixture.event(id, "Comet \(id)")], clientState: nil))
        }
        #expect(try engine.status().indexState == "ok")
        #expect(try await engine.search(SearchQuery(text: "comet")).hits.count == 3)
    }
}
