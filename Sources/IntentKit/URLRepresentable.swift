import Foundation

/// What ``EntityURLRepresentation`` and ``IntentURLRepresentation`` share: a string with key paths
/// into `Root`, and the URL it makes for a value.
///
/// ```swift
/// let link: EntityURLRepresentation<TrailEntity> = "https://example.com/trail/\(\.id)"
/// await link.url(for: trail)   // https://example.com/trail/7
/// ```
public protocol URLRepresentationText: ExpressibleByStringInterpolation, Sendable
where StringInterpolation == URLRepresentationInterpolation<Root> {
    associatedtype Root
    /// The text and key paths, as written.
    var template: URLRepresentationInterpolation<Root> { get }
    init(template: URLRepresentationInterpolation<Root>)
}

extension URLRepresentationText {
    public init(_ value: String) { self.init(stringLiteral: value) }
    public init(stringLiteral value: String) {
        var template = URLRepresentationInterpolation<Root>(literalCapacity: 0, interpolationCount: 0)
        template.appendLiteral(value)
        self.init(template: template)
    }
    public init(stringInterpolation: URLRepresentationInterpolation<Root>) { self.init(template: stringInterpolation) }

    /// The URL of `value`; nil when a value in it is unset or the text is no URL. (IntentKit's, not Apple's.)
    public func url(for value: Root) async -> URL? { await template.url(for: value) }
}

/// An entity's URL, App Intents' `EntityURLRepresentation`, written as a string with key paths.
/// Nothing here opens an entity by its URL; ``URLRepresentationText/url(for:)`` makes it.
///
/// ```swift
/// extension TrailEntity: URLRepresentableEntity {
///     static let urlRepresentation: URLRepresentation = "https://example.com/trail/\(\.id)"
/// }
/// ```
public struct EntityURLRepresentation<Entity: AppEntity>: URLRepresentationText {
    public let template: URLRepresentationInterpolation<Entity>
    public init(template: URLRepresentationInterpolation<Entity>) { self.template = template }
}

/// An intent's URL, App Intents' `IntentURLRepresentation`, from its parameters.
///
/// ```swift
/// static let urlRepresentation: URLRepresentation = "https://www.apple.com/\(\.$page)"
/// ```
public struct IntentURLRepresentation<Intent: AppIntent>: URLRepresentationText {
    public let template: URLRepresentationInterpolation<Intent>
    public init(template: URLRepresentationInterpolation<Intent>) { self.template = template }
}

/// An entity with a universal link, App Intents' `URLRepresentableEntity`. In another URL
/// representation the entity stands for its identifier.
///
/// ```swift
/// struct NoteEntity: AppEntity, URLRepresentableEntity {
///     static let urlRepresentation: URLRepresentation = "https://example.com/note/\(\.$contentID)"
///     …
/// }
/// ```
public protocol URLRepresentableEntity: AppEntity, CustomURLRepresentationParameterConvertible {
    static var urlRepresentation: EntityURLRepresentation<Self> { get }
}

extension URLRepresentableEntity {
    public typealias URLRepresentation = EntityURLRepresentation<Self>
    public var urlRepresentationParameter: String? {
        get async { await URLRepresentationInterpolation<Self>.text(of: id) }
    }
}

/// An intent with a universal link, App Intents' `URLRepresentableIntent`. It still needs its
/// own `perform()` here: nothing hands the URL to the app.
///
/// ```swift
/// struct OpenAppleDotCom: URLRepresentableIntent {
///     static let urlRepresentation: URLRepresentation = "https://www.apple.com/\(\.$page)"
///     @Parameter(title: "Page") var page: String
///     …
/// }
/// ```
public protocol URLRepresentableIntent: AppIntent {
    static var urlRepresentation: IntentURLRepresentation<Self> { get }
}

extension URLRepresentableIntent {
    public typealias URLRepresentation = IntentURLRepresentation<Self>
}
