import Foundation
import SpotlightModel

/// App Intents' `OpenURLIntent` (iOS 18): an intent that opens one of the app's universal links,
/// most often returned from another intent's `perform()`.
///
/// ```swift
/// func perform() async throws -> some IntentResult & OpensIntent {
///     .result(opensIntent: OpenURLIntent(URL(string: "https://example.com/trail/7")!))
/// }
/// ```
///
/// A Linux desktop has no universal links to hand the URL to, so it runs and opens nothing: the
/// intent that returned it still gives its caller its value and dialog, as Apple's does.
public struct OpenURLIntent: AppIntent {
    public static var title: LocalizedStringResource { "Open URL" }
    public static var openAppWhenRun: Bool { true }

    /// The universal link to open. Made from a URL representation (`init(urlRepresentable:)`), it
    /// is set when the intent runs, as the representation is made asynchronously.
    @Parameter(title: "URL") public var url: URL

    /// What `init(urlRepresentable:)` was given, its URL still to make.
    private let representation: (@Sendable () async -> (url: URL?, of: String))?

    public init() { representation = nil }

    /// The intent that opens `url`.
    public init(_ url: URL) {
        representation = nil
        self.url = url
    }

    /// The intent that opens an app enum value's universal link (``URLRepresentableEnum``).
    public init<Value: URLRepresentableEnum>(urlRepresentable value: Value) throws {
        representation = { await (Value.urlRepresentation.url(for: value), "\(Value.self).\(value)") }
    }

    /// The intent that opens an entity's universal link (``URLRepresentableEntity``).
    public init<Entity: URLRepresentableEntity>(urlRepresentable entity: Entity) throws {
        representation = { await (Entity.urlRepresentation.url(for: entity), "\(Entity.self) \"\(entity.id)\"") }
    }

    /// The intent that opens another intent's universal link (``URLRepresentableIntent``).
    public init<Intent: URLRepresentableIntent>(urlRepresentable intent: Intent) throws {
        representation = { await (Intent.urlRepresentation.url(for: intent), "\(Intent.self)") }
    }

    /// Makes `url` from the URL representation it was given, if any; opens nothing (see above).
    /// - Throws: `invalidInput` when that representation makes no URL (a value in it unset).
    public func perform() async throws -> some IntentResult {
        if let representation {
            let (made, of) = await representation()
            guard let made else {
                throw SpotlightError(.invalidInput, "the URL representation of \(of) made no URL: a value in it has none")
            }
            url = made
        }
        return .result()
    }
}
