import Foundation
import SpotlightModel

/// A type that says how it appears in an entity's or an intent's URL representation, App Intents'
/// `CustomURLRepresentationParameterConvertible`. `String`, `Int` and `URL` need not adopt it.
///
/// ```swift
/// struct Slug: CustomURLRepresentationParameterConvertible {
///     var name: String
///     var urlRepresentationParameter: String? { name.lowercased() }
/// }
/// ```
public protocol CustomURLRepresentationParameterConvertible {
    /// The text the value puts in a URL; nil makes no URL.
    var urlRepresentationParameter: String? { get async }
}

/// The text and key paths of a URL representation, as App Intents writes it:
/// `"https://example.com/trail/\(\.$name)"`. Shared by ``EntityURLRepresentation`` and
/// ``IntentURLRepresentation``.
public struct URLRepresentationInterpolation<Root>: StringInterpolationProtocol, Sendable {
    typealias Piece = @Sendable (Root) async -> String?
    var pieces: [Piece] = []

    public init(literalCapacity: Int, interpolationCount: Int) {}

    public mutating func appendLiteral(_ literal: String) {
        pieces.append { _ in literal }
    }

    /// A key path to a property, a parameter (`\.$page`) or the identifier (`\.id`); its value is
    /// put in the URL: a `String` percent-encoded, an `Int` or `URL` as text, anything else by
    /// ``CustomURLRepresentationParameterConvertible``.
    public mutating func appendInterpolation<Value>(_ keyPath: KeyPath<Root, Value>) {
        nonisolated(unsafe) let path = keyPath
        pieces.append { root in await URLRepresentationInterpolation.text(of: root[keyPath: path]) }
    }

    static func text(of value: Any) async -> String? {
        switch value {
        case let wrapped as any URLRepresentationWrapper:
            guard let inner = wrapped.urlRepresentationValue else { return nil }
            return await text(of: inner)
        case let custom as any CustomURLRepresentationParameterConvertible: return await custom.urlRepresentationParameter
        case let string as String:
            return string.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn:
                "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~"))
        case let int as Int: return String(int)
        case let url as URL: return url.absoluteString
        case let id as any EntityIdentifierConvertible: return await text(of: id.entityIdentifierString)
        case Optional<Any>.none: return nil
        default: return nil
        }
    }

    /// The URL for `root`; nil when a value is missing or has no text, or the text is no URL.
    func url(for root: Root) async -> URL? {
        var text = ""
        for piece in pieces {
            guard let part = await piece(root) else { return nil }
            text += part
        }
        return URL(string: text)
    }
}

/// `@Property` and `@Parameter` wrappers, whose value a key path such as `\.$name` reaches.
protocol URLRepresentationWrapper {
    var urlRepresentationValue: Any? { get }
}

extension EntityProperty: URLRepresentationWrapper {
    var urlRepresentationValue: Any? { currentPropertyValue == nil ? nil : wrappedValue }
}

extension IntentParameter: URLRepresentationWrapper {
    var urlRepresentationValue: Any? { currentValue.flatMap { $0.propertyValue == nil ? nil : $0 } }
}

extension URLRepresentationInterpolation where Root: AppEntity {
    /// `\(.id)`, as some of Apple's samples write it: the entity's identifier, as `\(\.id)` is.
    public mutating func appendInterpolation(_ identifier: EntityURLIdentifier) {
        pieces.append { entity in await URLRepresentationInterpolation.text(of: entity.id) }
    }
}

/// What `\(.id)` names in an entity's URL representation: its identifier.
public struct EntityURLIdentifier: Sendable {
    public static var id: EntityURLIdentifier { EntityURLIdentifier() }
}
