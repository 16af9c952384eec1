import Foundation
import SpotlightProtocol

/// The app's App Shortcuts: intents people can run by a phrase, with no setup (App Intents'
/// `AppShortcutsProvider`). List the provider once in `main.swift`
/// (`IntentApp(..., shortcuts: TaskDeckShortcuts.self)`); `--describe` and the harness list
/// the shortcuts with their phrases resolved, and the desktop search provider can offer them.
///
/// ```swift
/// struct TaskDeckShortcuts: AppShortcutsProvider {
///     static var appShortcuts: [AppShortcut] {
///         AppShortcut(intent: CreateTaskIntent(), phrases: ["Add a task in \(.applicationName)"],
///                     shortTitle: "New Task", systemImageName: "plus.circle")
///     }
///     static let shortcutTileColor: ShortcutTileColor = .orange
/// }
/// ```
public protocol AppShortcutsProvider {
    @AppShortcutsBuilder static var appShortcuts: [AppShortcut] { get }
    static var shortcutTileColor: ShortcutTileColor { get }
    /// Phrases that must not run the app's shortcuts; kept, not used (``NegativeAppShortcutPhrases``).
    static var negativePhrases: NegativeAppShortcutPhrases { get }
}

extension AppShortcutsProvider {
    public static var shortcutTileColor: ShortcutTileColor { .navy }
    /// Apple's hook to refresh parameterized phrases; nothing to refresh here.
    public static func updateAppShortcutParameters() {}
}

/// One App Shortcut: an intent and the phrases that run it.
public struct AppShortcut: Sendable {
    /// The intent's type name.
    public let intentName: String
    let phrases: [PhraseText]
    public let shortTitle: String?
    public let systemImageName: String?
    let parameterPresentation: ResolvedPresentation?

    public init<Intent: AppIntent>(intent: Intent, phrases: [AppShortcutPhrase<Intent>],
                                   shortTitle: LocalizedStringResource, systemImageName: String) {
        self.init(intent, phrases, shortTitle.defaultValue, systemImageName)
    }

    /// With a presentation of one parameter (iOS 17), which `describe` reports with the shortcut
    /// (see ``AppShortcutParameterPresentation``).
    public init<Intent: AppIntent, Value, Parameter, ParameterKeyPath>(
        intent: Intent, phrases: [AppShortcutPhrase<Intent>], shortTitle: LocalizedStringResource, systemImageName: String,
        parameterPresentation: AppShortcutParameterPresentation<Intent, Value, Parameter, ParameterKeyPath>
    ) {
        self.init(intent, phrases, shortTitle.defaultValue, systemImageName, parameterPresentation.resolved(in: intent))
    }

    /// The App Intents form without a short title and image.
    public init<Intent: AppIntent>(intent: Intent, phrases: [AppShortcutPhrase<Intent>]) {
        self.init(intent, phrases, nil, nil)
    }

    private init<Intent: AppIntent>(_ intent: Intent, _ phrases: [AppShortcutPhrase<Intent>], _ shortTitle: String?,
                                    _ systemImageName: String?, _ parameterPresentation: ResolvedPresentation? = nil) {
        self.intentName = Intent.typeName
        self.phrases = phrases.map { PhraseText(pieces: $0.template.resolved(in: intent)) }
        self.shortTitle = shortTitle
        self.systemImageName = systemImageName
        self.parameterPresentation = parameterPresentation
    }

    /// The phrases with `applicationName` in place of `\(.applicationName)` and each parameter as `${name}`.
    public func phrases(applicationName: String) -> [String] {
        phrases.map { $0.resolved(applicationName: applicationName) }
    }

    func schema(applicationName: String) -> ShortcutSchema {
        ShortcutSchema(intent: intentName, phrases: phrases(applicationName: applicationName), shortTitle: shortTitle,
                       systemImageName: systemImageName, parameterPresentation: parameterPresentation.map {
                           ShortcutParameterPresentationSchema(parameter: $0.parameter,
                                                               summary: $0.summary.resolved(applicationName: applicationName),
                                                               optionsCollections: $0.optionsCollections)
                       })
    }

    /// A parameter presentation with the application name still to fill in.
    struct ResolvedPresentation: Sendable {
        var parameter: String
        var summary: PhraseText
        var optionsCollections: [ShortcutOptionsCollectionSchema]
    }

    /// A phrase with the application name still to fill in.
    struct PhraseText: Sendable {
        var pieces: [String?]   // nil: the application name
        func resolved(applicationName: String) -> String { pieces.map { $0 ?? applicationName }.joined() }
    }
}

/// A phrase of an App Shortcut: text with `\(.applicationName)` and parameters (`\(\.$project)`).
public struct AppShortcutPhrase<Intent: AppIntent>: Sendable, ExpressibleByStringInterpolation {
    let template: IntentTemplate<Intent>

    public init(stringLiteral value: String) { template = IntentTemplate(pieces: [.text(value)]) }
    public init(stringInterpolation: IntentTextInterpolation<Intent>) { template = stringInterpolation.template }
}

/// What a phrase can name besides text: the app.
public struct AppShortcutPhraseToken: Hashable, Sendable {
    let name: String
    /// The app's name (``IntentApp``'s `applicationName`).
    public static let applicationName = AppShortcutPhraseToken(name: "applicationName")
}

/// Builds `appShortcuts` from one `AppShortcut` expression per line.
@resultBuilder
public enum AppShortcutsBuilder {
    public static func buildExpression(_ shortcut: AppShortcut) -> [AppShortcut] { [shortcut] }
    public static func buildExpression(_ shortcuts: [AppShortcut]) -> [AppShortcut] { shortcuts }
    public static func buildBlock(_ parts: [AppShortcut]...) -> [AppShortcut] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [AppShortcut]?) -> [AppShortcut] { part ?? [] }
    public static func buildEither(first part: [AppShortcut]) -> [AppShortcut] { part }
    public static func buildEither(second part: [AppShortcut]) -> [AppShortcut] { part }
    public static func buildArray(_ parts: [[AppShortcut]]) -> [AppShortcut] { parts.flatMap { $0 } }
    public static func buildLimitedAvailability(_ part: [AppShortcut]) -> [AppShortcut] { part }
}

/// The tile color of the app's shortcuts in Shortcuts (informational here).
public enum ShortcutTileColor: String, Hashable, Sendable, CaseIterable {
    case red, tangerine, orange, yellow, lime, grayBrown, grayGreen, lightBlue, teal, blue, navy, purple, grape, pink, grayBlue
}
