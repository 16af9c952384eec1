import Foundation

/// Text an intent, entity or enum declares for people to read (Foundation's
/// `LocalizedStringResource` on Apple platforms). Here it is backed by its default value:
/// there are no string tables, so the text is used as written.
///
/// ```swift
/// struct SeedTaskFixturesIntent: AppIntent {
///     static let title: LocalizedStringResource = "Seed Task Fixtures"
/// }
/// let name = String(localized: TaskEntity.typeDisplayRepresentation.name)   // "Task"
/// ```
public struct LocalizedStringResource: Hashable, Sendable, Codable, ExpressibleByStringInterpolation,
    CustomStringConvertible {
    /// The lookup key (the text itself unless a key was given).
    public var key: String
    /// The text shown.
    public var defaultValue: String
    /// The string table named; kept for source compatibility, not used.
    public var table: String?

    public init(stringLiteral value: String) {
        self.key = value
        self.defaultValue = value
        self.table = nil
    }

    public init(stringInterpolation: StringInterpolation) {
        self.init(stringLiteral: stringInterpolation.text)
    }

    /// Interpolated text: values as `String(describing:)` writes them, and Apple's
    /// `\(placeholder: .int)` for a `numericFormat` (`"\(placeholder: .int) calendars"`),
    /// kept as the printf specifier it stands for (`%lld calendars`).
    public struct StringInterpolation: StringInterpolationProtocol {
        var text = ""

        public init(literalCapacity: Int, interpolationCount: Int) { text.reserveCapacity(literalCapacity) }
        public mutating func appendLiteral(_ literal: String) { text += literal }
        public mutating func appendInterpolation<T>(_ value: T) { text += String(describing: value) }
        public mutating func appendInterpolation(placeholder: PlaceholderType) { text += placeholder.specifier }
    }

    /// The kinds of number a placeholder stands for.
    public enum PlaceholderType: Sendable {
        case int, double, float, object

        /// The printf specifier written for it.
        var specifier: String {
            switch self {
            case .int: return "%lld"
            case .double: return "%lf"
            case .float: return "%f"
            case .object: return "%@"
            }
        }
    }

    /// Text that is its own key: `LocalizedStringResource("Seed Task Fixtures")`.
    public init(_ keyAndValue: String, table: String? = nil, comment: StaticString? = nil) {
        self.init(stringLiteral: keyAndValue)
        self.table = table
    }

    /// Text with Apple's placeholders that is its own key, as Apple's samples write a
    /// `numericFormat`: `LocalizedStringResource("\(placeholder: .int) trails", table: "AppIntents")`.
    public init(_ keyAndValue: LocalizedStringResource, table: String? = nil, comment: StaticString? = nil) {
        self = keyAndValue
        self.table = table
    }

    /// Text with a key of its own and the text shown.
    public init(_ key: StaticString, defaultValue: String, table: String? = nil, comment: StaticString? = nil) {
        self.key = "\(key)"
        self.defaultValue = defaultValue
        self.table = table
    }

    public var description: String { defaultValue }
}

extension String {
    /// The text of a resource (Foundation's `String(localized:)`): its default value.
    public init(localized resource: LocalizedStringResource) {
        self = resource.defaultValue
    }

    /// The text of a key with an optional default (Foundation's `String(localized:defaultValue:…)`):
    /// the default when given, else the key itself.
    public init(localized key: String, defaultValue: String? = nil, table: String? = nil, comment: StaticString? = nil) {
        self = defaultValue ?? key
    }
}

/// A type an intent's `title` can have: `String` or ``LocalizedStringResource``.
public protocol IntentTitleText: Sendable {
    /// The text shown.
    var titleText: String { get }
}

extension String: IntentTitleText {
    public var titleText: String { self }
}

extension LocalizedStringResource: IntentTitleText {
    public var titleText: String { defaultValue }
}

/// What an intent says it does (App Intents' `IntentDescription`): a text, and optionally a
/// category and words that find it.
///
/// ```swift
/// static let description = IntentDescription("Creates a task in a project.", categoryName: "Tasks")
/// ```
public struct IntentDescription: Hashable, Sendable, ExpressibleByStringInterpolation {
    public var descriptionText: LocalizedStringResource
    public var categoryName: LocalizedStringResource?
    public var searchKeywords: [LocalizedStringResource]
    /// What Shortcuts calls the intent's result (`resultValueName: "Trail Information"`); kept, not reported.
    public var resultValueName: LocalizedStringResource?

    public init(_ descriptionText: LocalizedStringResource, categoryName: LocalizedStringResource? = nil,
                searchKeywords: [LocalizedStringResource] = [], resultValueName: LocalizedStringResource? = nil) {
        self.descriptionText = descriptionText
        self.categoryName = categoryName
        self.searchKeywords = searchKeywords
        self.resultValueName = resultValueName
    }

    public init(stringLiteral value: String) { self.init(LocalizedStringResource(stringLiteral: value)) }

    public init(stringInterpolation: DefaultStringInterpolation) {
        self.init(stringLiteral: String(stringInterpolation: stringInterpolation))
    }
}

/// A type an intent's `description` can have: `String`, ``IntentDescription`` or
/// `IntentDescription?` (Apple declares the last).
public protocol IntentDescriptionText: Sendable {
    /// The text shown; empty for none.
    var intentDescriptionText: String { get }
}

extension String: IntentDescriptionText {
    public var intentDescriptionText: String { self }
}

extension IntentDescription: IntentDescriptionText {
    public var intentDescriptionText: String { descriptionText.defaultValue }
}

extension Optional: IntentDescriptionText where Wrapped == IntentDescription {
    public var intentDescriptionText: String { self?.descriptionText.defaultValue ?? "" }
}

/// A value, typically an error, that says itself as a ``LocalizedStringResource`` (Foundation's
/// protocol on Apple platforms). An error of `perform()` or a query that conforms is reported with
/// this text, as App Intents shows it.
///
/// ```swift
/// enum OrderError: Error, CustomLocalizedStringResourceConvertible {
///     case soldOut(String)
///     var localizedStringResource: LocalizedStringResource {
///         switch self { case .soldOut(let soup): "\(soup) is sold out" }
///     }
/// }
/// ```
public protocol CustomLocalizedStringResourceConvertible {
    var localizedStringResource: LocalizedStringResource { get }
}
