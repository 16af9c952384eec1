import Foundation
import SpotlightModel
import SpotlightProtocol

/// A fixed set of values an intent parameter or entity property can take. Its raw value is a
/// `String`, an `Int` or any `LosslessStringConvertible` (as Apple's), carried on the wire as text
/// (`Rating.three` with raw value 3 is the enum case `"3"`).
///
/// ```swift
/// enum CalendarColor: String, AppEnum {
///     case red, blue
///     static let typeDisplayRepresentation: TypeDisplayRepresentation = "Color"
///     static let caseDisplayRepresentations: [CalendarColor: DisplayRepresentation] = [.red: "Red", .blue: "Blue"]
/// }
/// ```
public protocol AppEnum: IntentValue, RawRepresentable, CaseIterable, Hashable where RawValue: LosslessStringConvertible {
    static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
    static var caseDisplayRepresentations: [Self: DisplayRepresentation] { get }
}

extension AppEnum {
    /// The name the wire uses for the type: the Swift type name.
    public static var typeName: String { String(describing: Self.self) }

    public static var valueType: ValueType { .appEnum(typeName) }
    public var propertyValue: PropertyValue? { .enumCase(rawValue.description) }

    /// From `.enumCase(raw)` or `.string(raw)` where `raw` is exactly a case's raw value as text
    /// (an `Int` raw value also from `.int`).
    public static func resolve(_ value: PropertyValue) async throws -> Self {
        let raw: String
        switch value {
        case .enumCase(let r), .string(let r): raw = r
        case .int(let i): raw = String(i)
        default: throw ValueConversionError.expected("a raw value of \(typeName)", got: value)
        }
        guard let found = RawValue(raw).flatMap(Self.init(rawValue:)) else {
            let valid = allCases.map { "\"\($0.rawValue.description)\"" }.joined(separator: ", ")
            throw ValueConversionError("\"\(raw)\" is not a raw value of \(typeName); valid: \(valid)")
        }
        return found
    }

    public static var enumSchema: EnumSchema? { schema }

    /// The schema `describe` reports for this enum.
    static var schema: EnumSchema {
        EnumSchema(name: typeName, title: typeDisplayRepresentation.name, cases: allCases.map { value in
            let display = caseDisplayRepresentations[value]
            return EnumCaseSchema(rawValue: value.rawValue.description, title: display?.title ?? value.rawValue.description,
                                  subtitle: display?.subtitle)
        })
    }
}
