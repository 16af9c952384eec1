import Foundation

/// One App Shortcut of the app (`AppShortcut(intent:phrases:shortTitle:systemImageName:)`),
/// as `describe` reports it.
///
/// ```swift
/// schema.shortcuts?.first?.phrases   // ["Create a task in TaskDeck", "Add ${title} to TaskDeck"]
/// ```
public struct ShortcutSchema: Codable, Hashable, Sendable {
    /// The intent it runs, by type name.
    public var intent: String
    /// Its phrases with `\(.applicationName)` replaced by the app's name and each parameter as `${name}`.
    public var phrases: [String]
    public var shortTitle: String?
    public var systemImageName: String?
    /// How the shortcut presents one of its intent's parameters (absent when it does not).
    public var parameterPresentation: ShortcutParameterPresentationSchema?

    public init(intent: String, phrases: [String], shortTitle: String?, systemImageName: String?,
                parameterPresentation: ShortcutParameterPresentationSchema? = nil) {
        self.intent = intent
        self.phrases = phrases
        self.shortTitle = shortTitle
        self.systemImageName = systemImageName
        self.parameterPresentation = parameterPresentation
    }
}

/// A shortcut's parameter presentation: the parameter, a summary naming it as `${name}`, and
/// the collections of options people pick from.
public struct ShortcutParameterPresentationSchema: Codable, Hashable, Sendable {
    public var parameter: String
    public var summary: String
    public var optionsCollections: [ShortcutOptionsCollectionSchema]

    public init(parameter: String, summary: String, optionsCollections: [ShortcutOptionsCollectionSchema]) {
        self.parameter = parameter
        self.summary = summary
        self.optionsCollections = optionsCollections
    }
}

/// One collection of options of a parameter presentation.
public struct ShortcutOptionsCollectionSchema: Codable, Hashable, Sendable {
    public var title: String
    public var systemImageName: String?

    public init(title: String, systemImageName: String?) {
        self.title = title
        self.systemImageName = systemImageName
    }
}

/// What an entity type's `EntityPropertyQuery` accepts: its properties with their
/// comparators, and the properties it sorts by.
public struct PropertyQuerySchema: Codable, Hashable, Sendable {
    public var properties: [QueryPropertySchema]
    /// The property names of its `sortingOptions`.
    public var sortableBy: [String]

    public init(properties: [QueryPropertySchema], sortableBy: [String]) {
        self.properties = properties
        self.sortableBy = sortableBy
    }
}

/// One queryable property: its name and the comparators it supports (`equalTo`, `contains`, ...).
public struct QueryPropertySchema: Codable, Hashable, Sendable {
    public var name: String
    public var comparators: [String]

    public init(name: String, comparators: [String]) {
        self.name = name
        self.comparators = comparators
    }
}
