import Foundation

/// An intent that says how to describe it as a suggestion (App Intents' `PredictableIntent`):
/// one or more ``IntentPrediction``s, each a display representation made from some of its
/// parameters. Nothing on Linux suggests intents by itself; `describe` lists each prediction's
/// parameters (`predictions`), and ``predictedDisplayRepresentations`` renders them for an
/// intent whose parameters are set, for an app that shows or donates its own suggestions.
///
/// ```swift
/// struct ExportIntent: AppIntent, PredictableIntent {
///     static let title: LocalizedStringResource = "Export"
///     @Parameter(title: "Outline") var outline: String
///     @Parameter(title: "Format") var format: ExportFormat
///
///     static var predictionConfiguration: some IntentPredictionConfiguration {
///         IntentPrediction(parameters: (\.$outline, \.$format)) { outline, format in
///             DisplayRepresentation(title: "Export \(outline) as \(format)")
///         }
///     }
///     func perform() async throws -> some IntentResult { .result() }
/// }
/// ```
public protocol PredictableIntent: AppIntent {
    associatedtype Prediction: IntentPredictionConfiguration
    /// The intent's predictions, written with ``IntentPredictionsBuilder``.
    @IntentPredictionsBuilder<Self> static var predictionConfiguration: Prediction { get }
}

/// One or more predictions of one intent type (``IntentPrediction``, or several of them in a
/// ``TupleIntentPrediction``).
public protocol IntentPredictionConfiguration {
    associatedtype Intent: AppIntent
}

/// A description of an intent as a suggestion: a display representation made from the values
/// of the parameters its key paths name (none, one, or a tuple of any number). The closure is called
/// only when each of those parameters has a value (a `nil` optional counts as none).
///
/// ```swift
/// IntentPrediction(parameters: \.$trail) { trail in DisplayRepresentation(title: "Get info on \(trail)") }
/// IntentPrediction { DisplayRepresentation(title: "Refresh all apps") }
/// ```
public struct IntentPrediction<Intent: AppIntent, Parameters>: IntentPredictionConfiguration {
    let entry: PredictionEntry

    /// A prediction that uses no parameter.
    public init(displayRepresentation: @escaping () -> DisplayRepresentation) where Parameters == () {
        entry = PredictionEntry(parameters: []) { intent in
            guard intent is Intent else { return nil }
            return displayRepresentation()
        }
    }

    /// A prediction made from the values of the parameters `parameters` names: one key path
    /// (`\.$trail`) or a tuple of them (`(\.$outline, \.$format)`), their values passed in that order.
    public init<each Value: IntentValue>(
        parameters: Parameters,
        displayRepresentation: @escaping (repeat each Value) -> DisplayRepresentation
    ) where Parameters == (repeat KeyPath<Intent, IntentParameter<each Value>>) {
        var paths: [AnyKeyPath] = []
        for path in repeat each parameters { paths.append(path) }
        entry = PredictionEntry(parameters: paths) { intent in
            guard let intent = intent as? Intent else { return nil }
            do {
                let values = try (repeat Self.value(of: intent[keyPath: each parameters]))
                return displayRepresentation(repeat each values)
            } catch {
                return nil
            }
        }
    }

    private struct NoValue: Error {}

    /// The parameter's value, or `NoValue` when it has none (unset, or a `nil` optional).
    private static func value<V: IntentValue>(of parameter: IntentParameter<V>) throws -> V {
        guard let value = parameter.currentValue, value.propertyValue != nil else { throw NoValue() }
        return value
    }
}

/// Several predictions of one intent (App Intents' `TupleIntentPrediction`), as
/// ``IntentPredictionsBuilder`` makes them.
public struct TupleIntentPrediction<Intent: AppIntent, Content>: IntentPredictionConfiguration {
    let entries: [PredictionEntry]
}

/// The result builder of ``PredictableIntent/predictionConfiguration``: one prediction, or
/// several in the order written.
@resultBuilder
public enum IntentPredictionsBuilder<Intent: AppIntent> {
    public static func buildBlock<Prediction: IntentPredictionConfiguration>(_ prediction: Prediction) -> Prediction
    where Prediction.Intent == Intent {
        prediction
    }

    /// Each prediction, its key paths rooted at `Intent`.
    public static func buildExpression<Prediction: IntentPredictionConfiguration>(_ prediction: Prediction) -> Prediction
    where Prediction.Intent == Intent {
        prediction
    }

    public static func buildBlock<First: IntentPredictionConfiguration, Second: IntentPredictionConfiguration,
                                  each Rest: IntentPredictionConfiguration>(
        _ first: First, _ second: Second, _ rest: repeat each Rest
    ) -> TupleIntentPrediction<Intent, (First, Second, repeat each Rest)> {
        var entries = PredictionEntry.entries(of: first) + PredictionEntry.entries(of: second)
        for prediction in repeat each rest { entries += PredictionEntry.entries(of: prediction) }
        return TupleIntentPrediction(entries: entries)
    }
}

/// One prediction with its types erased: the key paths of its parameters, and its display
/// representation for an intent (nil when a parameter has no value or the intent is another type).
struct PredictionEntry {
    let parameters: [AnyKeyPath]
    let render: (any AppIntent) -> DisplayRepresentation?

    /// The entries of a configuration made by IntentKit's types; none for any other.
    static func entries(of configuration: some IntentPredictionConfiguration) -> [PredictionEntry] {
        (configuration as? any PredictionListing)?.predictionEntries ?? []
    }
}

protocol PredictionListing {
    var predictionEntries: [PredictionEntry] { get }
}

extension IntentPrediction: PredictionListing {
    var predictionEntries: [PredictionEntry] { [entry] }
}

extension TupleIntentPrediction: PredictionListing {
    var predictionEntries: [PredictionEntry] { entries }
}

extension PredictableIntent {
    /// IntentKit's own (Apple's system renders these itself): the display representations of
    /// this intent's predictions whose parameters all have values, in the order written.
    ///
    /// ```swift
    /// let intent = ExportIntent()
    /// intent.outline = "Plans"
    /// intent.format = .markdown
    /// intent.predictedDisplayRepresentations.first?.title   // "Export Plans as Markdown"
    /// ```
    public var predictedDisplayRepresentations: [DisplayRepresentation] {
        PredictionEntry.entries(of: Self.predictionConfiguration).compactMap { $0.render(self) }
    }

    /// The names of each prediction's parameters (for `describe`), as the intent's properties
    /// are named; a key path to something other than a parameter of the intent is left out.
    static var predictionParameterNames: [[String]] {
        let intent = Self()
        let slots = IntentInvocation.parameters(of: intent)
        return PredictionEntry.entries(of: predictionConfiguration).map { entry in
            entry.parameters.compactMap { path in
                guard let parameter = intent[keyPath: path] as? AnyObject else { return nil }
                return slots.first { ($0.property as AnyObject) === parameter }?.name
            }
        }
    }
}
