import Foundation
import SpotlightKit
import SpotlightModel
import SpotlightProtocol

/// Opening a result in its app: spotlightd's `open`, answered to the desktop in time.
extension SearchBackend {
    enum OpenOutcome: Sendable {
        case opened(OpenResult)
        /// The app is not installed: shown, but nothing opens it. Not an error.
        case notOpenable(AppEntry)
        /// The app did not show the record within ``answerWithin`` (it is starting): the open
        /// goes on, and the log says how it ends. Not an error.
        case stillOpening(AppEntry)
        /// The app answered that it cannot show the record (`notFound`): it has no OpenIntent
        /// for the record's type, or the entity was deleted. spotlightd started it for the
        /// open, so it is up on its own screen, as an app whose result it cannot show opens
        /// in Spotlight. Not an error; the message says why.
        case cannotShow(String)
        case failed(String)
    }

    /// Opens a result in its app through spotlightd's `open`, answering within ``answerWithin``.
    /// - Parameter limit: a shorter time to answer within (what is left of LaunchSearch's).
    func open(_ identifier: String, within limit: Duration? = nil) async -> OpenOutcome {
        let limit = limit ?? answerWithin
        guard let id = ResultIdentifier(string: identifier) else {
            let message = "\"\(identifier)\" is not a result of this provider (results are BUNDLE/TYPE/ID)"
            log.warning("not opening: \(message)")
            return .failed(message)
        }
        let app = await catalog.app(for: id.key.bundle)
        guard app.isInstalled else {
            log.info("not opening \(id.key): \(app.bundle) is no longer installed; its results are shown without an open action")
            return .notOpenable(app)
        }
        let picked = ContinuousClock.now
        let opening = Task { await self.openInApp(id, app, picked: picked) }
        if let outcome = await value(of: opening, within: limit) { return outcome }
        log.info("\(app.name) has not shown \(id.key) after \(Self.seconds(limit)), still starting or busy; answered the "
            + "desktop, which gives up after 25 s, and the open goes on (up to \(Self.seconds(openTimeout)))")
        return .stillOpening(app)
    }

    /// spotlightd's `open`, logged; a log line after ``answerWithin`` says how late it is.
    private func openInApp(_ id: ResultIdentifier, _ app: AppEntry, picked: ContinuousClock.Instant) async -> OpenOutcome {
        let late = {
            let taken = ContinuousClock.now - picked
            return taken > self.answerWithin ? " \(Self.seconds(taken)) after it was picked" : ""
        }
        do {
            let result = try await index.open(id.key, timeout: openTimeout)
            log.info("opened \(id.key) in \(app.name) with \(result.intent)" + (result.launched ? " (launched it)" : "") + late())
            return .opened(result)
        } catch {
            let reason = (error as? SpotlightError)?.description ?? "\(error)"
            guard (error as? SpotlightError)?.code == .notFound else {
                let message = "cannot open \(id.key) in \(app.name)\(late()): \(reason)"
                log.warning(message)
                return .failed(message)
            }
            // spotlightd's own notFound: the manifest went away since the app was looked up.
            let now = await catalog.app(for: id.key.bundle, fresh: true)
            guard now.isInstalled else {
                log.info("not opening \(id.key): \(app.bundle) is no longer installed (\(reason))")
                return .notOpenable(now)
            }
            let message = "\(app.name) cannot show \(id.key)\(late()): \(reason); it is open on its own screen instead"
            log.warning(message)
            return .cannotShow(message)
        }
    }

    /// "20.0 s"
    private static func seconds(_ duration: Duration) -> String {
        let (whole, fraction) = duration.components
        return String(format: "%.1f s", Double(whole) + Double(fraction) / 1e18)
    }

    /// Opens the best result of a search that its app can show, as Enter on the first result
    /// would if every result opened: results of apps that are gone are skipped, and so are
    /// those the app cannot show (``OpenOutcome/cannotShow(_:)``, answered at once by a running
    /// app). Any other outcome ends the attempt, and so does ``answerWithin`` in all. When no result can be shown, the first refusal
    /// (its app is up on its own screen); nil when no result has an installed app.
    func openBest(_ terms: [String]) async -> OpenOutcome? {
        // One answer within answerWithin for the whole search, as for one result.
        let deadline = ContinuousClock.now + answerWithin
        var firstRefusal: OpenOutcome?
        for result in await search(terms) where result.app.isInstalled {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { break }
            let outcome = await open(result.identifier.string, within: left)
            guard case .cannotShow = outcome else { return outcome }
            firstRefusal = firstRefusal ?? outcome
        }
        return firstRefusal
    }
}
