import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

/// `searchIfCommitted`: the synchronous answer from a committed reader, given only when that
/// reader covers every acknowledged write.
@Suite struct EngineCommittedSearchTests {
    @Test func aCommittedSearchRightAfterAWriteEitherDeclinesOrSeesIt() async throws {
        let fixture = EngineFixture()
        let engine = try fixture.open()
        defer { engine.close() }
        for n in 0..<30 {
            _ = try await engine.write(.upsert([EngineFixture.event("e\(n)", "Comet viewing number\(n)")], clientState: nil))
            if let result = try engine.searchIfCommitted(SearchQuery(text: "number\(n)")) {
                #expect(ids(result) == ["e\(n)"], "write \(n)")
            }
        }
    }

    @Test func aCommittedSearchAnswersOnceTheIndexHasCommitted() async throws {
        let fixture = EngineFixture()
        let engine = try fixture.open()
        defer { engine.close() }
        _ = try await engine.write(.upsert([EngineFixture.event("e1", "Meteor shower")], clientState: nil))
        let deadline = Date().addingTimeInterval(10)
        var answer: SearchResult?
        while answer == nil, Date() < deadline {
            answer = try engine.searchIfCommitted(SearchQuery(text: "meteor"))
            if answer == nil { try await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(answer.map(ids) == ["e1"])
    }
}
