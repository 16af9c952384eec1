import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

/// An index found corrupt while the engine runs is moved aside and rebuilt from the store,
/// as at start, instead of failing every commit until a restart.
@Suite struct EngineRuntimeCorruptionTests {
    @Test func anIndexCorruptedWhileRunningIsRebuiltFromTheStoreWithoutARestart() async throws {
        let fixture = EngineFixture()
        let engine = try fixture.open()
        defer { engine.close() }
        _ = try await engine.write(.upsert((0..<200).map { EngineFixture.event("r\($0)", "meteor \($0)") }, clientState: nil))
        try await waitUntil { try engine.status().lastAppliedSequence == engine.status().storeSequence }
        try fixture.damageActiveIndex(bytes: 16384)
        // The next writes make the writer read and commit the damaged tables.
        for n in 200..<260 {
            _ = try await engine.write(.upsert([EngineFixture.event("r\(n)", "meteor \(n)")], clientState: nil))
        }
        try await waitUntil {
            let names = try FileManager.default.contentsOfDirectory(atPath: fixture.directory)
            let status = try engine.status()
            return names.contains { $0.contains("corrupt") } && status.indexState == "ok"
                && status.lastAppliedSequence == status.storeSequence
        }
        #expect(try await engine.search(SearchQuery(text: "meteor", limit: 500)).hits.count == 260)
    }

    private func waitUntil(seconds: Double = 30, _ condition: () throws -> Bool) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if (try? condition()) == true { return }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        Issue.record("the condition did not hold within \(seconds) s")
    }
}
