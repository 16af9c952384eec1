import Foundation
import Synchronization
import SpotlightModel

/// What a ``UserQuery`` returns (Core Spotlight's `CSUserQueryContext`, also its name here).
///
/// ```swift
/// let context = CSUserQueryContext()
/// context.fetchAttributes = ["title", "contentDescription"]
/// context.maxResultCount = 10
/// context.maxSuggestionCount = 3
/// ```
public final class UserQueryContext {
    /// The attributes found items carry in their attribute sets; empty: every attribute.
    public var fetchAttributes: [String] = []
    /// Core Spotlight query strings (as ``SearchableQuery``'s) the items found must match too;
    /// applied to the best ``maxResultCount`` items, so fewer may come back.
    public var filterQueries: [String] = []
    /// How many items, best first. Default 20; more than ``UserQuery/maxResultLimit`` is read
    /// as that many.
    public var maxResultCount = 20
    /// How many suggestions: the text with its last word completed. Default 0.
    public var maxSuggestionCount = 0
    /// Accepted for source compatibility: items always come ranked, best first.
    public var enableRankedResults = false
    /// Accepted for source compatibility; the search is by words.
    public var disableSemanticSearch = false
    /// Accepted for source compatibility.
    public var maxRankedResultCount = 0
    /// Accepted for source compatibility; not used.
    public var keyboardLanguage: String?

    public init() {}

    /// Apple's context for a query that continues from a suggestion the person picked; the
    /// suggestion is not used (its text is the query's).
    public convenience init(currentSuggestion: CSSuggestion?) {
        self.init()
    }
}

/// Core Spotlight's name for ``UserQueryContext``.
public typealias CSUserQueryContext = UserQueryContext

/// What someone typed in an app's search field, searched in the app's items by spotlightd's
/// index, ranked (Core Spotlight's `CSUserQuery`, also its name here): the words, prefixes as
/// they are typed and every other form docs/query.md describes.
///
/// ```swift
/// let context = CSUserQueryContext()
/// context.fetchAttributes = ["title"]
/// context.maxSuggestionCount = 3
/// for try await response in CSUserQuery(userQueryString: "supern", userQueryContext: context).responses {
///     switch response {
///     case .item(let found): print(found.item.attributeSet.title ?? "")
///     case .suggestion(let suggestion): print(String(suggestion.suggestion.localizedAttributedSuggestion.characters))
///     }
/// }
/// ```
public final class UserQuery: Sendable {
    /// The text as typed.
    public let userQueryString: String?
    let fetchAttributes: [String]
    let filterQueries: [String]
    let maxResultCount: Int
    let maxSuggestionCount: Int
    let index: SearchableIndex
    /// The handlers and progress of ``start()`` (UserQuery+Handlers.swift).
    let handlers = Mutex(UserQueryHandlers())
    /// Its start, cancellation and completion handler.
    let lifecycle = QueryRun()

    /// - Parameters:
    ///   - userQueryString: the text typed; nil or blank: every item, most recent first.
    ///   - userQueryContext: what to return; nil: 20 items with every attribute, no suggestions.
    ///   - index: where the app's items are (default: ``SearchableIndex/default``).
    public init(userQueryString: String?, userQueryContext: UserQueryContext?, index: SearchableIndex = .default) {
        self.userQueryString = userQueryString
        let context = userQueryContext ?? UserQueryContext()
        fetchAttributes = context.fetchAttributes
        filterQueries = context.filterQueries
        maxResultCount = min(max(0, context.maxResultCount), Self.maxResultLimit)
        maxSuggestionCount = max(0, context.maxSuggestionCount)
        self.index = index
    }

    /// The most items one query returns: what spotlightd answers in one query. Apple sets no
    /// bound, so a larger ``UserQueryContext/maxResultCount`` is read as this.
    public static let maxResultLimit = 10_000

    /// Core Spotlight loads its models ahead of a first query; nothing to do here.
    public static func prepare() {}

    /// The items found, best first, then the suggestions.
    public var responses: Responses { Responses(query: self) }

    /// Runs the search: the items and suggestions to hand out, in order.
    func run() async throws -> [Found] {
        let predicate = try filterQueries.map { try ItemPredicateParser.parse($0) }
        let bundle = try await index.callerBundle(for: "a CSUserQuery searches the app's own items")
        var query = SearchQuery(text: userQueryString, bundles: [bundle], limit: maxResultCount)
        if maxSuggestionCount > 0 { query.completions = maxSuggestionCount }
        let result = try await index.query(query)
        handlers.withLock { $0.missingShards = result.missingShards }
        let records = result.hits.map(\.record).filter { record in predicate.allSatisfy { $0.matches(record) } }
        let text = userQueryString ?? ""
        let typed = text.last.map { !$0.isWhitespace } ?? false
        let stem = typed ? String(text[..<(text.lastIndex(where: \.isWhitespace).map { text.index(after: $0) } ?? text.startIndex)]) : text
        let suggestions = typed ? (result.completions ?? []).prefix(maxSuggestionCount).map { stem + $0 } : []
        return records.map(Found.record) + suggestions.map(Found.suggestion)
    }

    /// One response before it is made into an item (on the caller's side).
    enum Found: Sendable {
        case record(Record)
        case suggestion(String)
    }
}

/// Core Spotlight's name for ``UserQuery``.
public typealias CSUserQuery = UserQuery

extension UserQuery {
    /// The responses as an `AsyncSequence`: `for try await response in query.responses`.
    public struct Responses: AsyncSequence, Sendable {
        let query: UserQuery

        public func makeAsyncIterator() -> Iterator { Iterator(query: query) }

        public struct Iterator: AsyncIteratorProtocol {
            let query: UserQuery
            var pending: [Found]?
            /// How many suggestions were handed out: the next one's rank.
            var suggestionRank = 0

            /// The next response; runs on the caller's actor, so items need not be sent to it.
            nonisolated(nonsending) public mutating func next() async throws -> Response? {
                if pending == nil {
                    try Task.checkCancellation()
                    pending = try await query.run().reversed()
                }
                guard let found = pending?.popLast() else { return nil }
                switch found {
                case .record(let record):
                    return .item(Item(item: SearchableItem(record, fetching: query.fetchAttributes)))
                case .suggestion(let text):
                    suggestionRank += 1
                    return .suggestion(Suggestion(suggestion: CSSuggestion(text, rank: suggestionRank - 1)))
                }
            }
        }
    }

    /// A found item or a suggestion.
    public enum Response {
        case item(Item)
        case suggestion(Suggestion)
    }

    /// A found item.
    public struct Item {
        public let item: SearchableItem
    }

    /// A suggested text.
    public struct Suggestion {
        public let suggestion: CSSuggestion
    }
}
