/// App Intents' `@Parameter` options. `inclusiveRange` is enforced: a value outside it is refused
/// with `invalidInput`. The others shape Apple's editing UI and are accepted for source
/// compatibility: a caller here passes every value as it is.
///
/// ```swift
/// @Parameter(title: "Rating", default: 3, inclusiveRange: (1, 5)) var rating: Int
/// @Parameter(title: "Notes", inputOptions: String.IntentInputOptions(multiline: true)) var notes: String?
/// @Parameter(title: "Read", default: false, displayName: Bool.IntentDisplayName(true: "Read", false: "Unread")) var isRead: Bool
/// @Parameter(title: "Soup", optionsProvider: SoupOptionsProvider()) var soup: String
/// ```
extension IntentParameter {
    /// `@Parameter(title: LocalizedStringResource)` with App Intents' options. A
    /// `requestValueDialog` is never spoken: a caller here always gives every required value; nor
    /// is an entity parameter's `requestDisambiguationDialog`: a string names the first match.
    public convenience init(title: LocalizedStringResource, description: LocalizedStringResource? = nil,
                            default defaultValue: Value? = nil, controlStyle: IntentParameterControlStyle = .field,
                            inputOptions: String.IntentInputOptions? = nil, displayName: Bool.IntentDisplayName? = nil,
                            requestValueDialog: IntentDialog? = nil, requestDisambiguationDialog: IntentDialog? = nil,
                            inputConnectionBehavior: InputConnectionBehavior = .default,
                            optionsProvider: (any DynamicOptionsProvider)? = nil) {
        self.init(title: title.defaultValue, description: description?.defaultValue, default: defaultValue,
                  check: { _ in nil }, providedDefault: Self.defaultResult(of: optionsProvider))
    }

    /// `provider`'s `defaultResult()` as this parameter's value; nil without a provider.
    private static func defaultResult(of provider: (any DynamicOptionsProvider)?) -> (@Sendable () async -> Value?)? {
        guard let provider else { return nil }
        return { await provider.erasedDefaultResult() as? Value }
    }

    /// `@Parameter var trail: TrailEntity`: no title (App Intents since iOS 18); `describe`
    /// titles it with the property's name.
    ///
    /// ```swift
    /// @Parameter var trail: TrailEntity
    /// @Parameter(description: "How far to look", default: 10) var radius: Int
    /// ```
    public convenience init(description: LocalizedStringResource? = nil, default defaultValue: Value? = nil,
                            requestValueDialog: IntentDialog? = nil, requestDisambiguationDialog: IntentDialog? = nil,
                            inputConnectionBehavior: InputConnectionBehavior = .default) {
        self.init(title: "", description: description?.defaultValue, default: defaultValue)
    }
}

/// Whether Shortcuts fills a parameter from the previous action's result
/// (`@Parameter(title: "Trail", inputConnectionBehavior: .connectToPreviousIntentResult)`).
/// Accepted for source compatibility: a caller here passes every value itself.
public enum InputConnectionBehavior: String, Hashable, Sendable {
    case `default`, never, connectToPreviousIntentResult
}

extension IntentParameter where Value: IntentRangeBounded {
    /// `@Parameter(title: "Rating", inclusiveRange: (1, 5))`: a value outside the range is refused.
    public convenience init(title: LocalizedStringResource, description: LocalizedStringResource? = nil,
                            default defaultValue: Value? = nil, controlStyle: IntentParameterControlStyle = .field,
                            inclusiveRange: (Value.Bound, Value.Bound), requestValueDialog: IntentDialog? = nil,
                            inputConnectionBehavior: InputConnectionBehavior = .default) {
        let (lower, upper) = inclusiveRange
        self.init(title: title.defaultValue, description: description?.defaultValue, default: defaultValue) { value in
            guard let bound = value.boundValue, bound < lower || bound > upper else { return nil }
            return "\(bound) is outside \(lower)...\(upper)"
        }
    }
}

/// A parameter type `inclusiveRange:` applies to: `Int`, `Double`, and their optionals.
public protocol IntentRangeBounded: IntentValue {
    associatedtype Bound: Comparable & Sendable
    /// The value to compare; nil (an absent optional) is not checked.
    var boundValue: Bound? { get }
}

extension Int: IntentRangeBounded {
    public var boundValue: Int? { self }
}

extension Double: IntentRangeBounded {
    public var boundValue: Double? { self }
}

extension Optional: IntentRangeBounded where Wrapped: IntentRangeBounded {
    public var boundValue: Wrapped.Bound? { self?.boundValue }
}

/// How Apple's UI edits a number (`controlStyle: .stepper`); informational here.
public enum IntentParameterControlStyle: String, Hashable, Sendable {
    case field, stepper, slider
}

extension String {
    /// How Apple's UI edits text (`String.IntentInputOptions(keyboardType: .emailAddress)`); informational here.
    public struct IntentInputOptions: Hashable, Sendable {
        public enum KeyboardType: String, Hashable, Sendable {
            case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad
            case emailAddress, decimalPad, twitter, webSearch, asciiCapableNumberPad
        }
        public enum CapitalizationType: String, Hashable, Sendable {
            case none, words, sentences, allCharacters
        }
        public var keyboardType: KeyboardType
        public var capitalizationType: CapitalizationType
        public var multiline: Bool
        public var autocorrect: Bool
        public var smartQuotes: Bool
        public var smartDashes: Bool

        public init(keyboardType: KeyboardType = .default, capitalizationType: CapitalizationType = .sentences,
                    multiline: Bool = false, autocorrect: Bool = true, smartQuotes: Bool = true, smartDashes: Bool = true) {
            self.keyboardType = keyboardType
            self.capitalizationType = capitalizationType
            self.multiline = multiline
            self.autocorrect = autocorrect
            self.smartQuotes = smartQuotes
            self.smartDashes = smartDashes
        }
    }
}

extension Bool {
    /// What Apple's UI calls `true` and `false` (`Bool.IntentDisplayName(true: "On", false: "Off")`); informational here.
    public struct IntentDisplayName: Hashable, Sendable {
        public var trueName: LocalizedStringResource
        public var falseName: LocalizedStringResource
        public init(true trueName: LocalizedStringResource, false falseName: LocalizedStringResource) {
            self.trueName = trueName
            self.falseName = falseName
        }
    }
}

/// Values Apple's UI offers for a parameter (`@Parameter(title:optionsProvider:)`). `results()` is
/// not consulted: a caller here passes the value, and any value of the parameter's type is taken;
/// `defaultResult()` is the value of the parameter when the caller leaves it out and it declares no
/// `default:`. `results()` returns an array or, in sections, an ``IntentItemCollection``.
///
/// ```swift
/// struct SoupOptionsProvider: DynamicOptionsProvider {
///     func results() async throws -> [String] { ["Tomato", "Minestrone"] }
/// }
/// struct AuthorOptionsProvider: DynamicOptionsProvider {
///     func results() async throws -> ItemCollection<String> {
///         ItemCollection { ItemSection("Italian Authors") { "Dante Alighieri" } }
///     }
/// }
/// ```
public protocol DynamicOptionsProvider: Sendable {
    associatedtype DefaultValue: IntentValue = Result.Option
    associatedtype Result: IntentOptionsResult
    func results() async throws -> Result
    func defaultResult() async -> DefaultValue?
}

extension DynamicOptionsProvider {
    public func defaultResult() async -> DefaultValue? { nil }
    /// `defaultResult()` erased, for a parameter of any type.
    func erasedDefaultResult() async -> (any IntentValue)? { await defaultResult() }
    /// App Intents' name for ``IntentItemCollection`` inside a provider.
    public typealias ItemCollection = IntentItemCollection
    /// App Intents' name for ``IntentItemSection`` inside a provider.
    public typealias ItemSection = IntentItemSection
}

/// What `results()` and an entity query's `suggestedEntities()` may return: an array of values,
/// or an ``IntentItemCollection``.
public protocol IntentOptionsResult: Sendable {
    associatedtype Option: IntentValue
    /// Every option, sections flattened in order.
    var options: [Option] { get }
}

extension Array: IntentOptionsResult where Element: IntentValue {
    public typealias Option = Element
    public var options: [Element] { self }
}
