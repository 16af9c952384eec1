import Foundation
import Synchronization
import SpotlightModel
import SpotlightProtocol

/// The index as an app sees it (the `CSSearchableIndex` of this world): donate, delete and
/// query records through spotlightd.
///
/// The daemon decides which bundle a caller may write from the caller's process (see
/// docs/protocol.md); records donated with an empty `bundle` get the caller's own.
///
/// ```swift
/// let index = SearchableIndex.default            // SPOTLIGHT_SOCKET or the default socket
/// try await index.indexRecords([Record(bundle: "", type: "Note", id: "1", title: "Groceries")])
/// let hits = try await index.query(SearchQuery(text: "grocer")).hits
/// ```
public final class SearchableIndex: Sendable {
    /// The index at `SPOTLIGHT_SOCKET`, else the default socket path.
    public static let `default` = SearchableIndex()

    /// Records per `donate` call; larger donations are split, and so are calls whose records
    /// would pass half a message (``DonationLimits/batchBytes``).
    public static let batchSize = 2000

    /// Where spotlightd is asked (its client's socket).
    public var socketPath: String { daemon.socketPath }
    /// A name for this index, as Core Spotlight's `CSSearchableIndex(name:)`; it names its batches
    /// in spotlightd's log.
    public let name: String?
    /// Every call goes through it: typed methods, retried within the reconnect window.
    let daemon: DaemonClient
    /// The batch between ``beginIndexBatch()`` and its end (see SearchableIndex+Batches.swift).
    let openBatch = Mutex<IndexBatch?>(nil)
    /// The operation of the last call made with a completion handler; the next one waits for
    /// it (SearchableIndex+Items.swift, `inCallOrder`).
    let handlerCalls = Mutex<Task<Void, Never>?>(nil)
    /// ``indexDelegate``, held weakly (SearchableIndexDelegate.swift).
    let delegateReference = IndexDelegateReference()

    /// - Parameters:
    ///   - name: a name for the index (its batches are named after it in the daemon's log).
    ///   - socketPath: spotlightd's socket; nil: `SPOTLIGHT_SOCKET`, else the default.
    ///   - reconnectWindow: how long to retry while the daemon restarts.
    ///   - callTimeout: how long a call waits for its answer (a search box wants this short).
    public init(name: String? = nil, socketPath: String? = nil, reconnectWindow: Duration = .seconds(5),
                callTimeout: Duration = .seconds(30)) {
        self.name = name
        self.daemon = DaemonClient(socketPath: socketPath, reconnectWindow: reconnectWindow, callTimeout: callTimeout)
    }

    /// Donates records (re-donation replaces). Returns when they are durable in the store, or,
    /// between ``beginIndexBatch()`` and its end, when they are staged in the batch.
    ///
    /// More than ``batchSize`` records go in several calls. With a `clientState` those calls
    /// form one daemon batch, so the whole donation is stored only if the state matches and
    /// nothing of it otherwise; without one, each call is stored as it arrives.
    /// - Parameter clientState: an optional compare-and-swap of the bundle's client state,
    ///   applied with the donation, all or nothing. Not inside a batch: give it to the batch's end.
    /// - Throws: `SpotlightError`: `.invalidInput`, before anything is sent, for a value a record's
    ///   JSON cannot carry (``Record/validateValues()``: a number not finite, a date outside the
    ///   years 0001-9999), `.invalidInput` for records of more than one bundle (a tool granted
    ///   several donates each bundle's in calls of their own), `.permissionDenied` for another bundle's records,
    ///   `.conflict` when the expected client state does not match, `.unavailable` when the
    ///   daemon is not running (the message says where it looked and how to start it).
    @discardableResult
    public func indexRecords(_ records: [Record], clientState: ClientStateSwap? = nil) async throws -> WriteResult {
        // What the JSON cannot carry fails here, naming the record, not as spotlightd's parse error.
        for record in records { try record.validateValues() }
        let records = try await withOwnBundle(records)
        let chunks = DonationLimits.batches(records, count: Self.batchSize).map(Array.init)
        let named = Set(records.map(\.bundle).filter { !$0.isEmpty })
        if let batch = try await batchName(for: .donate, bundle: named.count == 1 ? named.first : nil, clientState: clientState) {
            return try await inBatch {
                var total = 0
                for chunk in chunks where !chunk.isEmpty {
                    let staged: WriteResult = try await daemon.call(.donate, DonateParams(records: chunk, batch: batch))
                    total += staged.count
                }
                return WriteResult(sequence: 0, count: total, batch: batch)
            }
        }
        if chunks.count > 1, let clientState {
            // All or nothing: staged in a batch of its own, committed with the state check.
            beginIndexBatch()
            do {
                try await indexRecords(records)
            } catch {
                await abandonIndexBatch()
                throw error
            }
            return try await endIndexBatch(swap: clientState)
        }
        var last = WriteResult(sequence: 0, count: 0)
        var total = 0
        for chunk in chunks {
            last = try await daemon.call(.donate, DonateParams(records: chunk, clientState: clientState))
            total += last.count
        }
        return WriteResult(sequence: last.sequence, count: total)
    }

    /// Deletes records of one type by identifier; any number of them, in calls of at most
    /// ``batchSize`` ids and half a message, each stored as it arrives.
    @discardableResult
    public func deleteRecords(identifiedBy ids: [String], ofType type: String, bundle: String? = nil) async throws -> Int {
        try await delete(DeleteParams(bundle: bundle, type: type, ids: ids))
    }

    /// Deletes every record in a domain and its sub-domains (`a.b` also removes `a.b.c`).
    @discardableResult
    public func deleteRecords(inDomain domain: String, bundle: String? = nil) async throws -> Int {
        try await delete(DeleteParams(bundle: bundle, domain: domain))
    }

    /// Deletes every record of one entity type.
    @discardableResult
    public func deleteRecords(ofType type: String, bundle: String? = nil) async throws -> Int {
        try await delete(DeleteParams(bundle: bundle, type: type))
    }

    /// Deletes every record of the bundle (default: the caller's).
    @discardableResult
    public func deleteAllRecords(bundle: String? = nil) async throws -> Int {
        try await delete(DeleteParams(bundle: bundle, all: true))
    }

    /// Deletes records of one type by identifier only when the bundle's client state matches,
    /// swapping it in the same transaction (as `indexRecords(_:clientState:)` does for donations):
    /// ids that take several calls are staged in a batch of their own, all or nothing.
    ///
    /// ```swift
    /// try await index.deleteRecords(identifiedBy: ["n1"], ofType: "Note",
    ///                               clientState: ClientStateSwap(expected: .some(v1), new: v2))
    /// ```
    /// - Throws: `.conflict` when the state does not match; nothing is deleted then.
    @discardableResult
    public func deleteRecords(identifiedBy ids: [String], ofType type: String, bundle: String? = nil,
                              clientState: ClientStateSwap) async throws -> Int {
        try await delete(DeleteParams(bundle: bundle, type: type, ids: ids, clientState: clientState))
    }

    /// Runs a query; sees every donation acknowledged before it. Sorting, facets, snippets,
    /// spelling, completions and explanations are asked for in the query (docs/query.md).
    ///
    /// ```swift
    /// var q = SearchQuery(text: "startDate:2026-06.. party", facets: ["type"], spelling: .retry)
    /// q.sort = SearchSort(by: "startDate")
    /// q.snippets = SnippetOptions(start: "<mark>", end: "</mark>", html: true)
    /// let result = try await index.query(q)   // result.facets?["type"], result.hits[0].snippet
    /// ```
    public func query(_ query: SearchQuery) async throws -> SearchResult {
        try await daemon.query(query)
    }

    /// Sets the app's synonym table: a query word then also finds the app's records holding
    /// one of its synonyms (only the app's own records; docs/query.md). Merges by default (an
    /// empty list removes a term); `replace` makes `synonyms` the whole table.
    ///
    /// ```swift
    /// try await index.setSynonyms(["tv": ["television"], "nyc": ["new york"]])
    /// try await index.query(SearchQuery(text: "tv"))   // finds records saying "television"
    /// ```
    /// - Parameter bundle: default: the caller's own.
    /// - Returns: how many terms the table holds now.
    /// - Throws: `SpotlightError`: `.invalidInput` for a term that is not one word, more than 32
    ///   synonyms per term or 10 000 terms; `.permissionDenied` for another app's bundle.
    @discardableResult
    public func setSynonyms(_ synonyms: [String: [String]], replace: Bool = false, bundle: String? = nil) async throws -> Int {
        let result: SetSynonymsResult = try await daemon.call(
            .setSynonyms, SetSynonymsParams(bundle: bundle, synonyms: synonyms, replace: replace))
        return result.terms
    }

    /// The app's synonym table (default: the caller's bundle), folded as the daemon keeps it.
    ///
    /// ```swift
    /// try await index.synonyms()   // ["tv": ["television"]]
    /// ```
    public func synonyms(bundle: String? = nil) async throws -> [String: [String]] {
        let result: SynonymsResult = try await daemon.call(.synonyms, SynonymsParams(bundle: bundle))
        return result.synonyms
    }

    /// Records by key. Keys with no record, expired records and records whose stored form no
    /// longer decodes are left out (`status` reports those as `degraded`; donate them again),
    /// and so, through a front with shards, are the records of a shard that did not answer:
    /// ``get(_:)`` says which keys were damaged and which shards were missing.
    ///
    /// ```swift
    /// let found = try await index.records(for: [RecordKey(bundle: "com.example.app", type: "Note", id: "n1")])
    /// ```
    public func records(for keys: [RecordKey]) async throws -> [Record] {
        try await get(keys).records
    }

    /// Records by key, with what was left out and why: the keys whose stored record no longer
    /// decodes (`damaged`) and, through a front with shards, the shards that did not answer
    /// (`missingShards`, docs/scale-out.md), so a key not found there is not taken for deleted.
    ///
    /// ```swift
    /// let found = try await index.get([RecordKey(bundle: "com.example.app", type: "Note", id: "n1")])
    /// if found.isPartial { print("shards \(found.missingShards!) did not answer; try again later") }
    /// ```
    ///
    /// Any number of keys and records: the keys go in as many requests as their text and the
    /// answers' size need (SearchableIndex+Get.swift).
    public func get(_ keys: [RecordKey]) async throws -> GetResult {
        try await getInPieces(keys)
    }

    /// The client state last stored for a bundle (default: the caller's).
    public func clientState(bundle: String? = nil) async throws -> Data? {
        let result: ClientStateResult = try await daemon.call(.clientState, ClientStateParams(bundle: bundle))
        return result.clientState
    }

    /// Who the daemon thinks this process is.
    public func hello(client: String? = nil) async throws -> HelloResult {
        try await daemon.hello(client: client)
    }

    /// The daemon's and the index's status.
    public func status() async throws -> DaemonStatus {
        try await daemon.status()
    }

    /// Rebuilds the index from the record store; returns when the new index is in place.
    public func rebuild() async throws -> RebuildResult {
        try await daemon.call(.rebuild, RebuildParams(), timeout: .seconds(3600))
    }

    /// Closes the connection; the next call reconnects.
    public func close() { daemon.close() }
}
