import Foundation
import SpotlightKit
import SpotlightModel
import Testing

/// What `*` means in Core Spotlight's query strings, as Apple documents them: a wildcard inside a
/// quoted value (`title == "*"`: the item has a title) and the attribute of every text attribute;
/// a bare `*`, which the grammar does not have, is an invalid query that says what to write.
@Suite struct CoreSpotlightWildcardQueryTests {
    @Test func aQuotedStarAloneMatchesItemsThatHaveTheAttribute() async throws {
        let sky = try await CoreSpotlightQueryTests.sky()
        #expect(try await CoreSpotlightQueryTests.found(#"contentDescription == "*""#, sky) == ["1", "2", "3", "5"])
        #expect(try await CoreSpotlightQueryTests.found(#"contentDescription != "*""#, sky) == ["4"])
    }

    @Test func starEqualsStarMatchesEveryItemWithATextAttribute() async throws {
        let sky = try await CoreSpotlightQueryTests.sky()
        #expect(try await CoreSpotlightQueryTests.found(#"* == "*""#, sky) == ["1", "2", "3", "4", "5"])
    }

    @Test(arguments: ["*", " * ", #"* && title == "x""#, #"(*)"#])
    func aBareStarIsAnInvalidQueryThatSaysWhatToWrite(queryString: String) async throws {
        let sky = try await CoreSpotlightQueryTests.sky()
        do {
            _ = try await CoreSpotlightQueryTests.found(queryString, sky)
            Issue.record("\(queryString) was read as a query")
        } catch let error as CSSearchQueryError where error.code == .invalidQuery {
            #expect(error.message.contains(#"title == "*""#), "\(error.message)")
        }
    }
}
