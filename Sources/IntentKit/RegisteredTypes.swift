import Foundation
import SpotlightModel
import SpotlightProtocol

/// An intent type as the dispatcher keeps it: its name and closures over the concrete type.
struct RegisteredIntent: Sendable {
    let name: String
    let isDiscoverable: Bool
    /// The entity type an ``OpenIntent`` opens; nil for other intents.
    let opensEntityType: String?
    /// A ``CustomIntentMigratedAppIntent``'s `intentClassName`: `runIntent` takes it too.
    let intentClassName: String?
    let schema: @Sendable () -> IntentSchema
    /// The enums its parameters take, listed by the app or not.
    let enumSchemas: @Sendable () -> [EnumSchema]
    let run: @Sendable ([String: PropertyValue], String) async throws -> RunIntentResult

    init<Intent: AppIntent>(_ type: Intent.Type) {
        name = Intent.typeName
        isDiscoverable = Intent.isDiscoverable
        opensEntityType = (Intent.self as? any OpenIntent.Type)?.targetTypeName
        intentClassName = (Intent.self as? any CustomIntentMigratedAppIntent.Type)?.intentClassName
        schema = { IntentInvocation.schema(Intent.self) }
        enumSchemas = { IntentInvocation.parameters(of: Intent()).compactMap(\.property.enumSchema) }
        run = { arguments, bundle in try await IntentInvocation.run(Intent.self, arguments: arguments, bundle: bundle) }
    }
}

/// An entity type as the dispatcher keeps it: its queries by capability.
struct RegisteredEntity: Sendable {
    typealias Fetch = @Sendable () async throws -> [any AppEntity]
    let name: String
    let title: String
    /// The Swift type of its `id`: `String`, `Int`, `UUID`.
    let idType: String
    let isIndexed: Bool
    let entitiesFor: @Sendable ([String]) async throws -> [any AppEntity]
    let suggested: Fetch
    let matching: (@Sendable (String) async throws -> [any AppEntity])?
    let all: Fetch?
    let propertyQuery: RegisteredPropertyQuery?
    /// The query's own re-donation (an `IndexedEntityQuery`): all, or these identifiers; nil otherwise.
    let reindexAll: (@Sendable () async throws -> Void)?
    let reindexSome: (@Sendable ([String]) async throws -> Void)?

    /// The entity type's `@Property`s, titles from `sample` when given.
    let properties: @Sendable (_ sample: (any AppEntity)?) -> [PropertySchema]
    /// The enums its properties hold, listed by the app or not.
    let enumSchemas: [EnumSchema]
    /// A `TransientAppEntity`'s `init()`, which needs no data; nil for other entities.
    let blank: (@Sendable () -> any AppEntity)?
    /// A `Transferable` entity's exported content types; nil for other entities.
    let exportedContentTypes: [String]?
    /// Exports one entity of a `Transferable` type: its data, the representation's content type
    /// and suggested file name; nil for other entities.
    let export: (@Sendable (any AppEntity, UTType) async throws -> (Data, UTType, String?))?

    init<Entity: AppEntity>(_ type: Entity.Type) {
        name = Entity.typeName
        properties = { sample in EntityReflection.schema(of: Entity.self, sample: sample) }
        enumSchemas = EntityReflection.enumSchemas(of: Entity.self)
        if let transient = Entity.self as? any TransientAppEntity.Type {
            blank = { transient.init() }
        } else {
            blank = nil
        }
        title = Entity.typeDisplayRepresentation.name
        exportedContentTypes = (Entity.self as? any Transferable.Type).map { Self.exportedIdentifiers($0) }
        if exportedContentTypes != nil {
            export = { entity, type in try await Self.export(entity, as: type) }
        } else {
            export = nil
        }
        idType = String(describing: Entity.ID.self)
        isIndexed = Entity.self is any IndexedEntity.Type
        entitiesFor = { try await Entity.entities(for: $0) }
        suggested = { try await Entity.suggested() }
        if Entity.defaultQuery is any EntityStringQuery {
            matching = { string in try await Entity.entities(matching: string) ?? [] }
        } else {
            matching = nil
        }
        if Entity.defaultQuery is any EnumerableEntityQuery {
            all = { try await Entity.all() ?? [] }
        } else {
            all = nil
        }
        propertyQuery = (Entity.defaultQuery as? any EntityPropertyQuery).map { RegisteredPropertyQuery($0) }
        if Entity.defaultQuery is any IndexedEntityQuery {
            reindexAll = { _ = try await Entity.reindexAllThroughQuery() }
            reindexSome = { _ = try await Entity.reindexThroughQuery($0) }
        } else {
            reindexAll = nil
            reindexSome = nil
        }
    }

    /// The method names of `docs/app-service.md` this type answers.
    var queries: [String] {
        var names = [AppServiceMethod.entitiesFor, .suggestedEntities]
        if matching != nil { names.append(.entitiesMatching) }
        if all != nil { names.append(.allEntities) }
        if propertyQuery != nil { names.append(.entitiesMatchingProperties) }
        return names.map(\.rawValue)
    }

    /// The schema: the properties from the type, their titles (and the property query's
    /// names) from one suggested (else enumerated) entity when there is one.
    func schema() async -> EntitySchema {
        let sample = await self.sample()
        return EntitySchema(name: name, title: title, properties: properties(sample),
                            queries: queries, isIndexed: isIndexed, propertyQuery: propertyQuery?.schema(sample),
                            idType: idType, exportedContentTypes: exportedContentTypes)
    }

    private static func export(_ entity: any AppEntity, as type: UTType) async throws -> (Data, UTType, String?) {
        guard let item = entity as? any Transferable else { throw TransferError.noExport(Swift.type(of: entity), type) }
        let exported = try await item.exportedWithType(as: type)
        return (exported.data, exported.type, exported.fileName)
    }

    private static func exportedIdentifiers<T: Transferable>(_ type: T.Type) -> [String] {
        T.exportedContentTypes().map(\.identifier)
    }

    /// One entity of the type: the first suggested, else the first of all, else a transient
    /// entity's `init()` (so its titles never wait for data); nil when there is none.
    func sample() async -> (any AppEntity)? {
        if let first = (try? await suggested())?.first { return first }
        if let all, let first = (try? await all())?.first { return first }
        return blank?()
    }
}

/// An enum type as the dispatcher keeps it.
struct RegisteredEnum: Sendable {
    let name: String
    let schema: EnumSchema

    init<Enum: AppEnum>(_ type: Enum.Type) {
        name = Enum.typeName
        schema = Enum.schema
    }
}

/// Types by name, in registration order; a name registered twice is a programming error.
struct Registry<Element: Sendable>: Sendable {
    private(set) var ordered: [Element] = []
    private var byName: [String: Element] = [:]

    init(_ elements: [Element], name: (Element) -> String, kind: String) {
        for element in elements {
            let key = name(element)
            precondition(byName[key] == nil, "\(kind) \(key) is registered twice; list each type once")
            byName[key] = element
            ordered.append(element)
        }
    }

    subscript(name: String) -> Element? { byName[name] }
    var names: [String] { byName.keys.sorted() }
}
