import Foundation
import SpotlightModel
import SpotlightWire

/// The methods an app service answers (JSON-RPC method names). See docs/app-service.md.
public enum AppServiceMethod: String, RPCMethodSet, Codable {
    public static let documentation = "docs/app-service.md"
    /// ``DescribeParams`` → ``AppSchema``
    case describe
    /// ``RunIntentParams`` → ``RunIntentResult``
    case runIntent
    /// ``EntitiesForParams`` → ``EntitiesResult``
    case entitiesFor
    /// ``EntitiesMatchingParams`` → ``EntitiesResult``
    case entitiesMatching
    /// ``EntityTypeParams`` → ``EntitiesResult``
    case suggestedEntities
    /// ``EntityTypeParams`` → ``EntitiesResult``
    case allEntities
    /// ``PropertyQueryParams`` → ``EntitiesResult``
    case entitiesMatchingProperties
    /// ``ViewAnnotationsParams`` → ``ViewAnnotationsResult``
    case viewAnnotations
    /// no params → ``ScreenResult``
    case screen
    /// no params → ``ReindexResult``
    case reindexAll
    /// ``ReindexParams`` → ``ReindexResult``
    case reindex
    /// `EntityReference` → ``OpenEntityResult``: show an entity, as a tapped Spotlight result does
    case openEntity
    /// ``ExportEntityParams`` → ``ExportEntityResult``: a `Transferable` entity as data of a content type
    case exportEntity

    /// Whether the method only answers: a request of it whose peer hung up or reads no answers
    /// is skipped. Running an intent, reindexing and opening an entity still run.
    public var isReadOnly: Bool {
        switch self {
        case .describe, .entitiesFor, .entitiesMatching, .suggestedEntities, .allEntities,
             .entitiesMatchingProperties, .viewAnnotations, .screen, .exportEntity: true
        case .runIntent, .reindexAll, .reindex, .openEntity: false
        }
    }
}

/// Params of `describe`. Like every app-service method's, unknown members are refused, as
/// spotlightd's methods refuse them (`{"includeHiden": true}` is an error, not the public schema).
public struct DescribeParams: Codable, Hashable, Sendable {
    /// Also list intents with `isDiscoverable == false` (test-only intents). Default false.
    public var includeHidden: Bool
    enum CodingKeys: String, CodingKey, CaseIterable { case includeHidden }
    public init(includeHidden: Bool = false) { self.includeHidden = includeHidden }
    public init(from decoder: any Decoder) throws {
        try refuseUnknownMembers(decoder, known: CodingKeys.allCases.map(\.rawValue), method: "describe")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        includeHidden = try c.decodeIfPresent(Bool.self, forKey: .includeHidden) ?? false
    }
}

/// Params of `runIntent`: the intent's type name and its arguments by parameter name.
///
/// A JSON `null` argument is the same as an absent one.
///
/// ```swift
/// RunIntentParams(intent: "CreateCalendarIntent", arguments: ["name": .string("Occupy Saturn"), "color": .string("red")])
/// ```
public struct RunIntentParams: Codable, Hashable, Sendable {
    public var intent: String
    public var arguments: [String: PropertyValue]
    enum CodingKeys: String, CodingKey, CaseIterable { case intent, arguments }
    public init(intent: String, arguments: [String: PropertyValue] = [:]) {
        self.intent = intent
        self.arguments = arguments
    }
    public init(from decoder: any Decoder) throws {
        try refuseUnknownMembers(decoder, known: CodingKeys.allCases.map(\.rawValue), method: "runIntent")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        intent = try c.decode(String.self, forKey: .intent)
        let given = try c.decodeIfPresent([String: PropertyValue?].self, forKey: .arguments) ?? [:]
        arguments = given.compactMapValues { $0 }
    }
}

/// The answer to `runIntent`.
public struct RunIntentResult: Codable, Hashable, Sendable {
    public var value: IntentResultValue
    /// What the intent said (`.result(dialog:)`); absent when it said nothing.
    public var dialog: String?
    public init(value: IntentResultValue, dialog: String? = nil) {
        self.value = value
        self.dialog = dialog
    }
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        value = try c.decodeIfPresent(IntentResultValue.self, forKey: .value) ?? .none
        dialog = try c.decodeIfPresent(String.self, forKey: .dialog)
    }
}

/// Params of `entitiesFor`: entities of one type by identifier.
public struct EntitiesForParams: Codable, Hashable, Sendable {
    public var type: String
    public var ids: [String]
    enum CodingKeys: String, CodingKey, CaseIterable { case type, ids }
    public init(type: String, ids: [String]) {
        self.type = type
        self.ids = ids
    }
    public init(from decoder: any Decoder) throws {
        try refuseUnknownMembers(decoder, known: CodingKeys.allCases.map(\.rawValue), method: "entitiesFor")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(type: try c.decode(String.self, forKey: .type), ids: try c.decode([String].self, forKey: .ids))
    }
}

/// Params of `entitiesMatching`: the entity type's string query.
public struct EntitiesMatchingParams: Codable, Hashable, Sendable {
    public var type: String
    public var string: String
    enum CodingKeys: String, CodingKey, CaseIterable { case type, string }
    public init(type: String, string: String) {
        self.type = type
        self.string = string
    }
    public init(from decoder: any Decoder) throws {
        try refuseUnknownMembers(decoder, known: CodingKeys.allCases.map(\.rawValue), method: "entitiesMatching")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(type: try c.decode(String.self, forKey: .type), string: try c.decode(String.self, forKey: .string))
    }
}

/// Params of `suggestedEntities` and `allEntities`.
public struct EntityTypeParams: Codable, Hashable, Sendable {
    public var type: String
    enum CodingKeys: String, CodingKey, CaseIterable { case type }
    public init(type: String) { self.type = type }
    public init(from decoder: any Decoder) throws {
        try refuseUnknownMembers(decoder, known: CodingKeys.allCases.map(\.rawValue), method: "it")
        self.init(type: try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .type))
    }
}

/// Entities in their representation (the same as a donated record's fields).
public struct EntitiesResult: Codable, Hashable, Sendable {
    public var entities: [Record]
    public init(entities: [Record]) { self.entities = entities }
}

/// Params of `viewAnnotations`: only annotations of this entity type, or all when `nil`.
public struct ViewAnnotationsParams: Codable, Hashable, Sendable {
    public var type: String?
    enum CodingKeys: String, CodingKey, CaseIterable { case type }
    public init(type: String? = nil) { self.type = type }
    public init(from decoder: any Decoder) throws {
        try refuseUnknownMembers(decoder, known: CodingKeys.allCases.map(\.rawValue), method: "viewAnnotations")
        self.init(type: try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(String.self, forKey: .type))
    }
}

/// An entity the app's current screen shows.
public struct ViewAnnotation: Codable, Hashable, Sendable {
    public var entity: Record
    public var isSelected: Bool
    public init(entity: Record, isSelected: Bool) {
        self.entity = entity
        self.isSelected = isSelected
    }
}

/// The answer to `viewAnnotations`, in the order the app reported them.
public struct ViewAnnotationsResult: Codable, Hashable, Sendable {
    public var annotations: [ViewAnnotation]
    public init(annotations: [ViewAnnotation]) { self.annotations = annotations }
}

/// The answer to `screen`: the text lines the app currently shows.
public struct ScreenResult: Codable, Hashable, Sendable {
    public var lines: [String]
    public init(lines: [String]) { self.lines = lines }
}

/// Params of `reindex`: re-donate these entities of one type.
public struct ReindexParams: Codable, Hashable, Sendable {
    public var type: String
    public var ids: [String]
    enum CodingKeys: String, CodingKey, CaseIterable { case type, ids }
    public init(type: String, ids: [String]) {
        self.type = type
        self.ids = ids
    }
    public init(from decoder: any Decoder) throws {
        try refuseUnknownMembers(decoder, known: CodingKeys.allCases.map(\.rawValue), method: "reindex")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(type: try c.decode(String.self, forKey: .type), ids: try c.decode([String].self, forKey: .ids))
    }
}

/// The answer to `reindexAll` and `reindex`.
public struct ReindexResult: Codable, Hashable, Sendable {
    /// How many records were donated.
    public var donated: Int
    /// Identifiers `reindex` asked for that the app's `entities(for:)` did not return.
    public var missing: [String]
    /// Why each entity spotlightd would refuse was left out (a value over the donation limits,
    /// a date past 9999), so the others are donated; nil when none was.
    public var refused: [String]?
    /// How many `CSSearchableItem`s the app's `CSSearchableIndexDelegate`s donated during
    /// `reindexAll`, besides the `donated` records; nil when they donated none.
    public var items: Int?
    public init(donated: Int, missing: [String] = [], refused: [String]? = nil, items: Int? = nil) {
        self.donated = donated
        self.missing = missing
        self.refused = refused
        self.items = items
    }
}

extension SpotlightError.Code {
    /// An app's intent `perform()` (or an entity query) threw; the message carries its error.
    public static let intentFailed = SpotlightError.Code(rawValue: "intentFailed")
}
