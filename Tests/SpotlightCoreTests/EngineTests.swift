import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

/// A fresh data directory per test, removed afterwards.
final class EngineFixture {
    let directory: String

    init() {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("engine-\(UUID().uuidString)").path
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    func open() throws -> SpotlightEngine {
        var options = SpotlightEngine.Options()
        options.commitDelay = 0.05
        return try SpotlightEngine(dataDirectory: directory, options: options)
    }

    /// The active index generation, opened read-only: its committed revision.
    func activeIndex() throws -> SearchIndex {
        let active = try FileManager.default.destinationOfSymbolicLink(atPath: directory + "/index")
        return try SearchIndex.openReadOnly(.local(path: directory + "/" + active))
    }

    /// Overwrites the first `bytes` of every table file of the active index generation.
    func damageActiveIndex(bytes: Int) throws {
        let active = try FileManager.default.destinationOfSymbolicLink(atPath: directory + "/index")
        let generation = directory + "/" + active
        for name in try FileManager.default.contentsOfDirectory(atPath: generation) where name.hasSuffix(".glass") {
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: generation + "/" + name))
            try handle.write(contentsOf: Data(repeating: 0xA5, count: bytes))
            try handle.close()
        }
    }

    static func event(_ id: String, _ title: String, bundle: String = "com.example.CometCal") -> Record {
        Record(bundle: bundle, type: "EventEntity", id: id, title: title)
    }
}

func ids(_ result: SearchResult) -> [String] { result.hits.map(\.record.id).sorted() }

/// Keeps the engine's index writer busy (as an import indexed in bulk does) until the
/// returned semaphore is signalled.
func holdIndexWriter(_ engine: SpotlightEngine) -> DispatchSemaphore {
    let release = DispatchSemaphore(value: 0)
    let busy = DispatchSemaphore(value: 0)
    engine.writer.async {
        busy.signal()
        release.wait()
    }
    busy.wait()
    return release
}

@Suite struct EngineTests {
    @Test func searchSeesAWriteAsSoonAsItReturns() async throws {
        let fixture = EngineFixture()
        let engine = try fixture.open()
        defer { engine.close() }
        for n in 0..<50 {
            _ = try await engine.write(.upsert([EngineFixture.event("e\(n)", "Supernova party number\(n)")], clientState: nil))
            let result = try await engine.search(SearchQuery(text: "number\(n)"))
            #expect(ids(result) == ["e\(n)"])
        }
    }

    @Test func concurrentWritesAreAllStored() async throws {
        let fixture = EngineFixture()
        let engine = try fixture.open()
        defer { engine.close() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for client in 0..<8 {
                group.addTask {
                    for n in 0..<25 {
                        _ = try await engine.write(.upsert([EngineFixture.event("c\(client)-\(n)", "comet \(client)")], clientState: nil))
                    }
                }
            }
            try await group.waitForAll()
        }
        let result = try await engine.search(SearchQuery(text: "comet", limit: 1000))
        #expect(result.hits.count == 200)
    }

    @Test func rebuildKeepsEveryRecordAndAnswersQueriesTheSameWay() async throws {
        let fixture = EngineFixture()
        let engine = try fixture.open()
        defer { engine.close() }
        let titles = ["Cosmic Ray Calibration", "Morning Launch Briefing", "Café on Mars", "Supernova Viewing Party"]
        let records = (0..<400).map { EngineFixture.event("r\($0)", titles[$0 % titles.count] + " \($0)") }
        _ = try await engine.write(.upsert(records, clientState: nil))
        let queries = ["cosmic", "cafe", "launch briefing", "\"viewing party\"", "mars OR ray", "super"]
        var before: [[String]] = []
        for q in queries { before.append(ids(try await engine.search(SearchQuery(text: q, limit: 1000)))) }
        let report = try await engine.rebuild()
        #expect(report.records == 400)
        for (q, expected) in zip(queries, before) {
            #expect(ids(try await engine.search(SearchQuery(text: q, limit: 1000))) == expected, "query \(q)")
        }
        #expect(try engine.status().documentCount == 400)
    }

    @Test func aRebuildKeepsTheSpellingDictionary() async throws {
        let fixture = EngineFixture()
        let engine = try fixture.open()
        defer { engine.close() }
        let titles = ["Cosmic Ray Calibration", "Morning Launch Briefing", "Supernova Viewing Party"]
        _ = try await engine.write(.upsert((0..<300).map { EngineFixture.event("r\($0)", titles[$0 % 3]) },
                                           clientState: nil))
        _ = try await engine.write(.upsert((0..<30).map { EngineFixture.event("r\($0)", "Quasar Watch") },
                                           clientState: nil))
        let words = ["cosmic", "supernova", "quasar", "briefing"]
        func frequencies() async throws -> [UInt64] {
            // The index's committed revision, as a reader opened now sees it.
            while case let status = try engine.status(), status.lastAppliedSequence < status.storeSequence {
                try await Task.sleep(for: .milliseconds(20))
            }
            let index = try fixture.activeIndex()
            return try words.map { try index.handle.spellingFrequency($0) }
        }
        // Donated one by one (each document's words counted as it is written)...
        let before = try await frequencies()
        #expect(before == [90, 90, 30, 90])   // r0..r29, 10 of each title, were donated again as Quasar Watch
        // ...and rebuilt in bulk parts (each part's words counted from its terms at its end).
        _ = try await engine.rebuild()
        #expect(try await frequencies() == before)
        let corrected = try await engine.search(SearchQuery(text: "supernvoa", limit: 10, spelling: .suggest))
        #expect(corrected.correctedText == "supernova")
    }

    @Test func writesDuringARebuildAreCarriedOver() async throws {
        let fixture = EngineFixture()
        let engine = try fixture.open()
        defer { engine.close() }
        _ = try await engine.write(.upsert((0..<3000).map { EngineFixture.event("r\($0)", "nebula \($0)") }, clientState: nil))
        async let rebuilt = engine.rebuild()
        for n in 0..<20 {
            _ = try await engine.write(.upsert([EngineFixture.event("late\(n)", "quasar \(n)")], clientState: nil))
        }
        _ = try await engine.write(.delete(.ids(bundle: "com.example.CometCal", type: "EventEntity", ids: ["r0"])))
        _ = try await rebuilt
        #expect(try await engine.search(SearchQuery(text: "quasar", limit: 100)).hits.count == 20)
        #expect(try await engine.search(SearchQuery(text: "nebula", limit: 5000)).hits.count == 2999)
    }

    @Test func indexCatchesUpWithStoreWritesItNeverApplied() async throws {
        // A crash between the store's commit and the index's: the store has records the
        // index never saw. Simulate it by writing to the store while the engine is closed.
        let fixture = EngineFixture()
        try fixture.open().close()
        let store = try RecordStore(path: fixture.directory + "/store.sqlite")
        _ = try store.upsert([EngineFixture.event("a", "Orphaned asteroid")])
        store.close()
        let engine = try fixture.open()
        defer { engine.close() }
        #expect(ids(try await engine.search(SearchQuery(text: "asteroid"))) == ["a"])
        let status = try engine.status()
        #expect(status.lastAppliedSequence == status.storeSequence)
    }

    @Test func schemaVersionMismatchTriggersARebuild() async throws {
        let fixture = EngineFixture()
        let engine = try fixture.open()
        _ = try await engine.write(.upsert([EngineFixture.event("a", "Pulsar timing")], clientState: nil))
        engine.close()
        let index = try SearchIndex.openWritable(path: fixture.directory + "/index")
        try index.handle.setMetadata(TermSchema.Metadata.schemaVersion, "0")
        try index.delete([EngineFixture.event("a", "").key])
        try index.handle.commit()
        index.close()
        let reopened = try fixture.open()
        defer { reopened.close() }
        await reopened.startupRebuild?.value
        #expect(try reopened.status().documentCount == 1)
        #expect(ids(try await reopened.search(SearchQuery(text: "pulsar"))) == ["a"])
    }

    /// Schema 3 kept one slot table (`spotlight.property-slots`) for all apps and no slot
    /// registry: such an index is rebuilt at open, and two apps' `level`s then sort again.
    @Test func anIndexOfSchema3IsRebuiltWithSlotsPerBundleNothingLost() async throws {
        let fixture = EngineFixture()
        let engine = try fixture.open()
        let games = (0..<3).map { Record(bundle: "com.example.games", type: "Quest", id: "g\($0)", title: "quest",
                                         properties: ["level": .int(3 - $0)]) }
        let logs = ["warn", "debug"].map { Record(bundle: "com.example.logs", type: "Entry", id: $0, title: "entry",
                                                  properties: ["level": .string($0)]) }
        _ = try await engine.write(.upsert(games, clientState: nil))
        _ = try await engine.write(.upsert(logs, clientState: nil))
        engine.close()
        let index = try SearchIndex.openWritable(path: fixture.directory + "/index")
        for key in try index.handle.metadataKeys(withPrefix: TermSchema.Metadata.slotPrefix) {
            try index.handle.setMetadata(key, "")   // an empty value removes the entry
        }
        try index.handle.setMetadata("spotlight.property-slots", #"{"level":{"kind":"number","slot":16}}"#)
        try index.handle.setMetadata(TermSchema.Metadata.schemaVersion, "3")
        try index.handle.commit()
        index.close()
        let reopened = try fixture.open()
        defer { reopened.close() }
        await reopened.startupRebuild?.value
        #expect(try reopened.status().documentCount == 5)
        let sorted = try await reopened.search(SearchQuery(text: nil, sort: SearchSort(by: "level")))
        #expect(sorted.hits.map(\.record.id) == ["g2", "g1", "g0", "debug", "warn"])
    }

    @Test func anIndexOfSchemaThreeIsRebuiltSoUnspacedTextIsFoundByAnInnerWord() async throws {
        // Schema 3 indexed "초신성관측파티" as one word; a document missing from the old index
        // stands for that: only a rebuild from the store can make 관측 find the record.
        let fixture = EngineFixture()
        let engine = try fixture.open()
        _ = try await engine.write(.upsert([EngineFixture.event("ko", "초신성관측파티 일정")], clientState: nil))
        engine.close()
        let index = try SearchIndex.openWritable(path: fixture.directory + "/index")
        try index.delete([EngineFixture.event("ko", "").key])
        try index.handle.commit()
        try index.handle.setMetadata(TermSchema.Metadata.schemaVersion, "3")
        try index.handle.commit()
        index.close()
        let reopened = try fixture.open()
        defer { reopened.close() }
        await reopened.startupRebuild?.value
        #expect(ids(try await reopened.search(SearchQuery(text: "관측"))) == ["ko"])
        let rebuilt = try SearchIndex.openReadOnly(.local(path: fixture.directory + "/index"))
        #expect(try rebuilt.storedSchemaVersion() == SearchIndex.schemaVersion)
    }

    @Test func aCorruptIndexIsMovedAsideAndRebuiltFromTheStore() async throws {
        let fixture = EngineFixture()
        let engine = try fixture.open()
        _ = try await engine.write(.upsert((0..<200).map { EngineFixture.event("r\($0)", "meteor \($0)") }, clientState: nil))
        engine.close()
        try fixture.damageActiveIndex(bytes: 4096)
        try FileManager.default.removeItem(atPath: fixture.directory + "/clean-shutdown")
        let reopened = try fixture.open()
        defer { reopened.close() }
        await reopened.startupRebuild?.value
        #expect(try await reopened.search(SearchQuery(text: "meteor", limit: 500)).hits.count == 200)
        let names = try FileManager.default.contentsOfDirectory(atPath: fixture.directory)
        #expect(names.contains { $0.contains("corrupt") })
    }

    @Test func aSecondEngineOnTheSameDirectoryFailsFastNamingTheHolder() throws {
        let fixture = EngineFixture()
        let engine = try fixture.open()
        defer { engine.close() }
        let error = #expect(throws: SpotlightError.self) { try fixture.open() }
        #expect(error?.code == .locked)
        #expect(error?.message.contains("pid \(getpid())") == true)
    }

    @Test func expiredRecordsAreNeitherFoundNorReturned() async throws {
        let fixture = EngineFixture()
        let engine = try fixture.open()
        defer { engine.close() }
        var old = EngineFixture.event("old", "Expired eclipse")
        old.expiration = Date(timeIntervalSinceNow: -60)
        let fresh = EngineFixture.event("new", "Current eclipse")
        _ = try await engine.write(.upsert([old, fresh], clientState: nil))
        #expect(ids(try await engine.search(SearchQuery(text: "eclipse"))) == ["new"])
        #expect(try engine.records(for: [old.key, fresh.key]).map(\.id) == ["new"])
    }

    @Test func clientStateCompareAndSwapRejectsAStaleExpectation() async throws {
        let fixture = EngineFixture()
        let engine = try fixture.open()
        defer { engine.close() }
        let r = EngineFixture.event("a", "Saturn")
        _ = try await engine.write(.upsert([r], clientState: ClientStateUpdate(expected: .some(nil), new: Data("v1".utf8))))
        await #expect(throws: SpotlightError.self) {
            _ = try await engine.write(.upsert([r], clientState: ClientStateUpdate(expected: .some(nil), new: Data("v2".utf8))))
        }
        #expect(try engine.clientState(bundle: r.bundle) == Data("v1".utf8))
    }
}
