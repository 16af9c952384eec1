import Foundation

// `let n: Int = try result.value`: an intent's returned value read as the type it is given, as
// Apple's `ResolvedIntentResult` reads it. Each type is an overload of `value` in a protocol
// extension (a stored property cannot be overloaded by type in the struct itself), disfavored so
// that Swift takes the stored `AppValue` wherever it fits: `#expect(result.value == "done")` and
// `result.value.title` stay lenient, non-throwing reads (Swift Testing's same-type `#expect`
// overloads would otherwise pick `String`), and a typed read happens only where a type asks for one.

/// `value` read as each type a returned value can be read as; ``IntentRunResult`` is one.
public typealias ReturnedValueReading = ReturnedStringReading & ReturnedIntReading & ReturnedDoubleReading & ReturnedBoolReading & ReturnedDateReading & ReturnedURLReading & ReturnedUUIDReading & ReturnedEntityReading & ReturnedEntitiesReading & ReturnedStringsReading & ReturnedIntsReading & ReturnedDoublesReading & ReturnedDatesReading

/// `let read: String = try result.value`.
public protocol ReturnedStringReading { var value: AppValue { get } }

extension ReturnedStringReading {
    /// The returned value as a `String` (or an enum case's raw value).
    /// - Throws: `invalidInput` saying what was returned when it does not read as one.
    @_disfavoredOverload public var value: String { get throws { try (value as AppValue).as(String.self) } }
}

/// `let read: Int = try result.value`.
public protocol ReturnedIntReading { var value: AppValue { get } }

extension ReturnedIntReading {
    /// The returned value as an `Int`.
    /// - Throws: `invalidInput` saying what was returned when it does not read as one.
    @_disfavoredOverload public var value: Int { get throws { try (value as AppValue).as(Int.self) } }
}

/// `let read: Double = try result.value`.
public protocol ReturnedDoubleReading { var value: AppValue { get } }

extension ReturnedDoubleReading {
    /// The returned value as a `Double`.
    /// - Throws: `invalidInput` saying what was returned when it does not read as one.
    @_disfavoredOverload public var value: Double { get throws { try (value as AppValue).as(Double.self) } }
}

/// `let read: Bool = try result.value`.
public protocol ReturnedBoolReading { var value: AppValue { get } }

extension ReturnedBoolReading {
    /// The returned value as a `Bool`.
    /// - Throws: `invalidInput` saying what was returned when it does not read as one.
    @_disfavoredOverload public var value: Bool { get throws { try (value as AppValue).as(Bool.self) } }
}

/// `let read: Date = try result.value`.
public protocol ReturnedDateReading { var value: AppValue { get } }

extension ReturnedDateReading {
    /// The returned value as a `Date`.
    /// - Throws: `invalidInput` saying what was returned when it does not read as one.
    @_disfavoredOverload public var value: Date { get throws { try (value as AppValue).as(Date.self) } }
}

/// `let read: URL = try result.value`.
public protocol ReturnedURLReading { var value: AppValue { get } }

extension ReturnedURLReading {
    /// The returned value as a `URL`.
    /// - Throws: `invalidInput` saying what was returned when it does not read as one.
    @_disfavoredOverload public var value: URL { get throws { try (value as AppValue).as(URL.self) } }
}

/// `let read: UUID = try result.value`.
public protocol ReturnedUUIDReading { var value: AppValue { get } }

extension ReturnedUUIDReading {
    /// The returned value as a `UUID`.
    /// - Throws: `invalidInput` saying what was returned when it does not read as one.
    @_disfavoredOverload public var value: UUID { get throws { try (value as AppValue).as(UUID.self) } }
}

/// `let task: AnyAppEntity = try result.value`.
public protocol ReturnedEntityReading { var value: AppValue { get } }

extension ReturnedEntityReading {
    /// The returned value as the entity it is (`AnyAppEntity`).
    /// - Throws: `invalidInput` saying what was returned when it does not read as one.
    @_disfavoredOverload public var value: EntityRepresentation { get throws { try (value as AppValue).as(EntityRepresentation.self) } }
}

/// `let tasks: [AnyAppEntity] = try result.value`.
public protocol ReturnedEntitiesReading { var value: AppValue { get } }

extension ReturnedEntitiesReading {
    /// The returned value as the array of entities it is.
    /// - Throws: `invalidInput` saying what was returned when it does not read as one.
    @_disfavoredOverload public var value: [EntityRepresentation] { get throws { try (value as AppValue).as([EntityRepresentation].self) } }
}

/// `let read: [String] = try result.value`.
public protocol ReturnedStringsReading { var value: AppValue { get } }

extension ReturnedStringsReading {
    /// The returned value as an array of `String`s.
    /// - Throws: `invalidInput` saying what was returned when it does not read as one.
    @_disfavoredOverload public var value: [String] { get throws { try (value as AppValue).as([String].self) } }
}

/// `let read: [Int] = try result.value`.
public protocol ReturnedIntsReading { var value: AppValue { get } }

extension ReturnedIntsReading {
    /// The returned value as an array of `Int`s.
    /// - Throws: `invalidInput` saying what was returned when it does not read as one.
    @_disfavoredOverload public var value: [Int] { get throws { try (value as AppValue).as([Int].self) } }
}

/// `let read: [Double] = try result.value`.
public protocol ReturnedDoublesReading { var value: AppValue { get } }

extension ReturnedDoublesReading {
    /// The returned value as an array of `Double`s.
    /// - Throws: `invalidInput` saying what was returned when it does not read as one.
    @_disfavoredOverload public var value: [Double] { get throws { try (value as AppValue).as([Double].self) } }
}

/// `let read: [Date] = try result.value`.
public protocol ReturnedDatesReading { var value: AppValue { get } }

extension ReturnedDatesReading {
    /// The returned value as an array of `Date`s.
    /// - Throws: `invalidInput` saying what was returned when it does not read as one.
    @_disfavoredOverload public var value: [Date] { get throws { try (value as AppValue).as([Date].self) } }
}
