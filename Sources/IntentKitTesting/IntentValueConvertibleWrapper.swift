import Foundation
import SpotlightModel
import SpotlightProtocol

/// A type of the test's own around a value the app gives or takes (Apple's
/// `IntentValueConvertibleWrapper`): named properties in place of dynamic member lookup, read
/// from a result with `as(_:)` and passed to `makeIntent` as the value it wraps.
///
/// ```swift
/// struct LandmarkEntity: IntentValueConvertibleWrapper {
///     var baseValue: AnyAppEntity
///     init(baseValue: AnyAppEntity) { self.baseValue = baseValue }
///     var continent: String { get throws { try baseValue.continent } }
/// }
///
/// let landmark = try result.value.as(LandmarkEntity.self)
/// XCTAssertEqual(try landmark.continent, "Europe")
/// try await visitLandmark.makeIntent(landmark: landmark).run()
/// ```
///
/// `BaseValue` is any type a value reads as and is given as: `AnyAppEntity`, `String`, `Int`,
/// `Double`, `Bool`, `Date`, `URL`, or an ``AppValue``.
public protocol IntentValueConvertibleWrapper: IntentArgumentConvertible, AppValueReadable {
    associatedtype BaseValue: IntentArgumentConvertible & AppValueReadable
    /// The value this wraps.
    var baseValue: BaseValue { get }
    /// Wraps `baseValue`. - Throws: when this type cannot stand for that value; a read with
    /// `as(_:)` then throws saying the value does not read as this type.
    init(baseValue: BaseValue) throws
}

extension IntentValueConvertibleWrapper {
    /// The wrapped value, as the app receives it.
    public func intentArgument(for type: ValueType, in schema: AppSchema) throws -> PropertyValue? {
        try baseValue.intentArgument(for: type, in: schema)
    }

    /// The value read as `BaseValue`, wrapped; nil when it does not read as one or `init(baseValue:)` throws.
    public init?(appValue: AppValue) {
        guard let base = BaseValue(appValue: appValue), let wrapped = try? Self(baseValue: base) else { return nil }
        self = wrapped
    }
}
