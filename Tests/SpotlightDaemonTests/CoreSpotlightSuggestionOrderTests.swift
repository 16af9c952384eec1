import Foundation
import SpotlightKit
import Testing

/// `CSSuggestion.compare(byRank:)` and `compare(_:)` order suggestions as their query ranked them,
/// so Apple's `suggestions.sorted { $0.compare(byRank: $1) == .orderedAscending }` gives them back
/// best first.
@Suite struct CoreSpotlightSuggestionOrderTests {
    static func suggestions(_ text: String) async throws -> [CSSuggestion] {
        let sky = try await CoreSpotlightQueryTests.sky()
        let context = CSUserQueryContext()
        context.maxSuggestionCount = 5
        var found: [CSSuggestion] = []
        for try await case .suggestion(let suggestion) in CSUserQuery(userQueryString: text, userQueryContext: context,
                                                                        index: sky.index()).responses {
            found.append(suggestion.suggestion)
        }
        return found
    }

    @Test func sortingByRankGivesTheQuerysOrderBack() async throws {
        let given = try await Self.suggestions("ho")
        try #require(given.count >= 2)
        #expect(given[0].compare(byRank: given[1]) == .orderedAscending)
        #expect(given[1].compare(byRank: given[0]) == .orderedDescending)
        #expect(given[0].compare(byRank: given[0]) == .orderedSame)
        #expect(given.reversed().sorted { $0.compare(byRank: $1) == .orderedAscending } == given)
        #expect(given.reversed().sorted { $0.compare($1) == .orderedAscending } == given)
    }

    @Test func suggestionsTheAppMakesComeAfterRankedOnesAndInTextOrder() async throws {
        let ranked = try #require(try await Self.suggestions("ho").first)
        let made = [CSSuggestion("zebra"), CSSuggestion("Apple"), ranked]
        #expect(made.sorted { $0.compare($1) == .orderedAscending }.map { String($0.localizedAttributedSuggestion.characters) }
            == [String(ranked.localizedAttributedSuggestion.characters), "Apple", "zebra"])
        #expect(CSSuggestion("zebra").compare(byRank: CSSuggestion("Apple")) == .orderedSame)
    }
}
