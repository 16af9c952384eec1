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
    public struct Image: Hashable, Sendable {
        public var name: String
        public var isSystemImage: Bool
        public init(named name: String) {
            self.name = name
            self.isSystemImage = false
        }
        public init(systemName: String) {
            self.name = systemName
            self.isSystemImage = true
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
