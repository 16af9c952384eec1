import Foundation
import SpotlightModel
import SpotlightProtocol

/// One entity type of the app: its queries, what Spotlight has indexed of it, and the
/// entities of this type the app's screen shows.
///
/// ```swift
/// let eventEntity = definitions.entities["EventEntity"]
/// let found = try await eventEntity.entities(matching: "Cosmic Ray")
/// let indexed = try await eventEntity.spotlightQuery("Supernova Viewing Party")
/// ```
public struct EntityDefinition: Sendable {
    /// The entity's type name.
    public let name: String
    let definitions: IntentDefinitions

    /// The bundle identifier of the app that has the entity (Apple's `AppEntityDefinition.bundleIdentifier`).
    public var bundleIdentifier: String { definitions.bundleIdentifier }

    /// The entity's `EntityStringQuery.entities(matching:)`, run in the app.
    public func entities(matching string: String) async throws -> [EntityRepresentation] {
        try await entities("entitiesMatching", EntitiesMatchingParams(type: name, string: string),
                           doing: "\(name).entities(matching: \"\(string)\")")
    }

    /// The entity's `EntityQuery.entities(for:)`, run in the app.
    /// - Parameter identifiers: identifiers (`String`, `Int`, `UUID`), references from
    ///   ``makeReference(identifier:)``, or entities an earlier call returned.
    /// - Throws: `invalidInput` for a reference to an entity of another type.
    public func entities(identifiers: [any EntityIdentifying]) async throws -> [EntityRepresentation] {
        let ids: [String]
        do {
            ids = try identifiers.map { try $0.entityIdentifier(ofType: name) }
        } catch let rejection as ArgumentRejection {
            throw SpotlightError(.invalidInput, "\(name).entities(identifiers:): \(rejection.reason)")
        }
        return try await entities("entitiesFor", EntitiesForParams(type: name, ids: ids),
                                  doing: "\(name).entities(identifiers: \(ids))")
    }

    /// The entity's `suggestedEntities()`, run in the app.
    public func suggestedEntities() async throws -> [EntityRepresentation] {
        try await entities("suggestedEntities", EntityTypeParams(type: name), doing: "\(name).suggestedEntities()")
    }

    /// The entity's `EnumerableEntityQuery.allEntities()`, run in the app.
    public func allEntities() async throws -> [EntityRepresentation] {
        try await entities("allEntities", EntityTypeParams(type: name), doing: "\(name).allEntities()")
    }

    /// A reference to the entity with this identifier, to pass to an intent parameter of this
    /// type (the app resolves it with `entities(for:)` when the intent runs).
    ///
    /// The identifier may be a `String`, an `Int` or `UUID`, or a value read from an earlier
    /// result (`let id = try created.value.id`).
    public func makeReference(identifier: some EntityIdentifying) -> EntityRepresentation {
        let id = (try? identifier.entityIdentifier(ofType: name)) ?? String(describing: identifier)
        return EntityRepresentation(reference: EntityReference(type: name, id: id),
                                    fetcher: EntityFetcher(definitions: definitions))
    }

    /// Checks that an entity is of this type (Apple's `isInstance(_:)`).
    /// - Throws: `invalidInput` saying which type it is.
    public func isInstance(_ entity: EntityRepresentation) throws {
        guard entity.record.type == name else {
            throw SpotlightError(.invalidInput, "\(entity.debugDescription) is a \(entity.record.type), not a \(name)")
        }
    }

    /// What this test's spotlightd has indexed of this entity type from this app.
    ///
    /// - Parameter text: Spotlight query text (every word must match, the last as a
    ///   prefix); `nil` lists everything the app indexed for this type.
    /// - Returns: the donated records, best match first (at most 10 000; asked for in pages
    ///   when they are more than one message holds).
    /// - Throws: `SpotlightError` if the app cannot be found or spotlightd cannot be started.
    ///   An unknown entity type name throws (listing those that exist) once the app's schema is known.
    ///
    /// Does not launch the app: what the index holds before the app ever ran is testable.
    public func spotlightQuery(_ text: String?) async throws -> [EntityRepresentation] {
        let session = try await definitions.session()
        if session.knownSchema != nil { _ = try await session.entitySchema(name) }
        let query = SearchQuery(text: text, bundles: [definitions.bundleIdentifier], types: [name], limit: 10_000)
        let doing = "\(name).spotlightQuery(\(text.map { "\"\($0)\"" } ?? "nil"))"
        return try await session.queryHits(query, doing: doing).map { EntityRepresentation($0.record, schema: session.knownSchema, fetcher: session.fetcher) }
    }

    /// The entities of this type the app's current screen shows, in the app's order.
    public func viewAnnotations() async throws -> [ViewAnnotationRepresentation] {
        let session = try await definitions.session()
        let schema = try await session.schema()
        _ = try await session.entitySchema(name)
        let result: ViewAnnotationsResult = try await session.call(
            "viewAnnotations", ViewAnnotationsParams(type: name), doing: "\(name).viewAnnotations()")
        return result.annotations.map {
            ViewAnnotationRepresentation(entity: EntityRepresentation($0.entity, schema: schema, fetcher: session.fetcher),
                                         isSelected: $0.isSelected)
        }
    }

    /// The entity `id` as data of `contentType` (a uniform type identifier), as the app's
    /// `Transferable` conformance of this type exports it: by the first representation of that
    /// type, else of one conforming to it. (IntentKitTesting's own; launches the app.)
    ///
    /// ```swift
    /// let text = try await app.entities["RecipeEntity"].exported(id: "p1", as: "public.plain-text")
    /// ```
    /// - Throws: `invalidInput` when the type is not `Transferable` or does not export that type
    ///   (listing those it does), `notFound` for an id the app does not find, the app's own error.
    public func exported(id: String, as contentType: String) async throws -> Data {
        let session = try await definitions.session()
        let result: ExportEntityResult = try await session.call(
            "exportEntity", ExportEntityParams(type: name, id: id, contentType: contentType),
            doing: "\(name).exported(id: \"\(id)\", as: \"\(contentType)\")")
        guard let bytes = result.bytes else {
            throw SpotlightError(.internal, "\(definitions.bundleIdentifier) answered exportEntity with data that is not base64")
        }
        return bytes
    }

    private func entities<Params: Encodable & Sendable>(
        _ method: String, _ params: Params, doing: String
    ) async throws -> [EntityRepresentation] {
        let session = try await definitions.session()
        let schema = try await session.schema()
        _ = try await session.entitySchema(name)
        let result: EntitiesResult = try await session.call(method, params, doing: doing)
        return result.entities.map { EntityRepresentation($0, schema: schema, fetcher: session.fetcher) }
    }
}
