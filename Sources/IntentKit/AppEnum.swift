import Foundation
import SpotlightModel
import SpotlightProtocol

/// A fixed set of values an intent parameter or entity property can take, with a `String`
/// raw value the wire carries.
///
/// ```swift
/// enum CalendarColor: String, AppEnum {
///     case red, blue
///     static let typeDisplayRepresentation: TypeDisplayRepresentation = "Color"
///     static let caseDisplayRepresentations: [CalendarColor: DisplayRepresentation] = [.red: "Red", .blue: "Blue"]
/// }
/// ```
public protocol AppEnum: IntentValue, RawRepresentable, CaseIterable, Hashable where RawValue == String {
    static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
    static var caseDisplayRepresentations: [Self: DisplayRepresentation] { get }
}

extension AppEnum {
    /// The name the wire uses for the type: the Swift type name.
    public static var typeName: String { String(describing: Self.self) }

    public static var valueType: ValueType { .appEnum(typeName) }
    public var propertyValue: PropertyValue? { .enumCase(rawValue) }

    /// From `.enumCase(raw)` or `.string(raw)` where `raw` is exactly a case's raw value.
    public static func resolve(_ value: PropertyValue) async throws -> Self {
        let raw: String
        switch value {
        case .enumCase(let r), .string(let r): raw = r
        default: throw ValueConversionError.expected("a raw value of \(typeName)", got: value)
        }
        guard let found = Self(rawValue: raw) else {
            let valid = allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw ValueConversionError("\"\(raw)\" is not a raw value of \(typeName); valid: \(valid)")
        }
        return found
    }

    /// The schema `describe` reports for this enum.
    static var schema: EnumSchema {
        EnumSchema(name: typeName, title: typeDisplayRepresentation.name, cases: allCases.map { value in
            let display = caseDisplayRepresentations[value]
            return EnumCaseSchema(rawValue: value.rawValue, title: display?.title ?? value.rawValue,
                                  subtitle: display?.subtitle)
        })
    }
}
