import Foundation
import SpotlightKit
import SpotlightModel
import SpotlightProtocol
import SpotlightSupervision
import Synchronization

/// One app under test in a ``TestEnvironment``: its launcher, its schema (fetched once), and
/// calls to it and to the environment's spotlightd with errors a tester can act on.
package final class AppSession: Sendable {
    package let bundle: String
    package let launcher: AppLauncher
    let environment: TestEnvironment
    private let cachedSchema = Mutex<AppSchema?>(nil)

    init(bundle: String, launcher: AppLauncher, environment: TestEnvironment) {
        self.bundle = bundle
        self.launcher = launcher
        self.environment = environment
    }

    /// Fetches referenced entities for synchronous property reads.
    var fetcher: EntityFetcher { EntityFetcher(session: self) }

    /// The schema, if it was fetched already.
    var knownSchema: AppSchema? { cachedSchema.withLock { $0 } }

    /// The app's schema, test-only intents included; launches the app the first time. Fetched
    /// once: what the harness needs of it (intents, parameters, property names) never changes.
    func schema() async throws -> AppSchema {
        if let known = knownSchema { return known }
        return try await freshSchema()
    }

    /// The app's schema as it describes itself now: property titles and the property query come
    /// from an entity the app has, so they fill in once it has one.
    func freshSchema() async throws -> AppSchema {
        let schema: AppSchema = try await call("describe", DescribeParams(includeHidden: true), doing: "describing the app")
        cachedSchema.withLock { $0 = schema }
        return schema
    }

    /// The schema of one entity type. - Throws: `notFound` listing the types that exist.
    func entitySchema(_ name: String) async throws -> EntitySchema {
        let schema = try await schema()
        guard let entity = schema.entities.first(where: { $0.name == name }) else {
            throw SpotlightError(.notFound, "\(bundle) has no entity type \"\(name)\"; entity types: "
                + Self.list(schema.entities.map(\.name)))
        }
        return entity
    }

    /// Calls the app service. - Parameter doing: what the caller was doing, for error messages.
    /// - Throws: `CancellationError` at once when the calling task is cancelled (``untilCancelled(_:)``).
    func call<Params: Encodable & Sendable, Result: Decodable & Sendable>(
        _ method: String, _ params: Params, doing: String
    ) async throws -> Result {
        let launcher = launcher
        do {
            return try await untilCancelled(passingCancellationOn: true) {
                try await launcher.call(method, params, as: Result.self)
            }
        } catch let error as SpotlightError {
            // The app's own error: its value when this process can have it, else an AppIntentError.
            if let report = AppErrorReport(carriedBy: error) { throw AppErrorValue.error(for: report) }
            throw explain(error, doing: doing, who: bundle)
        }
    }

    /// Searches the environment's spotlightd. - Throws: `CancellationError` at once when the calling task is cancelled.
    func query(_ query: SearchQuery, doing: String) async throws -> SearchResult {
        guard let daemon = environment.daemon, let client = environment.daemonClient else {
            throw SpotlightError(.internal, "the test environment has no spotlightd although \(bundle) has a session")
        }
        do {
            return try await untilCancelled { try await client.query(query) }
        } catch let error as SpotlightError {
            let method = DaemonProtocol.Method.query.rawValue
            throw explain(await daemon.explainingExit(error, during: method), doing: doing, who: "the test's spotlightd")
        }
    }

    /// The first `query.limit` hits of `query`, in pages: one call while the answer fits in a
    /// message, else pages halved until each fits (records of a few KiB each make 10,000 hits
    /// more than a message holds).
    func queryHits(_ query: SearchQuery, doing: String) async throws -> [SearchHit] {
        var hits: [SearchHit] = []
        var pageSize = query.limit
        while hits.count < query.limit {
            var page = query
            page.offset = query.offset + hits.count
            page.limit = min(pageSize, query.limit - hits.count)
            let result: SearchResult
            do {
                result = try await self.query(page, doing: doing)
            } catch let error as SpotlightError where error.isAnswerOverLimit && pageSize > 1 {
                pageSize /= 2
                continue
            }
            hits += result.hits
            if result.hits.count < page.limit { break }
        }
        return hits
    }

    /// Adds what the tester was doing, and for a timeout how to wait longer.
    func explain(_ error: SpotlightError, doing: String, who: String) -> SpotlightError {
        switch error.code {
        case .timeout:
            let seconds = Double(environment.timeout.components.seconds)
                + Double(environment.timeout.components.attoseconds) / 1e18
            return SpotlightError(.timeout, "\(doing): \(who) did not answer within \(seconds.formatted()) s; "
                + "set INTENTKIT_TEST_TIMEOUT (seconds) to wait longer", underlying: error.message)
        case .unavailable:
            return SpotlightError(.unavailable, "\(doing): \(error.message)", underlying: error.underlying)
        default:
            return error
        }
    }

    static func list(_ names: [String]) -> String {
        names.isEmpty ? "(none)" : names.sorted().joined(separator: ", ")
    }
}
