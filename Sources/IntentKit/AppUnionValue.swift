import Foundation
import SpotlightModel
import SpotlightProtocol

/// A parameter or property type that is one of several (App Intents' `AppUnionValue`): an enum
/// whose every case holds one value. Write `@UnionValue`, which writes the conformance, the
/// `Cases` enum and the cases' table; declare `typeDisplayRepresentation` and
/// `caseDisplayRepresentations` as Apple's examples do, or leave them to their defaults.
///
/// ```swift
/// @UnionValue
/// enum IntentDuration {
///     case minutes(Int)
///     case label(String)
/// }
/// struct StartTimerIntent: AppIntent {
///     @Parameter var duration: IntentDuration    // .int(25) is .minutes(25), .string("pomodoro") .label
/// }
/// ```
///
/// A value becomes the first case whose type it is (an int, a string, an enum case, an entity
/// of that type, ...), else the first case it converts to in the cases' order (a string of
/// digits to an `Int` case, a raw value to an enum case); `describe` names the type by its
/// cases' types, `int|string`.
public protocol AppUnionValue: IntentValue {
    /// The union's cases by name (App Intents' `Cases`, an `AppEnum` there).
    associatedtype Cases: CaseIterable, Hashable, RawRepresentable, Sendable where Cases.RawValue == String
    /// The cases, each with its value's type, in declaration order (written by `@UnionValue`).
    static var unionCases: [UnionValueCase<Self>] { get }
    static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
    static var caseDisplayRepresentations: [Cases: DisplayRepresentation] { get }
}

extension AppUnionValue {
    public static var typeDisplayRepresentation: TypeDisplayRepresentation { TypeDisplayRepresentation(name: typeName) }
    public static var caseDisplayRepresentations: [Cases: DisplayRepresentation] { [:] }
    /// The Swift type name.
    public static var typeName: String { String(describing: Self.self) }

    public static var valueType: ValueType { .union(unionCases.map(\.valueType)) }

    public var propertyValue: PropertyValue? {
        Self.unionCases.lazy.compactMap { $0.propertyValue(self) }.first
    }

    public func resultValue(bundle: String) -> IntentResultValue {
        Self.unionCases.lazy.compactMap { $0.resultValue(self, bundle) }.first ?? .none
    }

    public static func resolve(_ value: PropertyValue) async throws -> Self {
        let exact = unionCases.filter { $0.holdsExactly(value) }
        var reasons: [String] = []
        for candidate in exact + unionCases.filter({ !$0.holdsExactly(value) }) {
            do {
                return try await candidate.resolve(value)
            } catch let error as ValueConversionError {
                reasons.append("\(candidate.name): \(error.reason)")
            }
        }
        throw ValueConversionError("it is none of \(typeName)'s cases (" + reasons.joined(separator: "; ") + ")")
    }
}

/// One case of an ``AppUnionValue``: its name, its value's type, and how to make and read it.
/// `@UnionValue` writes these.
public struct UnionValueCase<Union: Sendable>: Sendable {
    public let name: String
    public let valueType: ValueType
    let resolve: @Sendable (PropertyValue) async throws -> Union
    let propertyValue: @Sendable (Union) -> PropertyValue?
    let resultValue: @Sendable (Union, String) -> IntentResultValue?

    /// - Parameters:
    ///   - make: the union holding a value of this case (`{ .minutes($0) }`).
    ///   - read: the case's value, or nil for another case.
    public init<Value: IntentValue>(_ name: String, _ type: Value.Type, make: @escaping @Sendable (Value) -> Union,
                                    read: @escaping @Sendable (Union) -> Value?) {
        self.name = name
        valueType = Value.valueType
        resolve = { make(try await Value.resolve($0)) }
        propertyValue = { read($0)?.propertyValue }
        resultValue = { union, bundle in read(union)?.resultValue(bundle: bundle) }
    }

    /// Whether `value` is of this case's type as sent (not by a conversion).
    func holdsExactly(_ value: PropertyValue) -> Bool {
        switch (value, valueType) {
        case (.string, .string), (.int, .int), (.double, .double), (.bool, .bool), (.date, .date), (.url, .url),
             (.enumCase, .appEnum), (.array, .array):
            return true
        case (.entity(let reference), .entity(let type)):
            return reference.type == type
        default:
            return false
        }
    }
}

/// Makes an enum whose every case holds one value an ``AppUnionValue`` (App Intents'
/// `@UnionValue`): a parameter or property of it takes a value of any case's type.
@attached(extension, conformances: AppUnionValue, names: named(Cases), named(unionCases))
public macro UnionValue() = #externalMacro(module: "IntentKitMacros", type: "UnionValueMacro")
