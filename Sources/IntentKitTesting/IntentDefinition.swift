import Foundation
import SpotlightModel
import SpotlightProtocol

/// One intent of the app. `makeIntent` takes its parameters as keyword arguments:
///
/// ```swift
/// let createEvent = definitions.intents["CreateEventIntent"]
/// let result = try await createEvent.makeIntent(title: "Launch", startDate: Date(), calendar: "Deep Space").run()
/// ```
public struct IntentDefinition: Sendable {
    /// The intent's type name.
    public let name: String
    let definitions: IntentDefinitions

    /// `makeIntent(title: "Launch", isAllDay: false)`: the intent with these parameters;
    /// nothing runs until ``ConfiguredIntent/run()``.
    public var makeIntent: IntentMaker { IntentMaker(definition: self) }

    /// The intent's parameters as the app declares them.
    /// - Throws: `notFound` if the app has no intent of this name, listing those it has.
    public func parameters() async throws -> [ParameterSchema] {
        try await schema(in: definitions.session()).parameters
    }

    func schema(in session: AppSession) async throws -> IntentSchema {
        let schema = try await session.schema()
        guard let intent = schema.intents.first(where: { $0.name == name }) else {
            throw SpotlightError(.notFound, "\(definitions.bundleIdentifier) has no intent \"\(name)\"; intents: "
                + AppSession.list(schema.intents.filter(\.isDiscoverable).map(\.name)))
        }
        return intent
    }
}

/// Makes a ``ConfiguredIntent`` from keyword arguments (see ``IntentArgumentConvertible``
/// for the values it takes; `nil` leaves a parameter out).
@dynamicCallable
public struct IntentMaker: Sendable {
    let definition: IntentDefinition

    public func dynamicallyCall(
        withKeywordArguments arguments: KeyValuePairs<String, (any IntentArgumentConvertible)?>
    ) -> ConfiguredIntent {
        ConfiguredIntent(definition: definition, arguments: arguments.map { (name: $0.key, value: $0.value) })
    }
}

/// An intent with its arguments, ready to run in the app process (Apple's `AnyAppIntent`).
/// Parameters can also be set and read by name before it runs:
///
/// ```swift
/// var intent = definitions.intents["CreateTaskIntent"].makeIntent()
/// intent.title = "Buy milk"
/// intent.project = "Errands"
/// let title: String? = try intent.title
/// let result = try await intent.run()
/// ```
@dynamicMemberLookup
public struct ConfiguredIntent: Sendable {
    public let definition: IntentDefinition

    /// The intent's type name (Apple's `AnyAppIntent.identifier`); a parameter of the same name is
    /// set and read by dynamic member lookup only through `intent[dynamicMember: "identifier"]`.
    public var identifier: String { definition.name }
    /// The arguments in the order given; a name given again replaces the earlier value.
    public private(set) var arguments: [(name: String, value: (any IntentArgumentConvertible)?)]

    init(definition: IntentDefinition, arguments: [(name: String, value: (any IntentArgumentConvertible)?)]) {
        self.definition = definition
        self.arguments = arguments
    }

    /// A parameter's value as given (`intent.title = "Buy milk"`); `nil` when not given.
    /// Setting `nil` leaves the parameter out.
    public subscript(dynamicMember name: String) -> (any IntentArgumentConvertible)? {
        get { arguments.last { $0.name == name }?.value ?? nil }
        set {
            arguments.removeAll { $0.name == name }
            if let newValue { arguments.append((name: name, value: newValue)) }
        }
    }

    /// A parameter's value as given, read as `T` (`let title: String? = try intent.title`).
    /// - Throws: `invalidInput` when the given value does not read as `T`.
    public subscript<T: AppValueReadable>(dynamicMember name: String) -> T {
        get throws {
            let given = self[dynamicMember: name].flatMap(\.givenAppValue) ?? AppValue(.none)
            guard let read = T(appValue: given) else {
                throw SpotlightError(.invalidInput, "\(definition.name)'s parameter '\(name)' was given "
                    + "\(given.debugDescription) (\(given.content.kindName)), which does not read as \(T.self)")
            }
            return read
        }
    }

    /// Runs the intent in the app (launching the app if needed) and returns what its
    /// `perform()` returned.
    /// - Throws: `SpotlightError`: unknown intent (listing those that exist), unknown or
    ///   missing parameter, a value that does not convert, no entity matched, the intent's
    ///   own error, the app crashed (its exit status and the end of its stderr), timeout.
    @discardableResult
    public func run() async throws -> IntentRunResult {
        let session = try await definition.definitions.session()
        let intent = try await definition.schema(in: session)
        let schema = try await session.schema()
        let values = try convertedArguments(intent, schema)
        let result: RunIntentResult = try await session.call(
            "runIntent", RunIntentParams(intent: intent.name, arguments: values), doing: "running \(intent.name)")
        return IntentRunResult(value: AppValue(result.value, schema: schema, type: intent.returns, fetcher: session.fetcher), dialog: result.dialog)
    }

    private func convertedArguments(_ intent: IntentSchema, _ schema: AppSchema) throws -> [String: PropertyValue] {
        var values: [String: PropertyValue] = [:]
        var seen = Set<String>()
        let names = intent.parameters.map(\.name).joined(separator: ", ")
        for (name, value) in arguments {
            guard !name.isEmpty else {
                throw SpotlightError(.invalidInput, "\(intent.name): give every argument its parameter's name, "
                    + "as in makeIntent(title: ...); its parameters are \(names.isEmpty ? "(none)" : names)")
            }
            guard seen.insert(name).inserted else {
                throw SpotlightError(.invalidInput, "\(intent.name): parameter '\(name)' is given twice")
            }
            guard let parameter = intent.parameters.first(where: { $0.name == name }) else {
                throw SpotlightError(.invalidInput, "\(intent.name) has no parameter '\(name)'; its parameters are "
                    + (names.isEmpty ? "(none)" : names))
            }
            do {
                values[name] = try value?.intentArgument(for: parameter.type, in: schema)
            } catch let rejection as ArgumentRejection {
                throw SpotlightError(.invalidInput, "\(intent.name), parameter '\(name)' (\(parameter.type)): "
                    + rejection.reason)
            }
        }
        return values
    }
}

/// What an intent's `run()` returned (Apple's `ResolvedIntentResult`). `value` is what
/// `perform()` returned: an ``AppValue`` to compare, read properties of or pass on, or, given a
/// type, that type (`let n: Int = try result.value`), as Apple's reads it.
///
/// ```swift
/// let result = try await createTask.makeIntent(title: "Buy milk").run()
/// XCTAssertEqual(try result.value.title, "Buy milk")       // a property of the returned entity
/// let task: AnyAppEntity = try result.value                 // the returned entity itself
/// let tasks: [AnyAppEntity] = try search.value              // an array of entities
/// let count: Int = try counted.value                        // a returned Int
/// XCTAssertEqual(result.value, expectedID)                  // a returned String, against a variable
/// ```
public struct IntentRunResult: ReturnedValueReading, Sendable {
    /// The value `perform()` returned with `.result(value:)`; `nil` (``AppValue/Content/none``)
    /// when it returned none.
    public let value: AppValue
    /// What the intent said (`.result(dialog:)`); nil when it said nothing.
    public let dialog: String?

    public init(value: AppValue, dialog: String? = nil) {
        self.value = value
        self.dialog = dialog
    }
}

/// Apple's name for what `run()` returns.
public typealias ResolvedIntentResult = IntentRunResult
