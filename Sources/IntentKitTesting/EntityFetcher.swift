import Foundation
import SpotlightModel
import SpotlightProtocol
import SpotlightWire

/// Fetches a referenced entity from the app when a test reads one of its properties
/// (`try moved.value.project.name`, `try reference.title`): property reads are synchronous, so
/// this is a blocking call on a connection of its own, launching the app if it does not run.
final class EntityFetcher: Sendable {
    /// The app's session, or the definitions to get it from (a reference made before any call).
    private enum Source: Sendable {
        case session(AppSession)
        case definitions(IntentDefinitions)
    }
    private let source: Source

    init(session: AppSession) { source = .session(session) }
    init(definitions: IntentDefinitions) { source = .definitions(definitions) }

    private func session() throws -> AppSession {
        switch source {
        case .session(let session): return session
        case .definitions(let definitions): return try definitions.environment.session(for: definitions.bundleIdentifier)
        }
    }

    /// The entity a reference names, as the app's `entities(for:)` returns it now.
    /// - Throws: `notFound` when the app no longer returns it; the app's own error; `unavailable`, `timeout`.
    func entity(_ reference: EntityReference) throws -> EntityRepresentation {
        let session = try session()
        let launcher = session.launcher
        if !launcher.isRunning { try launcher.startBlocking() }
        let params = try JSONValue(encoding: EntitiesForParams(type: reference.type, ids: [reference.id]))
        let result: EntitiesResult
        do {
            result = try BlockingAppCall.call("entitiesFor", params, socketPath: launcher.socketPath,
                                              timeout: session.environment.timeout).decode(EntitiesResult.self)
        } catch let error as SpotlightError {
            if let report = AppErrorReport(carriedBy: error) { throw AppErrorValue.error(for: report) }
            throw SpotlightError(error.code, "reading \(reference.type)(id: \"\(reference.id)\"): \(error.message)",
                                 underlying: error.underlying)
        }
        guard let record = result.entities.first else {
            throw SpotlightError(.notFound, "\(reference.type)(id: \"\(reference.id)\") is referenced, but the app's "
                + "entities(for:) does not return it (was it deleted?)")
        }
        return EntityRepresentation(record, schema: session.knownSchema, fetcher: EntityFetcher(session: session))
    }
}
