import Foundation
import Synchronization

/// What ``UserQuery/start()`` calls and how far it got.
final class UserQueryHandlers: Sendable {
    let items = HandlerSlot<([SearchableItem]) -> Void>()
    let suggestions = HandlerSlot<([CSSuggestion]) -> Void>()
    /// How many items and suggestions the handlers were given.
    let counts = Mutex((items: 0, suggestions: 0))
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
    public var foundItemsHandler: (([SearchableItem]) -> Void)? {
        get { handlers.items.value }
        set { handlers.items.value = newValue }
    }

    /// Called once with the suggestions, after the items (not called when there is none).
    public var foundSuggestionsHandler: (([CSSuggestion]) -> Void)? {
        get { handlers.suggestions.value }
        set { handlers.suggestions.value = newValue }
    }

    /// Called once when the query ends: nil, or the error (`CancellationError` after ``cancel()``,
    /// `SpotlightError` otherwise).
    public var completionHandler: (((any Error)?) -> Void)? {
        get { lifecycle.completionHandler }
        set { lifecycle.completionHandler = newValue }
    }

    /// How many items the handlers were given.
    public var foundItemCount: Int { handlers.counts.withLock { $0.items } }
    /// How many suggestions the handlers were given.
    public var foundSuggestionCount: Int { handlers.counts.withLock { $0.suggestions } }
    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { lifecycle.isCancelled }

    /// Starts the search; the handlers are called as it ends. A second call does nothing; a call
    /// after ``cancel()`` finds nothing and gives the completion handler `CancellationError`.
    public func start() { lifecycle.start { run in try await self.runWithHandlers(run) } }

    /// Stops the search; the completion handler gets `CancellationError` unless it ended already.
    public func cancel() { lifecycle.cancel() }

    private func runWithHandlers(_ run: QueryRun) async throws {
        let found = try await self.run()
        if run.isCancelled { throw CancellationError() }
        let records = found.compactMap { if case .record(let record) = $0 { record } else { nil } }
        let suggestions = found.compactMap { if case .suggestion(let text) = $0 { CSSuggestion(text) } else { nil } }
        handlers.counts.withLock { $0 = ($0.items + records.count, $0.suggestions + suggestions.count) }
        if !records.isEmpty { handlers.items.value?(records.map { SearchableItem($0, fetching: fetchAttributes) }) }
        if !suggestions.isEmpty { handlers.suggestions.value?(suggestions) }
    }
}
