import Foundation
import Synchronization
import SpotlightModel

/// What a ``SearchableQuery`` fetches besides its query string (Core Spotlight's
/// `CSSearchQueryContext`, also its name here).
///
/// ```swift
/// let context = CSSearchQueryContext()
/// context.fetchAttributes = ["title", "contentDescription"]
/// context.filterQueries = [#"domainIdentifier == "calendar.*""#]
/// ```
public final class SearchableQueryContext {
    /// The attributes found items carry in their attribute sets; empty: every attribute.
    public var fetchAttributes: [String] = []
    /// Query strings every found item must match too.
    public var filterQueries: [String] = []
    /// Accepted for source compatibility; not used.
    public var keyboardLanguage: String?

    public init() {}
}

/// Core Spotlight's name for ``SearchableQueryContext``.
public typealias CSSearchQueryContext = SearchableQueryContext

/// A search of the app's own items by a Core Spotlight query string (`CSSearchQuery`, also its
/// name here): `title == "*nova*"cd && startDate > $time.today(-7)` (the grammar is
/// ``ItemPredicateParser``'s). It reads the app's records from spotlightd, page by page, and
/// matches each in the app: its cost grows with the number of records the app donated, about
/// 0.15 s for 10,000 items and seconds for 100,000 in a release build. A string that holds the
/// items to a domain (`domainIdentifier == "a.b"`) reads only that domain's records, found by
/// spotlightd's index (``ItemPredicate/candidateText``), and one that holds them to identifiers
/// (`uniqueIdentifier == "a" || uniqueIdentifier == "b"`) reads those records by key
/// (``ItemPredicate/candidateIdentifiers``). For a search by words that uses the
/// index, see ``UserQuery`` or ``SearchableIndex/query(_:)``.
///
/// ```swift
/// let context = CSSearchQueryContext()
/// context.fetchAttributes = ["title"]
/// let query = CSSearchQuery(queryString: #"title == "*nova*"cd"#, queryContext: context)
/// for try await result in query.results {
///     print(result.item.uniqueIdentifier, result.item.attributeSet.title ?? "")
/// }
/// ```
///
/// Or with handlers, called on another thread: `query.foundItemsHandler = { items in ... }`,
/// `query.completionHandler = { error in ... }`, then `query.start()`.
public final class SearchableQuery: Sendable {
    /// The query string, as given.
    public let queryString: String
    let fetchAttributes: [String]
    let filterQueries: [String]
    let index: SearchableIndex
    private let state = Mutex(State())
    /// Its start, cancellation and completion handler.
    private let lifecycle = QueryRun()

    private struct State {
        var foundItemsHandler: (@Sendable ([SearchableItem]) -> Void)?
        var foundItemCount = 0
        var missingShards: [String]?
    }

    /// - Parameters:
    ///   - queryString: a Core Spotlight query string.
    ///   - queryContext: the attributes to fetch and filter queries; nil: every attribute.
    ///   - index: where the app's items are (default: ``SearchableIndex/default``).
    public init(queryString: String, queryContext: SearchableQueryContext?, index: SearchableIndex = .default) {
        self.queryString = queryString
        self.fetchAttributes = queryContext?.fetchAttributes ?? []
        self.filterQueries = queryContext?.filterQueries ?? []
        self.index = index
    }

    /// Apple's older form: the attributes to fetch (nil: every attribute).
    public convenience init(queryString: String, attributes: [String]?, index: SearchableIndex = .default) {
        let context = SearchableQueryContext()
        context.fetchAttributes = attributes ?? []
        self.init(queryString: queryString, queryContext: context, index: index)
    }

    /// Called with each page's matching items, on a thread of the query's own.
    public var foundItemsHandler: (@Sendable ([SearchableItem]) -> Void)? {
        get { state.withLock { $0.foundItemsHandler } }
        set { state.withLock { $0.foundItemsHandler = newValue } }
    }

    /// Called once when the query ends: nil when every item was found, else the error
    /// (`CancellationError` after ``cancel()``, `SpotlightError` otherwise).
    public var completionHandler: (@Sendable ((any Error)?) -> Void)? {
        get { lifecycle.completionHandler }
        set { lifecycle.completionHandler = newValue }
    }

    /// How many items the handlers were given so far.
    public var foundItemCount: Int { state.withLock { $0.foundItemCount } }

    /// Through a front with shards: the shards that did not answer the last run (``start()``
    /// or an iteration of ``results``), whose items were not found; nil when every shard
    /// answered or there are none (docs/scale-out.md). Read it when the run has ended: Core
    /// Spotlight has no shards, so the completion handler still gets nil.
    ///
    /// ```swift
    /// query.completionHandler = { error in
    ///     if error == nil, query.isPartial { print("shards \(query.missingShards!) did not answer") }
    /// }
    /// ```
    public var missingShards: [String]? { state.withLock { $0.missingShards } }

    /// Whether some shard was left out of the last run (``missingShards``).
    public var isPartial: Bool { !(missingShards ?? []).isEmpty }

    /// A run begins (nil) or a page came from all shards but `missing` (added to the run's).
    func noteMissingShards(_ missing: [String]?, newRun: Bool = false) {
        state.withLock { $0.missingShards = newRun ? missing : MissingShards.merged($0.missingShards, missing) }
    }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { lifecycle.isCancelled }

    /// Starts the search; the handlers are called as items are found. A second call does
    /// nothing; a call after ``cancel()`` finds nothing and gives the completion handler
    /// `CancellationError`. Once the run ends the query lets go of its handlers (they are nil
    /// again), so handlers that capture the query do not keep it alive.
    public func start() {
        lifecycle.start({ run in try await self.run(run) }, ended: { self.state.withLock { $0.foundItemsHandler = nil } })
    }

    /// Stops the search; the completion handler gets `CancellationError` unless it ended already.
    public func cancel() { lifecycle.cancel() }

    /// The items found, one by one, as an `AsyncSequence`; each iteration runs the search anew.
    public var results: Results { Results(query: self) }

    /// Finds the items page by page, handing each page's to ``foundItemsHandler``.
    private func run(_ run: QueryRun) async throws {
        var pages = ItemPages(query: self)
        while let found = try await pages.next() {
            if run.isCancelled { throw CancellationError() }
            let handler = state.withLock { state -> (@Sendable ([SearchableItem]) -> Void)? in
                state.foundItemCount += found.count
                return state.foundItemsHandler
            }
            if !found.isEmpty { handler?(found.map { pages.item(of: $0) }) }
        }
    }
}

/// Core Spotlight's name for ``SearchableQuery``.
public typealias CSSearchQuery = SearchableQuery

extension SearchableQuery {
    /// The found items as an `AsyncSequence` (`for try await result in query.results`).
    public struct Results: AsyncSequence, Sendable {
        /// One found item.
        public struct Item {
            public let item: SearchableItem
        }

        let query: SearchableQuery

        public func makeAsyncIterator() -> Iterator { Iterator(pages: ItemPages(query: query)) }

        public struct Iterator: AsyncIteratorProtocol {
            var pages: ItemPages
            var buffer: [Record] = []

            /// The next item; runs on the caller's actor, so items need not be sent to it.
            nonisolated(nonsending) public mutating func next() async throws -> Item? {
                while buffer.isEmpty {
                    try Task.checkCancellation()
                    if pages.query.isCancelled { throw CancellationError() }
                    guard let page = try await pages.next() else { return nil }
                    buffer = page.reversed()
                }
                return Item(item: pages.item(of: buffer.removeLast()))
            }
        }
    }
}

/// The app's records matching a query, a page of spotlightd's at a time.
struct ItemPages: Sendable {
    /// Records asked of spotlightd per page, at first.
    static let pageSize = 1000
    /// Halved while a page of large records is over the message limit.
    private var pageSize = Self.pageSize

    let query: SearchableQuery
    private var predicate: ItemPredicate?
    /// What spotlightd's index is asked for: every record ``predicate`` can match (nil: all the app's).
    private var candidateText: String?
    /// The identifiers every record ``predicate`` matches has one of, read by key (nil: by ``candidateText``).
    private var candidateIdentifiers: [String]?
    private var bundle: String?
    private var offset = 0
    private var done = false

    init(query: SearchableQuery) { self.query = query }

    /// The next page's matching records (possibly none); nil after the last page.
    mutating func next() async throws -> [Record]? {
        guard !done else { return nil }
        if predicate == nil {
            query.noteMissingShards(nil, newRun: true)
            predicate = .and(try ([query.queryString] + query.filterQueries).map { try ItemPredicateParser.parse($0) })
            candidateText = predicate!.candidateText
            candidateIdentifiers = predicate!.candidateIdentifiers
            bundle = try await query.index.callerBundle(for: "a CSSearchQuery searches the app's own items")
        }
        if let ids = candidateIdentifiers {
            candidateIdentifiers = nil
            if let found = try await query.index.records(identifiedBy: ids, bundle: bundle!) {
                done = true
                query.noteMissingShards(found.missingShards)
                return found.records.filter(predicate!.matches)
            }
        }
        let page: SearchResult
        do {
            page = try await query.index.query(SearchQuery(text: candidateText, bundles: [bundle!], offset: offset, limit: pageSize))
        } catch let error as SpotlightError where error.isAnswerOverLimit && pageSize > 1 {
            pageSize /= 2
            return []
        }
        query.noteMissingShards(page.missingShards)
        offset += page.hits.count
        done = page.hits.count < pageSize
        return page.hits.map(\.record).filter(predicate!.matches)
    }

    /// The item of a found record, with the fetched attributes.
    func item(of record: Record) -> SearchableItem { SearchableItem(record, fetching: query.fetchAttributes) }
}
