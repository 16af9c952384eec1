import Foundation
import SpotlightModel
import SpotlightProtocol

/// `Measurement` parameters and properties, as Apple's trail sample declares them
/// (`@Property var trailLength: Measurement<UnitLength>`). On the wire, in records and in
/// `describe` a measurement is a `double` in its dimension's base unit (meters, kilograms,
/// seconds, kelvin, ...), so every app's lengths compare and range alike (`trailLength:1000..5000`).
///
/// ```swift
/// @Property(title: "Length") var trailLength: Measurement<UnitLength>   // 4.2 km is donated as 4200.0
/// @Parameter(title: "Radius", default: 30, defaultUnit: .miles, supportsNegativeNumbers: false)
/// var searchRadius: Measurement<UnitLength>?
/// ```
extension Measurement: IntentValue where UnitType: Dimension {
    public static var valueType: ValueType { .double }
    public var propertyValue: PropertyValue? { .double(converted(to: UnitType.baseUnit()).value) }

    /// From a number (`.double`, `.int` or a decimal string) in the base unit.
    public static func resolve(_ value: PropertyValue) async throws -> Measurement<UnitType> {
        do {
            return Measurement(value: try await Double.resolve(value), unit: UnitType.baseUnit())
        } catch let error as ValueConversionError {
            throw ValueConversionError("\(error.reason) (a measurement is a number in \(UnitType.baseUnit().symbol))",
                                       code: error.code)
        }
    }
}

/// A parameter type `defaultUnit:` applies to: a `Measurement` and its optional.
public protocol IntentMeasurementValue: IntentValue {
    associatedtype MeasuredUnit: Dimension
    /// A value of `amount` in `unit`.
    static func measured(_ amount: Double, _ unit: MeasuredUnit) -> Self
    /// The measurement; nil for an absent optional.
    var measurement: Measurement<MeasuredUnit>? { get }
}

extension Measurement: IntentMeasurementValue where UnitType: Dimension {
    public static func measured(_ amount: Double, _ unit: UnitType) -> Measurement<UnitType> {
        Measurement(value: amount, unit: unit)
    }
    public var measurement: Measurement<UnitType>? { self }
}

extension Optional: IntentMeasurementValue where Wrapped: IntentMeasurementValue {
    public static func measured(_ amount: Double, _ unit: Wrapped.MeasuredUnit) -> Wrapped? { Wrapped.measured(amount, unit) }
    public var measurement: Measurement<Wrapped.MeasuredUnit>? { self?.measurement }
}

extension IntentParameter where Value: IntentMeasurementValue {
    /// Apple's measurement parameter: `default` is a number in `defaultUnit`; with
    /// `supportsNegativeNumbers: false` a negative value is refused (`invalidInput`).
    ///
    /// ```swift
    /// @Parameter(title: "Search Radius", default: 30, defaultUnit: .miles, supportsNegativeNumbers: false)
    /// var searchRadius: Measurement<UnitLength>?
    /// ```
    public convenience init(title: LocalizedStringResource, description: LocalizedStringResource? = nil,
                            default defaultValue: Double? = nil, defaultUnit: Value.MeasuredUnit,
                            supportsNegativeNumbers: Bool = true, requestValueDialog: IntentDialog? = nil,
                            inputConnectionBehavior: InputConnectionBehavior = .default) {
        self.init(title: title.defaultValue, description: description?.defaultValue,
                  default: defaultValue.map { Value.measured($0, defaultUnit) }) { value in
            guard !supportsNegativeNumbers, let measurement = value.measurement, measurement.value < 0 else { return nil }
            return "\(measurement) is negative, and the parameter does not support negative numbers"
        }
    }
}
