import Foundation

/// A suggested query text (Core Spotlight's `CSSuggestion`): the typed text with its last word
/// completed from the app's items, and its place among the suggestions its query gave.
///
/// ```swift
/// let ranked = suggestions.sorted { $0.compare(byRank: $1) == .orderedAscending }  // best first
/// ```
public struct CSSuggestion: Sendable, Hashable {
    /// The suggestion's text (no attributes set).
    public let localizedAttributedSuggestion: AttributedString

    /// Where the query placed it among its suggestions, 0 the best; `Int.max` for one the app made.
    let rank: Int

    /// What kind of suggestion (Apple's `CSSuggestion.SuggestionKind`): `none` is not shown,
    /// `custom` an app's own, `default` one the query found.
    ///
    /// ```swift
    /// if suggestion.suggestionKind == .default { show(suggestion) }
    /// ```
    public enum SuggestionKind: Sendable { case none, custom, `default` }
    /// What kind of suggestion; always `.default` here, as Apple's query handler gives.
    public var suggestionKind: SuggestionKind { .default }

    /// A suggestion of `text` that no query ranked (it sorts after every ranked one).
    public init(_ text: String) { self.init(text, rank: .max) }

    init(_ text: String, rank: Int) {
        localizedAttributedSuggestion = AttributedString(text)
        self.rank = rank
    }

    /// Suggestions are equal when their texts are, whatever their ranks.
    public static func == (a: CSSuggestion, b: CSSuggestion) -> Bool {
        a.localizedAttributedSuggestion == b.localizedAttributedSuggestion
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(localizedAttributedSuggestion) }

    /// Apple's `compare(byRank:)`: `.orderedAscending` when this suggestion ranks better (the
    /// query gave it earlier) than `other`, `.orderedSame` at the same rank.
    ///
    /// ```swift
    /// suggestions.sorted { $0.compare(byRank: $1) == .orderedAscending }
    /// ```
    public func compare(byRank other: CSSuggestion) -> ComparisonResult {
        rank < other.rank ? .orderedAscending : rank > other.rank ? .orderedDescending : .orderedSame
    }

    /// Apple's `compare(_:)`: by rank, and suggestions of the same rank (two the app made) by
    /// their text as `String.localizedStandardCompare(_:)` orders it.
    ///
    /// ```swift
    /// suggestions.sorted { $0.compare($1) == .orderedAscending }
    /// ```
    public func compare(_ other: CSSuggestion) -> ComparisonResult {
        let byRank = compare(byRank: other)
        guard byRank == .orderedSame else { return byRank }
        return String(localizedAttributedSuggestion.characters)
            .localizedStandardCompare(String(other.localizedAttributedSuggestion.characters))
    }
}
