import Foundation
import SpotlightModel
import SpotlightProtocol

/// One `AppEnum` of the app.
///
/// ```swift
/// let color = definitions.enums["CalendarColor"].makeCase("red")
/// try await createCalendar.makeIntent(name: "Occupy Saturn", color: color).run()
/// ```
public struct EnumDefinition: Sendable {
    /// The enum's type name.
    public let name: String
    let definitions: IntentDefinitions

    /// The enum's type name (Apple's `AppEnumDefinition.typeIdentifier`): the same as ``name``.
    public var typeIdentifier: String { name }

    /// A case by raw value. An unknown enum or case is an error when the intent runs,
    /// listing the cases that exist.
    public func makeCase(_ rawValue: String) -> EnumCase {
        EnumCase(enumName: name, rawValue: rawValue)
    }

    /// The enum's cases as the app declares them.
    /// - Throws: `notFound` if the app has no enum of this name, listing those it has.
    public func cases() async throws -> [EnumCaseSchema] {
        let schema = try await definitions.session().schema()
        guard let found = schema.enums.first(where: { $0.name == name }) else {
            throw SpotlightError(.notFound, "\(definitions.bundleIdentifier) has no enum \"\(name)\"; enums: "
                + AppSession.list(schema.enums.map(\.name)))
        }
        return found.cases
    }
}

/// A case of an app's enum, to pass to an intent or to compare with a returned value (Apple's
/// `AnyAppEnum`, with its names):
///
/// ```swift
/// var red = definitions.enums["Color"].makeCase("red")
/// let name = try red.as(String.self)                       // "red"
/// red.rawValue = "blue"
/// let three = AnyAppEnum(typeIdentifier: "Rating", value: 3) // the case whose raw value is 3
/// ```
public struct EnumCase: Hashable, Sendable, IntentArgumentConvertible, AppValueReadable, CustomDebugStringConvertible,
    CustomStringConvertible {
    public var enumName: String
    /// The case's raw value as text (an `Int` raw value 3 is `"3"`).
    public var rawValue: String

    public init(enumName: String, rawValue: String) {
        self.enumName = enumName
        self.rawValue = rawValue
    }

    /// Apple's `AnyAppEnum(typeIdentifier:rawValue:)`.
    public init(typeIdentifier: String, rawValue: String) {
        self.init(enumName: typeIdentifier, rawValue: rawValue)
    }

    /// Apple's `AnyAppEnum(typeIdentifier:value:)`: a raw value of any type, as its text.
    public init(typeIdentifier: String, value: any LosslessStringConvertible) {
        self.init(enumName: typeIdentifier, rawValue: value.description)
    }

    /// The enum's type name (Apple's `typeIdentifier`): the same as ``enumName``.
    public var typeIdentifier: String {
        get { enumName }
        set { enumName = newValue }
    }

    /// The raw value read as `type` (`try red.as(String.self)`, `try three.as(Int.self)`).
    /// - Throws: `invalidInput` when the raw value is not text of that type.
    public func `as`<T: LosslessStringConvertible>(_ type: T.Type) throws -> T {
        guard let value = T(rawValue) else {
            throw SpotlightError(.invalidInput, "\(debugDescription)'s raw value \"\(rawValue)\" does not read as \(T.self)")
        }
        return value
    }

    /// Checks that the app has this enum, that the parameter takes it and that the case exists
    /// (the app describes an enum its parameters use whether it lists it in `IntentApp(enums:)` or not).
    public func intentArgument(for type: ValueType, in schema: AppSchema) throws -> PropertyValue? {
        var expected = type
        while case .array(let inner) = expected { expected = inner }
        let declared = schema.enums.first(where: { $0.name == enumName })
        // An enum parameter of this enum, or a union value (`@UnionValue`) with a case of it.
        let takes: Bool
        switch expected {
        case .appEnum(let parameterEnum): takes = parameterEnum == enumName
        case .union(let members): takes = members.contains(.appEnum(enumName))
        default: takes = false
        }
        guard takes else {
            if declared == nil {
                throw ArgumentRejection("the app has no enum \(enumName); enums: " + AppSession.list(schema.enums.map(\.name)))
            }
            throw ArgumentRejection("a case of \(enumName) (\"\(rawValue)\") cannot be given for a parameter of type \(type)")
        }
        if let declared, !declared.cases.contains(where: { $0.rawValue == rawValue }) {
            throw ArgumentRejection("\(enumName) has no case \"\(rawValue)\"; its cases are "
                + declared.cases.map(\.rawValue).joined(separator: ", "))
        }
        if case .array = type { return .array([.enumCase(rawValue)]) }
        return .enumCase(rawValue)
    }

    /// An enum case read back from a value; its enum name is the value's ``AppValue/enumTypeIdentifier``
    /// (the wire carries only the raw value), or empty when the app's schema does not name it.
    public init?(appValue: AppValue) {
        guard case .enumCase(let raw) = appValue.content else { return nil }
        self.init(enumName: appValue.enumTypeIdentifier, rawValue: raw)
    }

    public static func == (lhs: EnumCase, rhs: EnumCase) -> Bool {
        lhs.rawValue == rhs.rawValue && (lhs.enumName.isEmpty || rhs.enumName.isEmpty || lhs.enumName == rhs.enumName)
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    public var debugDescription: String { "\(enumName.isEmpty ? "" : enumName).\(rawValue)" }
    public var description: String { debugDescription }
}
