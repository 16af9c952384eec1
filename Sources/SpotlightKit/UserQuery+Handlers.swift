import Foundation
import Synchronization

/// What ``UserQuery/start()`` calls and how far it got.
struct UserQueryHandlers {
    var foundItemsHandler: (@Sendable ([SearchableItem]) -> Void)?
    var foundSuggestionsHandler: (@Sendable ([CSSuggestion]) -> Void)?
    var foundItemCount = 0
    var foundSuggestionCount = 0
    /// The shards of a front that did not answer the last run.
    var missingShards: [String]?
}

/// Core Spotlight's `CSUserQuery` is a `CSSearchQuery`: besides ``UserQuery/responses`` it runs
/// with handlers, called on a thread of the query's own.
///
/// ```swift
/// let query = CSUserQuery(userQueryString: "supern", userQueryContext: context)
/// query.foundItemsHandler = { items in print(items.map(\.uniqueIdentifier)) }
/// query.foundSuggestionsHandler = { suggestions in print(suggestions.count) }
/// query.completionHandler = { error in if let error { print("search failed: \(error)") } }
/// query.start()
/// ```
extension UserQuery {
    /// Called once with the items found, best first (not called when none is found).
    public var foundItemsHandler: (@Sendable ([SearchableItem]) -> Void)? {
        get { handlers.withLock { $0.foundItemsHandler } }
        set { handlers.withLock { $0.foundItemsHandler = newValue } }
    }

    /// Called once with the suggestions, after the items (not called when there is none).
    public var foundSuggestionsHandler: (@Sendable ([CSSuggestion]) -> Void)? {
        get { handlers.withLock { $0.foundSuggestionsHandler } }
        set { handlers.withLock { $0.foundSuggestionsHandler = newValue } }
    }

    /// Called once when the query ends: nil, or the error (`CancellationError` after ``cancel()``,
    /// `SpotlightError` otherwise).
    public var completionHandler: (@Sendable ((any Error)?) -> Void)? {
        get { lifecycle.completionHandler }
        set { lifecycle.completionHandler = newValue }
    }

    /// How many items the handlers were given.
    public var foundItemCount: Int { handlers.withLock { $0.foundItemCount } }
    /// How many suggestions the handlers were given.
    public var foundSuggestionCount: Int { handlers.withLock { $0.foundSuggestionCount } }
    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { lifecycle.isCancelled }

    /// Through a front with shards: the shards that did not answer the last run (``start()``
    /// or an iteration of ``responses``), whose items and suggestions are left out; nil when
    /// every shard answered or there are none (docs/scale-out.md). Read it when the run has
    /// ended: Core Spotlight has no shards, so the completion handler still gets nil.
    ///
    /// ```swift
    /// for try await response in query.responses { show(response) }
    /// if query.isPartial { print("shards \(query.missingShards!) did not answer") }
    /// ```
    public var missingShards: [String]? { handlers.withLock { $0.missingShards } }

    /// Whether some shard was left out of the last run (``missingShards``).
    public var isPartial: Bool { !(missingShards ?? []).isEmpty }

    /// Starts the search; the handlers are called as it ends. A second call does nothing; a call
    /// after ``cancel()`` finds nothing and gives the completion handler `CancellationError`.
    /// Once the run ends the query lets go of its handlers (they are nil again), so handlers that
    /// capture the query do not keep it alive.
    public func start() {
        lifecycle.start({ run in try await self.runWithHandlers(run) }, ended: {
            self.handlers.withLock { state in
                state.foundItemsHandler = nil
                state.foundSuggestionsHandler = nil
            }
        })
    }

    /// Stops the search; the completion handler gets `CancellationError` unless it ended already.
    public func cancel() { lifecycle.cancel() }

    private func runWithHandlers(_ run: QueryRun) async throws {
        let found = try await self.run()
        if run.isCancelled { throw CancellationError() }
        let records = found.compactMap { if case .record(let record) = $0 { record } else { nil } }
        let suggestions = found.compactMap { if case .suggestion(let text) = $0 { text } else { nil } }
            .enumerated().map { CSSuggestion($0.element, rank: $0.offset) }
        let (itemsHandler, suggestionsHandler) = handlers.withLock { state in
            state.foundItemCount += records.count
            state.foundSuggestionCount += suggestions.count
            return (state.foundItemsHandler, state.foundSuggestionsHandler)
        }
        if !records.isEmpty { itemsHandler?(records.map { SearchableItem($0, fetching: fetchAttributes) }) }
        if !suggestions.isEmpty { suggestionsHandler?(suggestions) }
    }
}

/// Apple's engagement feedback, which tunes its ranking to what people pick. Accepted and not
/// used: spotlightd ranks by the words.
///
/// ```swift
/// query.userEngaged(picked, visibleItems: shown, interaction: .select)
/// ```
extension UserQuery {
    /// How someone engaged with a result.
    public enum UserInteractionKind: Int, Sendable {
        case `default` = 0, select = 1, focus = 2
    }

    /// Someone engaged with a found item; not used.
    public func userEngaged(_ item: SearchableItem, visibleItems: [SearchableItem], interaction: UserInteractionKind) {}

    /// Someone engaged with a suggestion; not used.
    public func userEngaged(_ suggestion: CSSuggestion, visibleSuggestions: [CSSuggestion], interaction: UserInteractionKind) {}

    /// Apple's preparation for queries of these protection classes; nothing to do here.
    public static func prepareProtectionClasses(_ protectionClasses: [FileProtectionType]) {}
}
