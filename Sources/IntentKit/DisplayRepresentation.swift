import Foundation

/// How an entity or an enum case is shown: a title, an optional subtitle, and synonyms
/// that find it too. Mirrors App Intents' `DisplayRepresentation`; it takes `String`s or
/// ``LocalizedStringResource``s and keeps the text.
///
/// ```swift
/// var displayRepresentation: DisplayRepresentation {
///     DisplayRepresentation(title: "\(title)", subtitle: "\(calendar.title)")
/// }
/// static let caseDisplayRepresentations: [CalendarColor: DisplayRepresentation] = [.red: "Red"]
/// ```
public struct DisplayRepresentation: Hashable, Sendable, ExpressibleByStringInterpolation {
    public var title: String
    public var subtitle: String?
    public var image: Image?
    public var synonyms: [String]

    public init(title: String, subtitle: String? = nil, image: Image? = nil, synonyms: [String] = []) {
        self.title = title
        self.subtitle = subtitle
        self.image = image
        self.synonyms = synonyms
    }

    public init(stringLiteral value: String) { self.init(title: value) }

    /// As App Intents declares it, with ``LocalizedStringResource``s.
    public init(title: LocalizedStringResource, subtitle: LocalizedStringResource? = nil, image: Image? = nil,
                synonyms: [LocalizedStringResource] = []) {
        self.init(title: title.defaultValue, subtitle: subtitle?.defaultValue, image: image,
                  synonyms: synonyms.map(\.defaultValue))
    }

    /// An image named by the app; kept for source compatibility, not sent on the wire.
    ///
    /// ```swift
    /// DisplayRepresentation(title: "\(name)", image: .init(systemName: "figure.hiking", isTemplate: true))
    /// ```
    public struct Image: Hashable, Sendable {
        /// The image's name, system symbol name, or file URL.
        public var name: String
        public var isSystemImage: Bool
        /// Apple's tinting hint; kept, not used.
        public var isTemplate: Bool?
        public init(named name: String, isTemplate: Bool? = nil) {
            self.name = name
            self.isSystemImage = false
            self.isTemplate = isTemplate
        }
        public init(systemName: String, isTemplate: Bool? = nil) {
            self.name = systemName
            self.isSystemImage = true
            self.isTemplate = isTemplate
        }
        /// An image file (Apple's `init(url:isTemplate:)`); `name` is the URL's text.
        public init(url: URL, isTemplate: Bool? = nil) {
            self.name = url.absoluteString
            self.isSystemImage = false
            self.isTemplate = isTemplate
        }
    }
}

/// How a type is named to people ("Event", "Calendar").
///
/// ```swift
/// static let typeDisplayRepresentation: TypeDisplayRepresentation = "Event"
/// ```
public struct TypeDisplayRepresentation: Hashable, Sendable, ExpressibleByStringInterpolation {
    public var name: String
    /// A phrase for counts, e.g. "\(placeholder: .int) events"; informational only.
    public var numericFormat: String?

    public init(name: String, numericFormat: String? = nil) {
        self.name = name
        self.numericFormat = numericFormat
    }

    public init(stringLiteral value: String) { self.init(name: value) }

    /// As App Intents declares it, with ``LocalizedStringResource``s.
    public init(name: LocalizedStringResource, numericFormat: LocalizedStringResource? = nil) {
        self.init(name: name.defaultValue, numericFormat: numericFormat?.defaultValue)
    }
}
