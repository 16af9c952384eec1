import Foundation
import SpotlightModel

/// An app's schema, the answer to `describe`: its intents, entities and enums.
///
/// ```swift
/// let schema = try JSONValue.parse(data).decode(AppSchema.self)
/// schema.intents.map(\.name)  // ["CreateEventIntent", ...]
/// ```
public struct AppSchema: Codable, Hashable, Sendable {
    public var bundleIdentifier: String
    /// The name people know the app by (`\(.applicationName)` in shortcut phrases); absent from older apps.
    public var applicationName: String?
    public var intents: [IntentSchema]
    public var entities: [EntitySchema]
    public var enums: [EnumSchema]
    /// The app's App Shortcuts (``ShortcutSchema``), phrases resolved; absent when it declares none.
    public var shortcuts: [ShortcutSchema]?

    public init(bundleIdentifier: String, applicationName: String? = nil, intents: [IntentSchema],
                entities: [EntitySchema], enums: [EnumSchema], shortcuts: [ShortcutSchema]? = nil) {
        self.bundleIdentifier = bundleIdentifier
        self.applicationName = applicationName
        self.intents = intents
        self.entities = entities
        self.enums = enums
        self.shortcuts = shortcuts
    }
}

/// One intent: its type name (what `runIntent` takes), title and parameters.
public struct IntentSchema: Codable, Hashable, Sendable {
    public var name: String
    public var title: String
    public var description: String
    /// `false` for test-only intents; `describe` leaves them out unless `includeHidden`.
    public var isDiscoverable: Bool
    /// Parameters in declaration order.
    public var parameters: [ParameterSchema]
    /// The type of the value `perform()` returns; `nil` when it returns none.
    public var returns: ValueType?
    /// The intent's `openAppWhenRun` (absent from older apps).
    public var openAppWhenRun: Bool?
    /// The intent's `authenticationPolicy`: `alwaysAllowed`, `requiresAuthentication`,
    /// `requiresLocalDeviceAuthentication` (absent from older apps).
    public var authenticationPolicy: String?
    /// The intent's `parameterSummary` with parameters as `${name}`: `Search tasks for ${query}`.
    public var parameterSummary: String?
    /// The intent's `supportedModes`: `background`, `foreground(immediate)`, `foreground(dynamic)`,
    /// `foreground(deferred)` (absent from older apps).
    public var supportedModes: [String]?
    /// A `PredictableIntent`'s predictions: the parameters each one's display representation
    /// is made from, by name, in the order written (absent for other intents).
    public var predictions: [[String]]?
    /// A `CustomIntentMigratedAppIntent`'s `intentClassName`, the SiriKit intent it replaces;
    /// `runIntent` takes it as well as `name`.
    public var intentClassName: String?
    /// A `DeprecatedAppIntent`'s deprecation (absent for other intents).
    public var deprecation: IntentDeprecationSchema?

    public init(name: String, title: String, description: String, isDiscoverable: Bool,
                parameters: [ParameterSchema], returns: ValueType?, openAppWhenRun: Bool? = nil,
                authenticationPolicy: String? = nil, parameterSummary: String? = nil, supportedModes: [String]? = nil,
                predictions: [[String]]? = nil, intentClassName: String? = nil, deprecation: IntentDeprecationSchema? = nil) {
        self.name = name
        self.title = title
        self.description = description
        self.isDiscoverable = isDiscoverable
        self.parameters = parameters
        self.returns = returns
        self.openAppWhenRun = openAppWhenRun
        self.authenticationPolicy = authenticationPolicy
        self.parameterSummary = parameterSummary
        self.supportedModes = supportedModes
        self.predictions = predictions
        self.intentClassName = intentClassName
        self.deprecation = deprecation
    }
}

/// Why an intent is deprecated and the intent to use instead.
public struct IntentDeprecationSchema: Codable, Hashable, Sendable {
    /// The deprecation's message; empty when it has none.
    public var message: String
    /// The type name of the intent that replaces it; nil when none does.
    public var replacedBy: String?

    public init(message: String, replacedBy: String?) {
        self.message = message
        self.replacedBy = replacedBy
    }
}

/// One `@Parameter` of an intent, named as the property is (without the underscore).
public struct ParameterSchema: Codable, Hashable, Sendable {
    public var name: String
    public var title: String
    public var description: String?
    public var type: ValueType
    /// An absent optional parameter is `nil` in `perform()`.
    public var isOptional: Bool
    /// The `@Parameter(default:)` value, used when the caller gives none.
    public var defaultValue: PropertyValue?

    /// Whether a caller must give this parameter.
    public var isRequired: Bool { !isOptional && defaultValue == nil }

    public init(name: String, title: String, description: String?, type: ValueType,
                isOptional: Bool, defaultValue: PropertyValue?) {
        self.name = name
        self.title = title
        self.description = description
        self.type = type
        self.isOptional = isOptional
        self.defaultValue = defaultValue
    }
}

/// One entity type: its `@Property`s and the queries it supports.
public struct EntitySchema: Codable, Hashable, Sendable {
    public var name: String
    /// `typeDisplayRepresentation.name`.
    public var title: String
    /// The `@Property`s in declaration order, from the type's field metadata (so known before any
    /// entity exists); their titles from one entity the app returns from `suggestedEntities()` or
    /// `allEntities()` (a `TransientAppEntity` from its `init()`), else their names.
    public var properties: [PropertySchema]
    /// The app-service methods this type answers: always `entitiesFor` and
    /// `suggestedEntities`; `entitiesMatching` with an `EntityStringQuery`, `allEntities`
    /// with an `EnumerableEntityQuery`.
    public var queries: [String]
    /// Whether the type is an `IndexedEntity` (donated to Spotlight; `reindex` accepts it).
    public var isIndexed: Bool
    /// What its `EntityPropertyQuery` accepts, when its query is one.
    public var propertyQuery: PropertyQuerySchema?
    /// The Swift type of the entity's `id`: `String`, `Int` or `UUID` (absent from older apps).
    /// An identifier not of its form names no entity.
    public var idType: String?
    /// A `Transferable` entity's exported content types (`public.plain-text`, ...), most
    /// preferred first; absent for an entity that is not one.
    public var exportedContentTypes: [String]?

    public init(name: String, title: String, properties: [PropertySchema], queries: [String], isIndexed: Bool,
                propertyQuery: PropertyQuerySchema? = nil, idType: String? = nil, exportedContentTypes: [String]? = nil) {
        self.name = name
        self.title = title
        self.properties = properties
        self.queries = queries
        self.isIndexed = isIndexed
        self.propertyQuery = propertyQuery
        self.idType = idType
        self.exportedContentTypes = exportedContentTypes
    }
}

/// One `@Property` of an entity.
public struct PropertySchema: Codable, Hashable, Sendable {
    public var name: String
    public var title: String
    public var type: ValueType
    public var isOptional: Bool
    /// The Spotlight attribute a donation maps it to (`@Property(indexingKey: \.contentDescription)`):
    /// `title`, `contentDescription`, `keywords`, ... ; absent when it is donated under its own name.
    public var indexingKey: String?

    public init(name: String, title: String, type: ValueType, isOptional: Bool, indexingKey: String? = nil) {
        self.name = name
        self.title = title
        self.type = type
        self.isOptional = isOptional
        self.indexingKey = indexingKey
    }
}

/// One `AppEnum`: its cases by raw value.
public struct EnumSchema: Codable, Hashable, Sendable {
    public var name: String
    public var title: String
    public var cases: [EnumCaseSchema]

    public init(name: String, title: String, cases: [EnumCaseSchema]) {
        self.name = name
        self.title = title
        self.cases = cases
    }
}

/// One case of an `AppEnum`.
public struct EnumCaseSchema: Codable, Hashable, Sendable {
    public var rawValue: String
    public var title: String
    public var subtitle: String?

    public init(rawValue: String, title: String, subtitle: String?) {
        self.rawValue = rawValue
        self.title = title
        self.subtitle = subtitle
    }
}
