import Foundation
import Synchronization
import Testing
@testable import SpotlightCore
import SpotlightModel

/// A catch-up of many changes is built in parts on every core and merged with the live index
/// (SpotlightEngine+BulkIndex.swift); the index it leaves answers as one built change by change.
@Suite struct EngineBulkCatchUpTests {
    private final class Lines: Sendable {
        private let lines = Mutex<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        func count(_ text: String) -> Int { lines.withLock { $0.filter { $0.contains(text) }.count } }
        /// Every line, for a failure's message.
        var all: String { lines.withLock { $0.joined(separator: "\n") } }
    }

    /// An engine whose catch-ups of at least `bulk` changes go in bulk (nil: never).
    private func open(_ fixture: EngineFixture, bulk: Int?, _ lines: Lines = Lines(),
                      catchUpDelay: TimeInterval = 0.025, commitDelay: TimeInterval = 0.01,
                      inBackground: Bool = false) throws -> SpotlightEngine {
        var options = SpotlightEngine.Options()
        options.catchUpLargeBacklogInBackground = inBackground
        options.commitDelay = commitDelay
        options.catchUpDelay = catchUpDelay
        options.bulkCatchUpChanges = bulk
        options.autoCompactChanges = nil
        options.log = SpotlightLog { _, line in lines.append(line) }
        return try SpotlightEngine(dataDirectory: fixture.directory, options: options)
    }

    private static func package(_ n: Int, _ words: String, version: Int = 1) -> Record {
        Record(bundle: "org.example.packages", type: "Package", id: "p\(n)", title: "package\(n) \(words)",
               subtitle: "tool number \(n % 7) for stargazers", keywords: ["kw\(n % 5)"],
               properties: ["section": .string(n % 2 == 0 ? "science" : "games"), "size": .int(n * 10 + version),
                            "description": .string(String(repeating: "a long description of nebulae \(n) ", count: 12))])
    }

    /// Store history the index has not seen: 600 packages, then `replaced` of them donated
    /// again with other words, 100 deleted and 50 new ones (written to the store while no engine
    /// runs, as after a crash), so the next start catches up all of it at once. The data
    /// directory must exist (an engine opened it once). 40 replaced leave the merge with the
    /// live index (140 of 600 superseded); 200 make the catch-up build the whole index.
    private func writeHistory(_ fixture: EngineFixture, afterFirst: Bool, replaced: Int = 200) throws {
        let store = try RecordStore(path: fixture.directory + "/store.sqlite")
        defer { store.close() }
        if !afterFirst { _ = try store.upsert((0..<600).map { Self.package($0, "comet") }) }
        guard afterFirst else { return }
        _ = try store.upsert((0..<replaced).map { Self.package($0, "asteroid", version: 2) })
        _ = try store.delete(.ids(bundle: "org.example.packages", type: "Package", ids: (200..<300).map { "p\($0)" }))
        _ = try store.upsert((600..<650).map { Self.package($0, "asteroid") })
    }

    @Test func aLargeDonationIsIndexedInBulkAndEveryRecordIsFound() async throws {
        let fixture = EngineFixture()
        let lines = Lines()
        let engine = try open(fixture, bulk: 100, lines)
        defer { engine.close() }
        _ = try await engine.write(.upsert((0..<1000).map { Self.package($0, "comet") }, clientState: nil))
        let result = try await engine.search(SearchQuery(text: "comet", limit: 2000))
        #expect(result.hits.count == 1000)
        #expect(lines.count("in bulk") >= 1)
        #expect(try engine.status().documentCount == 1000)
        let active = try FileManager.default.destinationOfSymbolicLink(atPath: fixture.directory + "/index")
        #expect(try SearchIndex.check(path: fixture.directory + "/" + active) == [])
        let names = try FileManager.default.contentsOfDirectory(atPath: fixture.directory)
        #expect(!names.contains { $0.hasSuffix(BulkBuild.scratchSuffix) })
    }

    /// libxapian 1.4 misses uncommitted documents, once a document was deleted, in a search
    /// that skips through a term's postings filling several chunks (a bundle filter on an index
    /// merged from several databases): the writer commits before it searches.
    @Test func aSearchRightAfterAWriteFindsItInAnIndexMergedInBulk() async throws {
        let fixture = EngineFixture()
        let lines = Lines()
        // Nothing in the background: the searches catch the index up and commit.
        let engine = try open(fixture, bulk: 100, lines, catchUpDelay: 600, commitDelay: 600)
        defer { engine.close() }
        let scope = ["org.example.packages"]
        for batch in 0..<2 {   // the second merges the live index with the parts: several sources
            _ = try await engine.write(.upsert((batch * 1000..<(batch + 1) * 1000).map { Self.package($0, "comet") }, clientState: nil))
            #expect(try await engine.search(SearchQuery(text: "comet", bundles: scope, limit: 1)).estimatedTotal == (batch + 1) * 1000,
                    "the engine's log:\n\(lines.all)")
        }
        #expect(lines.count("in bulk") == 2, "the engine's log:\n\(lines.all)")
        // One of the merged index's documents deleted, then a new record, neither committed.
        _ = try await engine.write(.delete(.ids(bundle: "org.example.packages", type: "Package", ids: ["p5"])))
        _ = try await engine.write(.upsert([Self.package(2000, "nebulium")], clientState: nil))
        #expect(try await engine.search(SearchQuery(text: "nebulium", bundles: scope, limit: 5)).hits.map(\.record.id) == ["p2000"])
        #expect(try await engine.search(SearchQuery(text: "comet", bundles: scope, limit: 3000)).hits.count == 1999)
    }

    @Test func statusReportsABulkCatchUpsProgressWhileItRuns() async throws {
        let fixture = EngineFixture()
        let engine = try open(fixture, bulk: 100)
        defer { engine.close() }
        let seen = Mutex<[(Int?, Int?)]>([])
        engine.writer.sync {
            engine.bulkFault = {   // after the parts are built, before the merge
                let status = try engine.status()
                seen.withLock { $0.append((status.bulkDone, status.bulkTotal)) }
            }
        }
        _ = try await engine.write(.upsert((0..<1000).map { Self.package($0, "comet") }, clientState: nil))
        #expect(try await engine.search(SearchQuery(text: "comet", limit: 2000)).hits.count == 1000)
        let progress = seen.withLock { $0 }
        #expect(progress.count == 1)
        #expect(progress.first?.0 == 1000)
        #expect(progress.first?.1 == 1000)
        #expect(try engine.status().bulkDone == nil)
    }

    @Test func closingLeavesABacklogForABulkCatchUpToTheNextStart() async throws {
        let fixture = EngineFixture()
        // No catch-up runs before close: the whole import is the backlog.
        let engine = try open(fixture, bulk: 100, catchUpDelay: 600)
        _ = try await engine.write(.upsert((0..<2000).map { Self.package($0, "comet") }, clientState: nil))
        engine.close()
        let active = try FileManager.default.destinationOfSymbolicLink(atPath: fixture.directory + "/index")
        let left = try SearchIndex.openReadOnly(.local(path: fixture.directory + "/" + active))
        #expect(try left.documentCount() == 0)
        left.close()
        let lines = Lines()
        let again = try open(fixture, bulk: 100, lines)
        defer { again.close() }
        #expect(lines.count("in bulk") == 1)
        #expect(try await again.search(SearchQuery(text: "comet", limit: 3000)).hits.count == 2000)
    }

    @Test func aFailedBulkCatchUpLeavesNoTraceAndTheChangesAreIndexedOneByOne() async throws {
        let fixture = EngineFixture()
        let lines = Lines()
        let engine = try open(fixture, bulk: 100, lines)
        defer { engine.close() }
        let faults = Mutex(0)
        engine.writer.sync {
            engine.bulkFault = {
                faults.withLock { $0 += 1 }
                throw SpotlightError(.io, "injected: no room for the merge")
            }
        }
        _ = try await engine.write(.upsert((0..<1000).map { Self.package($0, "comet") }, clientState: nil))
        // The failed catch-up is retried after a back-off of a second; searches answer from
        // the committed index meanwhile (degraded).
        var found = 0
        for _ in 0..<200 where found < 1000 {
            found = try await engine.search(SearchQuery(text: "comet", limit: 2000)).hits.count
            if found < 1000 { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(found == 1000)
        #expect(faults.withLock { $0 } >= 1)
        #expect(lines.count("in bulk") == 0)
        engine.writer.sync { engine.bulkFault = nil }
        let names = try FileManager.default.contentsOfDirectory(atPath: fixture.directory)
        #expect(names.filter { $0.hasPrefix("index.") }.count == 1, "\(names)")
        let active = try FileManager.default.destinationOfSymbolicLink(atPath: fixture.directory + "/index")
        #expect(try SearchIndex.check(path: fixture.directory + "/" + active) == [])
    }

    /// spotlightd's start: a backlog large enough for a bulk catch-up is left to the writer,
    /// so the engine answers status and takes donations before it is indexed; a search still
    /// sees every record (it catches the index up first, as during an import).
    @Test func aLargeBacklogAtStartIsCaughtUpInTheBackgroundWhileDonationsAreTaken() async throws {
        let fixture = try backlog(of: 2000)
        let lines = Lines()
        // The scheduled catch-up would start only after ten minutes: what follows runs before it.
        let engine = try open(fixture, bulk: 100, lines, catchUpDelay: 600, inBackground: true)
        defer { engine.close() }
        #expect(lines.count("catching up in the background") == 1)
        let before = try engine.status()
        #expect(before.lastAppliedSequence < before.storeSequence && before.documentCount == 0)
        _ = try await engine.write(.upsert([Self.package(2000, "comet")], clientState: nil))
        #expect(lines.count("in bulk") == 0)
        #expect(try await engine.search(SearchQuery(text: "comet", limit: 3000)).hits.count == 2001)
        #expect(lines.count("in bulk") == 1)
        let after = try engine.status()
        #expect(after.lastAppliedSequence == after.storeSequence && after.documentCount == 2001)
    }

    @Test func aSmallBacklogAtStartIsCaughtUpBeforeTheEngineIsReturned() async throws {
        let fixture = try backlog(of: 50)
        let engine = try open(fixture, bulk: 100, catchUpDelay: 600, inBackground: true)
        defer { engine.close() }
        let status = try engine.status()
        #expect(status.lastAppliedSequence == status.storeSequence && status.documentCount == 50)
    }

    /// A data directory whose store holds `count` packages its index never saw.
    private func backlog(of count: Int) throws -> EngineFixture {
        let fixture = EngineFixture()
        try open(fixture, bulk: 100).close()
        let store = try RecordStore(path: fixture.directory + "/store.sqlite")
        defer { store.close() }
        _ = try store.upsert((0..<count).map { Self.package($0, "comet") })
        return fixture
    }

    @Test(arguments: [40, 200])
    func aBulkCatchUpReplacesAndDeletesWhatTheIndexHeld(replaced: Int) async throws {
        let fixture = EngineFixture()
        try open(fixture, bulk: 100).close()
        try writeHistory(fixture, afterFirst: false)
        try open(fixture, bulk: 100).close()
        try writeHistory(fixture, afterFirst: true, replaced: replaced)
        let lines = Lines()
        let engine = try open(fixture, bulk: 100, lines)
        defer { engine.close() }
        #expect(lines.count("in bulk") == 1)
        #expect(lines.count("the whole index") == (replaced == 200 ? 1 : 0))
        #expect(ids(try await engine.search(SearchQuery(text: "asteroid", limit: 1000))).count == replaced + 50)
        // Replaced (0..<replaced) and deleted (200..<300) packages no longer say comet.
        let comets = Array(replaced..<200) + Array(300..<600)
        #expect(ids(try await engine.search(SearchQuery(text: "comet", limit: 1000))) == comets.map { "p\($0)" }.sorted())
        #expect(try await engine.search(SearchQuery(text: "p250", limit: 10)).hits.isEmpty)
        #expect(try engine.status().documentCount == 550)
        let index = try fixture.activeIndex()
        #expect(try index.handle.spellingFrequency("comet") == UInt64(comets.count))
        #expect(try index.handle.spellingFrequency("asteroid") == UInt64(replaced + 50))
    }

    @Test func aKeyChangedTwiceInOneBulkBuildCountsItsLastWordsInTheSpellingDictionary() async throws {
        let fixture = EngineFixture()
        try open(fixture, bulk: 100).close()
        let store = try RecordStore(path: fixture.directory + "/store.sqlite")
        _ = try store.upsert((0..<300).map { Self.package($0, "comet") })
        _ = try store.upsert((0..<50).map { Self.package($0, "asteroid", version: 2) })
        _ = try store.delete(.ids(bundle: "org.example.packages", type: "Package", ids: (50..<100).map { "p\($0)" }))
        store.close()
        let lines = Lines()
        let engine = try open(fixture, bulk: 100, lines)
        defer { engine.close() }
        #expect(lines.count("in bulk") == 1)
        let index = try fixture.activeIndex()
        #expect(try index.handle.spellingFrequency("comet") == 200)
        #expect(try index.handle.spellingFrequency("asteroid") == 50)
        #expect(try index.handle.spellingFrequency("stargazers") == 250)
        #expect(try index.handle.spellingFrequency("package0") == 1)
        #expect(try index.handle.spellingFrequency("package75") == 0)
    }

    @Test(arguments: [
        SearchQuery(text: "comet", limit: 1000),
        SearchQuery(text: "asteroid tool", limit: 1000),
        SearchQuery(text: "section:science nebul", limit: 1000, sort: SearchSort(by: "size", descending: true)),
        SearchQuery(text: "package1", limit: 1000, facets: ["section", "type"]),
        SearchQuery(text: "size:100..2000", limit: 1000, sort: SearchSort(by: "size")),
        SearchQuery(text: "astroid", limit: 1000, spelling: .suggest),
    ])
    func anIndexCaughtUpInBulkAnswersAsOneBuiltChangeByChange(query: SearchQuery) async throws {
        for replaced in [40, 200] { try await compareBulkWithChangeByChange(query, replaced: replaced) }
    }

    private func compareBulkWithChangeByChange(_ query: SearchQuery, replaced: Int) async throws {
        var results: [SearchResult] = []
        for bulk in [100, nil] {
            let fixture = EngineFixture()
            try open(fixture, bulk: bulk).close()
            try writeHistory(fixture, afterFirst: false)
            try open(fixture, bulk: bulk).close()
            try writeHistory(fixture, afterFirst: true, replaced: replaced)
            let engine = try open(fixture, bulk: bulk)
            results.append(try await engine.search(query))
            engine.close()
        }
        // The same hits with the same scores; among equal scores the order may differ.
        let byID = results.map { Dictionary(uniqueKeysWithValues: $0.hits.map { ($0.record.id, $0.score) }) }
        #expect(byID[0].count == byID[1].count)
        for (id, score) in byID[0] { #expect(abs(score - (byID[1][id] ?? -1)) < 1e-9, "\(id)") }
        #expect(results[0].estimatedTotal == results[1].estimatedTotal)
        #expect(results[0].facets == results[1].facets)
        #expect(results[0].correctedText == results[1].correctedText)
        if query.sort != nil { #expect(results[0].hits.map(\.record.id) == results[1].hits.map(\.record.id)) }
    }
}
