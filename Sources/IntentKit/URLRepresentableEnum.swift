import Foundation

/// An app enum with a universal link per value (App Intents' `URLRepresentableEnum`, iOS 18).
/// In another URL representation the enum stands for its raw value. Nothing here opens a URL;
/// ``EnumURLRepresentation/url(for:)`` makes it.
///
/// ```swift
/// enum Destination: String, AppEnum, URLRepresentableEnum {
///     case root, locationServices
///     static let urlRepresentation = URLRepresentation("https://example.com/root=\(.rawValue)")
///     …
/// }
/// await Destination.urlRepresentation.url(for: .locationServices)   // https://example.com/root=locationServices
/// ```
public protocol URLRepresentableEnum: AppEnum, CustomURLRepresentationParameterConvertible {
    static var urlRepresentation: EnumURLRepresentation<Self> { get }
}

extension URLRepresentableEnum {
    public typealias URLRepresentation = EnumURLRepresentation<Self>
    public var urlRepresentationParameter: String? {
        get async { await URLRepresentationInterpolation<Self>.text(of: String(describing: rawValue)) }
    }
}

/// The URLs of an app enum's values (App Intents' `EnumURLRepresentation`): one string with the
/// value in it (`"https://example.com/root=\(.rawValue)"`), or a string per case, each of which
/// may name a case (`[.root: "https://example.com/link1=\(.root)", …]`); a value without one has no URL.
public struct EnumURLRepresentation<Enum: AppEnum>: Sendable, ExpressibleByStringInterpolation {
    private let shared: EnumSingleURLRepresentation?
    private let perCase: [Enum: EnumSingleURLRepresentation]

    /// One string for every value, with `\(.rawValue)` where the value goes.
    public init(_ urlRepresentation: EnumSingleURLRepresentation) {
        shared = urlRepresentation
        perCase = [:]
    }

    /// A string per case, for URLs that differ by more than the value.
    public init(_ urlRepresentations: [Enum: EnumSingleURLRepresentation]) {
        shared = nil
        perCase = urlRepresentations
    }

    public init(stringLiteral value: String) { self.init(EnumSingleURLRepresentation(stringLiteral: value)) }
    public init(stringInterpolation: EnumSingleURLRepresentation.StringInterpolation) {
        self.init(EnumSingleURLRepresentation(stringInterpolation: stringInterpolation))
    }

    /// The URL of `value`; nil when it has no string here or the text is no URL. (IntentKit's, not Apple's.)
    public func url(for value: Enum) async -> URL? {
        guard let representation = perCase[value] ?? shared else { return nil }
        return await representation.url(for: value)
    }

    /// One URL string: text, the value (`\(.rawValue)`) and named cases (`\(.root)`), each as its
    /// raw value, percent-encoded.
    public struct EnumSingleURLRepresentation: Sendable, ExpressibleByStringInterpolation {
        fileprivate let pieces: [Piece]

        public init(stringLiteral value: String) { pieces = [.text(value)] }
        public init(stringInterpolation: StringInterpolation) { pieces = stringInterpolation.pieces }

        fileprivate enum Piece: Sendable {
            case text(String)
            case value
            case fixed(Enum)
        }

        func url(for value: Enum) async -> URL? {
            var text = ""
            for piece in pieces {
                switch piece {
                case .text(let literal): text += literal
                case .value, .fixed:
                    let shown = if case .fixed(let fixed) = piece { fixed } else { value }
                    guard let part = await URLRepresentationInterpolation<Enum>.text(of: String(describing: shown.rawValue))
                    else { return nil }
                    text += part
                }
            }
            return URL(string: text)
        }

        /// What `\(.rawValue)` names: the value the URL is made for.
        public struct Placeholder: Sendable {
            public static var rawValue: Placeholder { Placeholder() }
        }

        public struct StringInterpolation: StringInterpolationProtocol, Sendable {
            fileprivate var pieces: [Piece] = []
            public init(literalCapacity: Int, interpolationCount: Int) {}
            public mutating func appendLiteral(_ literal: String) { pieces.append(.text(literal)) }
            /// `\(.rawValue)`: the value the URL is made for.
            public mutating func appendInterpolation(_ placeholder: Placeholder) { pieces.append(.value) }
            /// `\(.root)`: that case's raw value.
            public mutating func appendInterpolation(_ value: Enum) { pieces.append(.fixed(value)) }
        }
    }
}
