import Foundation
import Synchronization
import SpotlightModel
import SpotlightProtocol
import SpotlightWire

/// An input of an ``AppIntent``. Write it `@Parameter(title:)`; the runtime sets it from the
/// caller's arguments before `perform()`.
///
/// ```swift
/// @Parameter(title: "Title") var title: String
/// @Parameter(title: "All day", default: false) var isAllDay: Bool
/// @Parameter(title: "Location") var location: String?    // optional: may be left out
/// ```
@propertyWrapper
public final class IntentParameter<Value: IntentValue>: Sendable {
    /// The title people see; empty when none was given (`describe` then uses the property's name).
    public let title: String
    public let description: String?
    /// Used when the caller gives no value.
    public let defaultValue: Value?
    /// Why a value is refused (`inclusiveRange:`); nil accepts it.
    let check: @Sendable (Value) -> String?
    /// The `optionsProvider:`'s `defaultResult()`, for a caller that leaves the parameter out.
    let providedDefault: (@Sendable () async -> Value?)?
    private let storage: Mutex<Value?>

    public convenience init(title: String, description: String? = nil, default defaultValue: Value? = nil) {
        self.init(title: title, description: description, default: defaultValue, check: { _ in nil })
    }

    init(title: String, description: String?, default defaultValue: Value?, check: @escaping @Sendable (Value) -> String?,
         providedDefault: (@Sendable () async -> Value?)? = nil) {
        self.title = title
        self.description = description
        self.defaultValue = defaultValue
        self.check = check
        self.providedDefault = providedDefault
        self.storage = Mutex(nil)
    }

    /// `@Parameter var trail: TrailEntity`: no title, as Apple's samples declare one since iOS 18
    /// (`describe` titles it with the property's name). A wrapper written without arguments needs
    /// an `init()` of its own type declaration.
    public init() {
        self.title = ""
        self.description = nil
        self.defaultValue = nil
        self.check = { _ in nil }
        self.providedDefault = nil
        self.storage = Mutex(nil)
    }

    /// `@Parameter(title: "Count") var count = 3` makes 3 the default.
    public convenience init(wrappedValue: Value, title: String, description: String? = nil) {
        self.init(title: title, description: description, default: wrappedValue)
    }

    /// The value set, else the default, else `nil` for an optional (`.some(nil)`); `nil` when none.
    var currentValue: Value? { storage.withLock({ $0 }) ?? defaultValue ?? Value.valueWhenAbsent }

    public var wrappedValue: Value {
        get {
            if let value = currentValue { return value }
            fatalError("@Parameter \"\(title)\" was read before it was set; the runtime sets it before perform()")
        }
        set { storage.withLock { $0 = newValue } }
    }

    /// `$query`: the parameter itself, for key paths in a parameter summary or a shortcut phrase.
    public var projectedValue: IntentParameter<Value> { self }
}

/// The App Intents spelling: `@Parameter(title:)`.
public typealias Parameter = IntentParameter

/// What the runtime sees of an intent's `@Parameter`s, whatever their value type.
protocol IntentParameterSlot: AnyObject, Sendable {
    var schemaTitle: String { get }
    var schemaDescription: String? { get }
    var valueType: ValueType { get }
    /// The enum the parameter takes (or an optional or array of), else nil.
    var enumSchema: EnumSchema? { get }
    var isOptional: Bool { get }
    var hasDefault: Bool { get }
    var defaultPropertyValue: PropertyValue? { get }
    /// What the parameter is given when the caller leaves it out and it has no default (a unique entity).
    var implicitArgument: PropertyValue? { get }
    /// Why the parameter's own `inclusiveRange` refuses its default; nil when it takes it (or has none).
    var defaultRefusal: String? { get }
    /// Converts and stores a wire value.
    /// - Throws: ``ValueConversionError``, or what the entity's query threw.
    func assign(_ value: PropertyValue) async throws
    /// Stores what a parameter left out gets from its `optionsProvider:`'s `defaultResult()`, else
    /// from its type's query (``IntentValue/queryDefault()``); false when neither gives anything.
    func assignProvidedDefault() async throws -> Bool
}

extension IntentParameter: IntentParameterSlot {
    var schemaTitle: String { title }
    var schemaDescription: String? { description }
    var valueType: ValueType { Value.valueType }
    var enumSchema: EnumSchema? { Value.enumSchema }
    var isOptional: Bool { Value.valueWhenAbsent != nil }
    var hasDefault: Bool { defaultValue != nil }
    var defaultPropertyValue: PropertyValue? { defaultValue?.propertyValue ?? implicitArgument }
    var implicitArgument: PropertyValue? { defaultValue == nil ? Value.implicitArgument : nil }
    var defaultRefusal: String? { defaultValue.flatMap(check) }

    func assign(_ value: PropertyValue) async throws {
        let resolved = try await Value.resolve(value)
        if let reason = check(resolved) { throw ValueConversionError(reason) }
        storage.withLock { $0 = resolved }
    }

    func assignProvidedDefault() async throws -> Bool {
        var provided = await providedDefault?()
        if provided == nil { provided = try await Value.queryDefault() }
        guard let value = provided else { return false }
        storage.withLock { $0 = value }
        return true
    }
}
