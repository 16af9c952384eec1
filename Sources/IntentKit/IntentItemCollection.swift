import Foundation

/// Options in sections, as a ``DynamicOptionsProvider`` returns them (App Intents'
/// `IntentItemCollection`, `ItemCollection` inside a provider). Kept as written: options are not
/// consulted here.
///
/// ```swift
/// func results() async throws -> ItemCollection<String> {
///     ItemCollection {
///         ItemSection("Italian Authors") {
///             "Dante Alighieri"
///             "Alessandro Manzoni"
///         }
///     }
/// }
/// ```
public struct IntentItemCollection<Result: IntentValue>: IntentOptionsResult {
    public typealias Option = Result
    public var sections: [IntentItemSection<Result>]
    /// Every item's value, section by section.
    public var options: [Result] { sections.flatMap { $0.items.map(\.value) } }
    public var promptLabel: LocalizedStringResource?
    public var usesIndexedCollation: Bool

    public init(promptLabel: LocalizedStringResource? = nil, usesIndexedCollation: Bool = false,
                sections: [IntentItemSection<Result>]) {
        self.sections = sections
        self.promptLabel = promptLabel
        self.usesIndexedCollation = usesIndexedCollation
    }

    public init(promptLabel: LocalizedStringResource? = nil, usesIndexedCollation: Bool = false,
                @IntentItemSection<Result>.Builder sectionsBuilder: () -> [IntentItemSection<Result>]) {
        self.init(promptLabel: promptLabel, usesIndexedCollation: usesIndexedCollation, sections: sectionsBuilder())
    }

    public init(promptLabel: LocalizedStringResource? = nil, usesIndexedCollation: Bool = false, items: [Result]) {
        self.init(promptLabel: promptLabel, usesIndexedCollation: usesIndexedCollation,
                  sections: [IntentItemSection(items: items.map { IntentItem($0) })])
    }
}

/// A titled group of options (App Intents' `IntentItemSection`, `ItemSection` inside a provider).
public struct IntentItemSection<Result: IntentValue>: Sendable {
    public var title: LocalizedStringResource?
    public var items: [IntentItem<Result>]

    public init(items: [IntentItem<Result>]) {
        self.title = nil
        self.items = items
    }

    public init(_ title: LocalizedStringResource, items: [Result]) {
        self.title = title
        self.items = items.map { IntentItem($0) }
    }

    public init(_ title: LocalizedStringResource, items: [IntentItem<Result>]) {
        self.title = title
        self.items = items
    }

    public init(_ title: LocalizedStringResource? = nil, @IntentItem<Result>.Builder itemsBuilder: () -> [IntentItem<Result>]) {
        self.title = title
        self.items = itemsBuilder()
    }

    /// Builds `sections` from one section per line.
    @resultBuilder
    public enum Builder {
        public static func buildExpression(_ section: IntentItemSection<Result>) -> [IntentItemSection<Result>] { [section] }
        public static func buildBlock(_ parts: [IntentItemSection<Result>]...) -> [IntentItemSection<Result>] { parts.flatMap { $0 } }
        public static func buildOptional(_ part: [IntentItemSection<Result>]?) -> [IntentItemSection<Result>] { part ?? [] }
        public static func buildEither(first part: [IntentItemSection<Result>]) -> [IntentItemSection<Result>] { part }
        public static func buildEither(second part: [IntentItemSection<Result>]) -> [IntentItemSection<Result>] { part }
        public static func buildArray(_ parts: [[IntentItemSection<Result>]]) -> [IntentItemSection<Result>] { parts.flatMap { $0 } }
    }
}

/// One option: a value and how it is shown (App Intents' `IntentItem`).
public struct IntentItem<Result: IntentValue>: Sendable {
    public var value: Result
    public var title: LocalizedStringResource?
    public var subtitle: LocalizedStringResource?
    public var image: DisplayRepresentation.Image?

    public init(_ value: Result, title: LocalizedStringResource? = nil, subtitle: LocalizedStringResource? = nil,
                image: DisplayRepresentation.Image? = nil) {
        self.value = value
        self.title = title
        self.subtitle = subtitle
        self.image = image
    }

    /// Builds items from one value (or item) per line.
    @resultBuilder
    public enum Builder {
        public static func buildExpression(_ value: Result) -> [IntentItem<Result>] { [IntentItem(value)] }
        public static func buildExpression(_ item: IntentItem<Result>) -> [IntentItem<Result>] { [item] }
        public static func buildExpression(_ values: [Result]) -> [IntentItem<Result>] { values.map { IntentItem($0) } }
        public static func buildBlock(_ parts: [IntentItem<Result>]...) -> [IntentItem<Result>] { parts.flatMap { $0 } }
        public static func buildOptional(_ part: [IntentItem<Result>]?) -> [IntentItem<Result>] { part ?? [] }
        public static func buildEither(first part: [IntentItem<Result>]) -> [IntentItem<Result>] { part }
        public static func buildEither(second part: [IntentItem<Result>]) -> [IntentItem<Result>] { part }
        public static func buildArray(_ parts: [[IntentItem<Result>]]) -> [IntentItem<Result>] { parts.flatMap { $0 } }
    }
}
