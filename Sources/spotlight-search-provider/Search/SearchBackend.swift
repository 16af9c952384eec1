import Foundation
import SpotlightKit
import SpotlightModel
import SpotlightProtocol
import Synchronization

/// A search result as both desktops show it: the record, its app, and whether it can be opened.
struct DesktopResult: Sendable {
    let identifier: ResultIdentifier
    let record: Record
    let score: Double
    let app: AppEntry

    var title: String { record.title.isEmpty ? record.id : record.title }

    /// "CometCal · Deep Space"; "CometCal · not installed" for an app that is gone.
    var description: String {
        var parts = [app.name]
        if !app.isInstalled { parts.append("not installed") }
        if let subtitle = record.subtitle, !subtitle.isEmpty { parts.append(subtitle) }
        return parts.joined(separator: " · ")
    }
}

/// What both D-Bus interfaces answer from: spotlightd's index through SpotlightKit, the app
/// registry for names and icons, and the open path. It never fails a search: when spotlightd
/// is not running or too slow the answer is empty and the log says why (once a minute).
final class SearchBackend: Sendable {
    let index: SearchableIndex
    let catalog: AppCatalog
    let log: SpotlightLog
    let repeated: RepeatedWarning
    let limit: Int
    /// How long an open may take in all: an app may take this long to start and show it.
    let openTimeout: Duration
    /// How long ActivateResult, Run and LaunchSearch wait for an open before they answer: less
    /// than GNOME Shell waits for ActivateResult's answer (GDBus's default, 25 s), so the
    /// shell does not log a timeout for an app that is only slow to start.
    let answerWithin: Duration
    /// Results of recent searches by identifier, for `GetResultMetas` without a round trip.
    private let recent = Mutex<[ResultIdentifier: (record: Record, score: Double)]>([:])
    private static let recentLimit = 2000
    /// How long a search waits for the index to take the latest donations (a donation made
    /// just before is searchable in milliseconds; an import's backlog takes seconds).
    static let maxIndexWait = 0.5
    /// Whether the last search failed (its recovery is logged).
    private let failing = Mutex(false)

    init(index: SearchableIndex, catalog: AppCatalog, repeated: RepeatedWarning, limit: Int, openTimeout: Duration,
         answerWithin: Duration) {
        self.index = index
        self.catalog = catalog
        self.log = repeated.log
        self.repeated = repeated
        self.limit = limit
        self.openTimeout = openTimeout
        self.answerWithin = answerWithin
    }

    /// The best `limit` results for what was typed, best first; empty on any failure.
    func search(_ terms: [String]) async -> [DesktopResult] {
        let text = TypedQuery.text(terms)
        guard !text.isEmpty else { return [] }
        let hits: [SearchHit]
        do {
            // During an import the index catches up for seconds, longer than the desktop waits
            // for an answer: past half a second, what the index has committed answers.
            let answer = try await index.query(SearchQuery(text: text, limit: limit, maxIndexWait: Self.maxIndexWait))
            hits = answer.hits
            // A front whose shards did not all answer: the desktop shows what came, and the log
            // says results may be missing (neither desktop's search API can mark an answer partial).
            if let missing = answer.missingShards, !missing.isEmpty {
                repeated.warning("spotlightd at \(index.socketPath) searched without its shards "
                    + missing.joined(separator: ", ") + " (they did not answer), so results from them are missing; "
                    + "`spotlightctl status` shows the shards")
            }
        } catch {
            report(error, searching: text)
            return []
        }
        let recovered = failing.withLock { state in
            defer { state = false }
            return state
        }
        if recovered {
            repeated.reset()
            log.info("spotlightd answers again at \(index.socketPath)")
        }
        recent.withLock { table in
            if table.count + hits.count > Self.recentLimit { table.removeAll(keepingCapacity: true) }
            for hit in hits { table[ResultIdentifier(hit.record.key)] = (hit.record, hit.score) }
        }
        var results: [DesktopResult] = []
        for hit in hits {
            results.append(DesktopResult(identifier: ResultIdentifier(hit.record.key), record: hit.record, score: hit.score,
                                         app: await catalog.app(for: hit.record.bundle)))
        }
        log.debug("\"\(text)\": \(results.count) results")
        return results
    }

    /// What ``results(for:)`` found for one identifier.
    enum Lookup: Sendable {
        case found(DesktopResult)
        /// Not a result of this provider (not `BUNDLE/TYPE/ID`).
        case notAResult(String)
        /// A record key the index does not hold (deleted since it was a result), or, with
        /// `lookupFailed`, one spotlightd could not be asked about (down, too slow).
        case missing(ResultIdentifier, app: AppEntry, lookupFailed: Bool)
    }

    /// One ``Lookup`` per identifier, in their order (GNOME Shell drops all of a provider's
    /// results when GetResultMetas answers fewer metas than it asked for).
    func results(for identifiers: [String]) async -> [Lookup] {
        let parsed = identifiers.map { ($0, ResultIdentifier(string: $0)) }
        var known = recent.withLock { table in parsed.compactMap { $0.1 }.compactMap { id in table[id].map { (id, $0) } } }
            .reduce(into: [ResultIdentifier: (record: Record, score: Double)]()) { $0[$1.0] = $1.1 }
        let missing = parsed.compactMap(\.1).filter { known[$0] == nil }
        var lookupFailed = false
        if !missing.isEmpty {
            do {
                for record in try await index.records(for: missing.map(\.key)) {
                    known[ResultIdentifier(record.key)] = (record, 0)
                }
            } catch {
                lookupFailed = true
                report(error, searching: nil)
            }
        }
        var results: [Lookup] = []
        for (string, id) in parsed {
            guard let id else {
                results.append(.notAResult(string))
                continue
            }
            let app = await catalog.app(for: id.key.bundle)
            guard let (record, score) = known[id] else {
                results.append(.missing(id, app: app, lookupFailed: lookupFailed))
                continue
            }
            results.append(.found(DesktopResult(identifier: id, record: record, score: score, app: app)))
        }
        return results
    }

    /// Forgets recent results (KRunner's Teardown: the match session is over).
    func forgetRecent() { recent.withLock { $0.removeAll() } }

    private func report(_ error: any Error, searching text: String?) {
        failing.withLock { $0 = true }
        guard let error = error as? SpotlightError else {
            repeated.warning("search failed: \(error)")
            return
        }
        switch error.code {
        case .unavailable:
            repeated.warning("spotlightd is not answering at \(index.socketPath), so searches answer nothing until it runs; "
                + SpotlightPaths.startHint(socket: index.socketPath))
        case .busy:
            repeated.warning("spotlightd at \(index.socketPath) is busy (at its connection limit), so this search answered nothing")
        case .timeout:
            repeated.warning("spotlightd at \(index.socketPath) did not answer in time, so this search answered nothing")
        case .invalidInput:
            log.debug("\(text.map { "\"\($0)\"" } ?? "a lookup") is not a query spotlightd accepts: \(error.message)")
        default:
            repeated.warning("search\(text.map { " for \"\($0)\"" } ?? "") failed: \(error)")
        }
    }
}
