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
            let schema = session.knownSchema ?? (try? BlockingAppCall.call(
                "describe", JSONValue(encoding: DescribeParams(includeHidden: true)), socketPath: launcher.socketPath,
                timeout: session.environment.timeout).decode(AppSchema.self))
            let idType = schema?.entities.first { $0.name == reference.type }?.idType
            if let idType, !Self.identifier(reference.id, isOf: idType) {
                // An identifier not of the id's form never reaches entities(for:): "deleted" would mislead.
                throw SpotlightError(.notFound, "\(reference.type)(id: \"\(reference.id)\") is referenced, but "
                    + "\(reference.type)'s id is of type \(idType), and \"\(reference.id)\" is not one")
            }
            throw SpotlightError(.notFound, "\(reference.type)(id: \"\(reference.id)\") is referenced, but the app's "
                + "entities(for:) does not return it (was it deleted?)")
        }
        return EntityRepresentation(record, schema: session.knownSchema, fetcher: EntityFetcher(session: session))
    }

    /// Whether `text` is an identifier of the Swift type `idType` as the app reads it (`Int(text)`,
    /// `UUID(uuidString: text)`); any text is a `String`, and an unknown type's.
    static func identifier(_ text: String, isOf idType: String) -> Bool {
        switch idType {
        case "Int": return Int(text) != nil
        case "UUID": return UUID(uuidString: text) != nil
        default: return true
        }
    }
}
