import IntentKit

/// Shows the items matching a search: Apple's `ShowInAppSearchResultsIntent` shape.
struct SearchItemsIntent: ShowInAppSearchResultsIntent {
    static let title = "Search Items"
    static let searchScopes: [StringSearchScope] = [.general]
    @Parameter(title: "Criteria") var criteria: StringSearchCriteria

    func perform() async throws -> some IntentResult & ReturnsValue<[ItemEntity]> {
        let found = try await ItemQuery().entities(matching: criteria.term)
        AppScreen.shared.show(["Results for \(criteria.term)"] + found.map(\.title))
        return .result(value: found)
    }
}
