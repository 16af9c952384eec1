import Foundation
import SpotlightModel
import SpotlightProtocol
import SpotlightWire

/// Answers app-service requests (docs/app-service.md) for one app: a method name and JSON
/// params in, a JSON result out. The transport calls ``handle(method:params:)``; tests call
/// it directly or use the typed methods.
///
/// ```swift
/// let dispatcher = AppServiceDispatcher(bundleIdentifier: "com.example.CometCal",
///     intents: [CreateEventIntent.self], entities: [EventEntity.self], enums: [CalendarColor.self])
/// let result = try await dispatcher.handle(method: "runIntent",
///     params: .object(["intent": .string("CreateEventIntent"),
///                      "arguments": .object(["title": .object(["string": .string("Launch")])])]))
/// ```
public final class AppServiceDispatcher: Sendable {
    public let bundleIdentifier: String
    /// The name people know the app by; `\(.applicationName)` in shortcut phrases.
    public let applicationName: String
    public let screen: AppScreen
    public let reindexing: Reindexing
    let intents: Registry<RegisteredIntent>
    let entities: Registry<RegisteredEntity>
    let enums: Registry<RegisteredEnum>
    let shortcuts: [AppShortcut]
    /// What the app does when one of its `CSSearchableItem`s is opened (``IntentApp``'s `onOpenSearchableItem`).
    let openSearchableItem: (@Sendable (String) async throws -> Void)?

    /// - Parameters:
    ///   - applicationName: the app's name for people; default: the bundle identifier's last part.
    ///   - shortcuts: the app's ``AppShortcutsProvider``, if it has App Shortcuts.
    public init(bundleIdentifier: String, applicationName: String? = nil, intents: [any AppIntent.Type],
                entities: [any AppEntity.Type] = [], enums: [any AppEnum.Type] = [],
                shortcuts: (any AppShortcutsProvider.Type)? = nil, screen: AppScreen = .shared,
                reindexing: Reindexing = .notWired,
                onOpenSearchableItem: (@Sendable (_ uniqueIdentifier: String) async throws -> Void)? = nil) {
        self.openSearchableItem = onOpenSearchableItem
        self.bundleIdentifier = bundleIdentifier
        self.applicationName = applicationName
            ?? bundleIdentifier.split(separator: ".").last.map(String.init) ?? bundleIdentifier
        self.screen = screen
        self.reindexing = reindexing
        self.intents = Registry(intents.map { RegisteredIntent($0) }, name: \.name, kind: "intent")
        self.entities = Registry(entities.map { RegisteredEntity($0) }, name: \.name, kind: "entity")
        self.enums = Registry(enums.map { RegisteredEnum($0) }, name: \.name, kind: "enum")
        self.shortcuts = shortcuts?.appShortcuts ?? []
    }

    /// Answers one request.
    /// - Parameters:
    ///   - method: an ``AppServiceMethod`` raw value.
    ///   - params: the method's params object; `nil` is `{}`.
    /// - Returns: the method's result, encoded.
    /// - Throws: `SpotlightError`: `notFound` for an unknown method (listing the methods),
    ///   `invalidInput` for params that do not decode (naming the field), and whatever the
    ///   method throws. Over the socket the first two are JSON-RPC's -32601 and -32602.
    public func handle(method: String, params: JSONValue?) async throws -> JSONValue {
        do {
            return try await AppServiceMethod.dispatch(method) { known in try await answer(known, params: params) }
        } catch let error as RPCError {
            throw error.spotlightError
        }
    }

    /// One request of a known method; ``AppServiceMethod/dispatch(_:_:)`` found it by name
    /// and explains params that do not decode.
    func answer(_ method: AppServiceMethod, params: JSONValue?) async throws -> JSONValue {
        switch method {
        case .describe: return try JSONValue(encoding: await describe(try params.decode(DescribeParams.self)))
        case .runIntent: return try JSONValue(encoding: await runIntent(try params.decode(RunIntentParams.self)))
        case .entitiesFor: return try JSONValue(encoding: await entities(for: try params.decode(EntitiesForParams.self)))
        case .entitiesMatching:
            return try JSONValue(encoding: await entities(matching: try params.decode(EntitiesMatchingParams.self)))
        case .suggestedEntities:
            return try JSONValue(encoding: await suggestedEntities(try params.decode(EntityTypeParams.self)))
        case .allEntities: return try JSONValue(encoding: await allEntities(try params.decode(EntityTypeParams.self)))
        case .entitiesMatchingProperties:
            return try JSONValue(encoding: await entities(matchingProperties: try params.decode(PropertyQueryParams.self)))
        case .viewAnnotations:
            return try JSONValue(encoding: await viewAnnotations(try params.decode(ViewAnnotationsParams.self)))
        case .screen:
            try Self.refuseMembers(of: params, except: [], method)
            return try JSONValue(encoding: ScreenResult(lines: screen.lines))
        case .reindexAll:
            try Self.refuseMembers(of: params, except: [], method)
            return try JSONValue(encoding: await reindexAll())
        case .reindex: return try JSONValue(encoding: await reindex(try params.decode(ReindexParams.self)))
        case .openEntity:
            // An `EntityReference` in a record ignores unknown keys; as params it is as strict as the others.
            try Self.refuseMembers(of: params, except: ["type", "id"], method)
            return try JSONValue(encoding: await openEntity(try params.decode(EntityReference.self)))
        case .exportEntity: return try JSONValue(encoding: await exportEntity(try params.decode(ExportEntityParams.self)))
        }
    }

    /// The schema; intents with `isDiscoverable == false` only with `includeHidden`. Its enums are
    /// those the app lists, then those the described intents' parameters and the entities'
    /// properties use that it does not list (as Apple's build-time extraction finds every one).
    public func describe(_ params: DescribeParams = DescribeParams()) async -> AppSchema {
        var entitySchemas: [EntitySchema] = []
        for entity in entities.ordered { entitySchemas.append(await entity.schema()) }
        let described = intents.ordered.filter { $0.isDiscoverable || params.includeHidden }
        var enumSchemas = enums.ordered.map(\.schema)
        for used in described.flatMap({ $0.enumSchemas() }) + entities.ordered.flatMap(\.enumSchemas)
        where !enumSchemas.contains(where: { $0.name == used.name }) {
            enumSchemas.append(used)
        }
        return AppSchema(bundleIdentifier: bundleIdentifier, applicationName: applicationName,
                         intents: described.map { $0.schema() },
                         entities: entitySchemas, enums: enumSchemas,
                         shortcuts: shortcuts.isEmpty ? nil : shortcuts.map { $0.schema(applicationName: applicationName) })
    }

    /// Runs an intent, hidden or not, named by its type name or, for a
    /// ``CustomIntentMigratedAppIntent``, by its `intentClassName`.
    public func runIntent(_ params: RunIntentParams) async throws -> RunIntentResult {
        // A migrated SiriKit intent also answers to its old class name (its type name first).
        guard let intent = intents[params.intent] ?? intents.ordered.first(where: { $0.intentClassName == params.intent }) else {
            // Hidden (test-only) intents run by name but are not suggested to a caller who misspelt one.
            let listed = intents.ordered.filter(\.isDiscoverable).map(\.name).sorted()
            throw SpotlightError(.notFound, "\(bundleIdentifier) has no intent \"\(params.intent)\"; intents: "
                + (listed.isEmpty ? "(none)" : listed.joined(separator: ", ")))
        }
        return try await intent.run(params.arguments, bundleIdentifier)
    }

    public func entities(for params: EntitiesForParams) async throws -> EntitiesResult {
        let entity = try entityType(params.type)
        return try await answer(params.type, "entities(for:)") { try await entity.entitiesFor(params.ids) }
    }

    public func entities(matching params: EntitiesMatchingParams) async throws -> EntitiesResult {
        let entity = try entityType(params.type)
        guard let matching = entity.matching else {
            throw SpotlightError(.invalidInput, "\(params.type)'s query is not an EntityStringQuery, "
                + "so entities(matching:) is not available")
        }
        return try await answer(params.type, "entities(matching:)") { try await matching(params.string) }
    }

    public func suggestedEntities(_ params: EntityTypeParams) async throws -> EntitiesResult {
        let entity = try entityType(params.type)
        return try await answer(params.type, "suggestedEntities()") { try await entity.suggested() }
    }

    public func allEntities(_ params: EntityTypeParams) async throws -> EntitiesResult {
        let entity = try entityType(params.type)
        guard let all = entity.all else {
            throw SpotlightError(.invalidInput, "\(params.type)'s query is not an EnumerableEntityQuery, "
                + "so allEntities() is not available")
        }
        return try await answer(params.type, "allEntities()") { try await all() }
    }

    /// The type's `EntityPropertyQuery.entities(matching:mode:sortedBy:limit:)`.
    public func entities(matchingProperties params: PropertyQueryParams) async throws -> EntitiesResult {
        let entity = try entityType(params.type)
        guard let propertyQuery = entity.propertyQuery else {
            throw SpotlightError(.invalidInput, "\(params.type)'s query is not an EntityPropertyQuery, "
                + "so entities(matching:mode:sortedBy:limit:) is not available")
        }
        let found = try await propertyQuery.run(params, await entity.sample())
        return EntitiesResult(entities: try await records(of: found))
    }

    /// Refuses a member of `params` outside `known`, as spotlightd's methods do, so a misspelt
    /// option is an error instead of silently ignored: `params.lines: unknown member; screen takes no params`.
    /// - Throws: `RPCError` -32602 (invalid params) naming the first unknown member.
    static func refuseMembers(of params: JSONValue?, except known: [String], _ method: AppServiceMethod) throws {
        let given: String?
        switch params {
        case .object(let members)?: given = members.keys.filter { !known.contains($0) }.min().map { "params.\($0)" }
        case .array(let items)?: given = items.isEmpty ? nil : "params[0]"
        case nil, .null?: given = nil
        default: given = "params"
        }
        guard let given else { return }
        let takes = known.isEmpty ? "takes no params" : "takes " + known.joined(separator: ", ")
        throw RPCError.invalidParams("\(given): unknown member; \(method.rawValue) \(takes)")
    }

    func entityType(_ name: String) throws -> RegisteredEntity {
        guard let entity = entities[name] else {
            throw SpotlightError(.notFound, "\(bundleIdentifier) has no entity type \"\(name)\"; entity types: "
                + entities.names.joined(separator: ", "))
        }
        return entity
    }

    /// Runs one of the app's queries, its errors carrying the type and query name.
    func fetch(_ type: String, _ query: String,
               _ body: () async throws -> [any AppEntity]) async throws -> [any AppEntity] {
        do {
            return try await body()
        } catch {
            let thrower = "\(type).defaultQuery.\(query)"
            throw IntentInvocation.failure(error, thrownBy: thrower)
        }
    }

    private func answer(_ type: String, _ query: String,
                        _ body: () async throws -> [any AppEntity]) async throws -> EntitiesResult {
        EntitiesResult(entities: try await records(of: try await fetch(type, query, body)))
    }

    /// The records of entities a caller asked for, their `@DeferredProperty`s fetched.
    func records(of entities: [any AppEntity]) async throws -> [Record] {
        var records: [Record] = []
        for entity in entities { records.append(try await entity.representationFetchingDeferred(bundle: bundleIdentifier)) }
        return records
    }
}
