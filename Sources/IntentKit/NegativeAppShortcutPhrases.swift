import Foundation

/// Phrases that must not run any of the app's shortcuts (App Intents' `NegativeAppShortcutPhrases`,
/// an `AppShortcutsProvider`'s `negativePhrases`). Kept for source compatibility: there is no Siri
/// here to route speech, and nothing matches phrases.
///
/// ```swift
/// static var negativePhrases: NegativeAppShortcutPhrases {
///     NegativeAppShortcutPhrases {
///         "Stop a hike in \(.applicationName)"
///     }
/// }
/// ```
public struct NegativeAppShortcutPhrases: Sendable {
    let phrases: [NegativeAppShortcutPhrase]

    public init(phrases: [NegativeAppShortcutPhrase]) { self.phrases = phrases }

    public init(@Builder _ phrases: () -> [NegativeAppShortcutPhrase]) { self.phrases = phrases() }

    /// The phrases with `applicationName` in place of `\(.applicationName)`.
    public func phrases(applicationName: String) -> [String] {
        phrases.map { $0.pieces.map { $0 ?? applicationName }.joined() }
    }

    /// Builds the phrases from one per line.
    @resultBuilder
    public enum Builder {
        public static func buildExpression(_ phrase: NegativeAppShortcutPhrase) -> [NegativeAppShortcutPhrase] { [phrase] }
        public static func buildBlock(_ parts: [NegativeAppShortcutPhrase]...) -> [NegativeAppShortcutPhrase] {
            parts.flatMap { $0 }
        }
    }
}

/// One phrase that must not run the app's shortcuts: text, and `\(.applicationName)`.
public struct NegativeAppShortcutPhrase: Sendable, ExpressibleByStringInterpolation {
    /// The text, and nil where the app's name goes.
    let pieces: [String?]

    public init(_ phraseKey: String) { pieces = [phraseKey] }
    public init(stringLiteral value: String) { pieces = [value] }
    public init(stringInterpolation: StringInterpolation) { pieces = stringInterpolation.pieces }

    /// Text with `\(.applicationName)`.
    public struct StringInterpolation: StringInterpolationProtocol {
        var pieces: [String?] = []
        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) { pieces.append(literal) }
        public mutating func appendInterpolation(_ token: AppShortcutPhraseToken) { pieces.append(nil) }
    }
}

extension AppShortcutsProvider {
    /// Default: none.
    public static var negativePhrases: NegativeAppShortcutPhrases { NegativeAppShortcutPhrases(phrases: []) }
}
