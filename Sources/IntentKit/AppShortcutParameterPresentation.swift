import Foundation
import SpotlightProtocol

/// How an App Shortcut presents one of its intent's parameters (App Intents'
/// `AppShortcutParameterPresentation`, iOS 17): a summary naming it and the collections of
/// options people pick from. Apple's Shortcuts app makes a tile per option; nothing on Linux
/// shows tiles, so `describe` reports the presentation with the shortcut (`parameterPresentation`:
/// the parameter's name, the summary with it as `${name}`, each collection's title and image).
///
/// ```swift
/// AppShortcut(intent: GetTrailInfo(), phrases: ["Get \(\.$trail) conditions with \(.applicationName)"],
///             shortTitle: "Get Conditions", systemImageName: "cloud.rainbow.half",
///             parameterPresentation: ParameterPresentation(
///                 for: \.$trail,
///                 summary: Summary("Get \(\.$trail) conditions"),
///                 optionsCollections: {
///                     OptionsCollection(TrailEntityQuery(), title: "Favorite Trails", systemImageName: "star")
///                 }))
/// ```
public struct AppShortcutParameterPresentation<Intent: AppIntent, Value: IntentValue, Parameter, ParameterKeyPath> {
    let parameter: (Intent) -> AnyObject
    let summary: IntentTemplate<Intent>
    let optionsCollections: [ShortcutOptionsCollectionSchema]

    /// The presentation of the parameter `keyPath` names.
    public init(for keyPath: ParameterKeyPath,
                summary: AppShortcutParameterPresentationSummary<Intent, Value, Parameter, ParameterKeyPath>,
                @AppShortcutOptionsCollectionSpecificationBuilder
                optionsCollections: () -> [any AppShortcutOptionsCollectionProtocol])
    where Parameter == IntentParameter<Value>, ParameterKeyPath == KeyPath<Intent, IntentParameter<Value>> {
        parameter = { $0[keyPath: keyPath] }
        self.summary = summary.template
        self.optionsCollections = optionsCollections().map {
            ShortcutOptionsCollectionSchema(title: $0.title.defaultValue, systemImageName: $0.systemImageName)
        }
    }

    /// The presentation with its parameter named as in `intent`, the app's name still to fill in.
    func resolved(in intent: Intent) -> AppShortcut.ResolvedPresentation {
        let wrapper = parameter(intent)
        let name = IntentInvocation.parameters(of: intent).first { $0.property === wrapper }?.name ?? "?"
        return AppShortcut.ResolvedPresentation(parameter: name, summary: AppShortcut.PhraseText(pieces: summary.resolved(in: intent)),
                                                optionsCollections: optionsCollections)
    }
}

/// The summary of a parameter presentation: text naming the parameter, `"Get \(\.$trail) conditions"`.
public struct AppShortcutParameterPresentationSummary<Intent: AppIntent, Value: IntentValue, Parameter, ParameterKeyPath> {
    let template: IntentTemplate<Intent>

    /// - Parameter table: accepted; the text is used as written.
    public init(_ summaryString: AppShortcutParameterPresentationSummaryString<Intent, Value, Parameter, ParameterKeyPath>,
                table: StaticString? = nil) {
        template = summaryString.template
    }
}

/// The text of a ``AppShortcutParameterPresentationSummary``, written as a string with
/// parameters interpolated by key path.
public struct AppShortcutParameterPresentationSummaryString<Intent: AppIntent, Value: IntentValue, Parameter, ParameterKeyPath>:
    ExpressibleByStringInterpolation {
    let template: IntentTemplate<Intent>

    public init(stringLiteral value: String) { template = IntentTemplate(pieces: [.text(value)]) }
    public init(stringInterpolation: IntentTextInterpolation<Intent>) { template = stringInterpolation.template }
}

/// A collection of options for a presented parameter (App Intents' `AppShortcutOptionsCollection`):
/// a `DynamicOptionsProvider` or an entity query, with a title and an image.
public struct AppShortcutOptionsCollection<Provider>: AppShortcutOptionsCollectionProtocol {
    public let dynamicOptionsProvider: Provider
    public let title: LocalizedStringResource
    public let systemImageName: String?

    /// Options from a dynamic options provider.
    public init(_ dynamicOptionsProvider: Provider, title: LocalizedStringResource, systemImageName: String? = nil)
    where Provider: DynamicOptionsProvider {
        self.dynamicOptionsProvider = dynamicOptionsProvider
        self.title = title
        self.systemImageName = systemImageName
    }

    /// Options from an entity query, as Apple's samples pass one (`OptionsCollection(TrailEntityQuery(), …)`).
    public init(_ dynamicOptionsProvider: Provider, title: LocalizedStringResource, systemImageName: String? = nil)
    where Provider: EntityQuery {
        self.dynamicOptionsProvider = dynamicOptionsProvider
        self.title = title
        self.systemImageName = systemImageName
    }
}

/// What every options collection has: a title and maybe an image.
public protocol AppShortcutOptionsCollectionProtocol {
    var title: LocalizedStringResource { get }
    var systemImageName: String? { get }
}

/// Builds a presentation's `optionsCollections`: one `OptionsCollection(…)` per line.
@resultBuilder
public enum AppShortcutOptionsCollectionSpecificationBuilder {
    public static func buildExpression(_ collection: some AppShortcutOptionsCollectionProtocol)
        -> [any AppShortcutOptionsCollectionProtocol] {
        [collection]
    }
    public static func buildBlock(_ parts: [any AppShortcutOptionsCollectionProtocol]...)
        -> [any AppShortcutOptionsCollectionProtocol] {
        parts.flatMap { $0 }
    }
}

extension AppShortcutsProvider {
    /// App Intents' names inside a provider.
    public typealias ParameterPresentation = AppShortcutParameterPresentation
    public typealias Summary = AppShortcutParameterPresentationSummary
    public typealias OptionsCollection = AppShortcutOptionsCollection
}
