import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

/// Synonym tables through the engine: stored, kept in memory, scoped to their bundle.
@Suite struct EngineSynonymTests {
    static let bundle = "com.example.CometCal"

    func engineWithTelevision(_ fixture: EngineFixture) async throws -> SpotlightEngine {
        let engine = try fixture.open()
        _ = try await engine.write(.upsert([EngineFixture.event("e1", "Television night"),
                                            EngineFixture.event("o1", "Television night", bundle: "org.other")],
                                           clientState: nil))
        return engine
    }

    func ids(_ engine: SpotlightEngine, _ text: String) async throws -> [String] {
        try await engine.search(SearchQuery(text: text)).hits.map(\.record.id).sorted()
    }

    @Test func aSynonymSetThroughTheEngineFindsTheRecordAtOnce() async throws {
        let fixture = EngineFixture()
        let engine = try await engineWithTelevision(fixture)
        defer { engine.close() }
        #expect(try await ids(engine, "tv ") == [])
        try await engine.setSynonyms(bundle: Self.bundle, ["tv": ["television"]])
        #expect(try await ids(engine, "tv ") == ["e1"])
    }

    @Test func synonymsSurviveARebuild() async throws {
        let fixture = EngineFixture()
        let engine = try await engineWithTelevision(fixture)
        defer { engine.close() }
        try await engine.setSynonyms(bundle: Self.bundle, ["tv": ["television"]])
        _ = try await engine.rebuild()
        #expect(try await ids(engine, "tv ") == ["e1"])
    }

    @Test func synonymsSurviveARestart() async throws {
        let fixture = EngineFixture()
        let first = try await engineWithTelevision(fixture)
        try await first.setSynonyms(bundle: Self.bundle, ["tv": ["television"]])
        first.close()
        let engine = try fixture.open()
        defer { engine.close() }
        #expect(engine.synonyms(bundle: Self.bundle) == ["tv": ["television"]])
        #expect(try await ids(engine, "tv ") == ["e1"])
    }

    @Test func mergeKeepsOtherTermsAndAnEmptyListRemovesOne() async throws {
        let fixture = EngineFixture()
        let engine = try fixture.open()
        defer { engine.close() }
        try await engine.setSynonyms(bundle: Self.bundle, ["tv": ["television"], "nyc": ["new york"]])
        let terms = try await engine.setSynonyms(bundle: Self.bundle, ["film": ["movie"], "nyc": []])
        #expect(terms == 2)
        #expect(engine.synonyms(bundle: Self.bundle) == ["tv": ["television"], "film": ["movie"]])
    }

    @Test func replaceDropsTheTermsNotGiven() async throws {
        let fixture = EngineFixture()
        let engine = try fixture.open()
        defer { engine.close() }
        try await engine.setSynonyms(bundle: Self.bundle, ["tv": ["television"], "nyc": ["new york"]])
        let terms = try await engine.setSynonyms(bundle: Self.bundle, ["film": ["movie"]], replace: true)
        #expect(terms == 1)
        #expect(engine.synonyms(bundle: Self.bundle) == ["film": ["movie"]])
    }

    @Test func aRefusedTableChangesNothing() async throws {
        let fixture = EngineFixture()
        let engine = try fixture.open()
        defer { engine.close() }
        try await engine.setSynonyms(bundle: Self.bundle, ["tv": ["television"]])
        await #expect(throws: SpotlightError.self) {
            try await engine.setSynonyms(bundle: Self.bundle, ["two words": ["x"]], replace: true)
        }
        #expect(engine.synonyms(bundle: Self.bundle) == ["tv": ["television"]])
    }

    @Test func moreThanTheTermLimitIsRefusedInTheStore() throws {
        let fixture = EngineFixture()
        try FileManager.default.createDirectory(atPath: fixture.directory, withIntermediateDirectories: true)
        let store = try RecordStore(path: fixture.directory + "/store.sqlite")
        defer { store.close() }
        let many = Dictionary(uniqueKeysWithValues: (0...SynonymTable.maxTerms).map { ("w\($0)", ["x"]) })
        #expect(throws: SpotlightError.self) { try store.setSynonyms(bundle: Self.bundle, many, replace: false) }
        #expect(try store.synonyms(bundle: Self.bundle).isEmpty)
    }
}
