import Foundation
import SpotlightModel

/// `.equalTo` and `.notEqualTo` in `When(\.$shape, .equalTo, .circle)`.
/// A parameter without a value equals nothing but a `nil` optional.
public enum EquatableComparisonOperator: Hashable, Sendable {
    case equalTo, notEqualTo

    func holds(for value: PropertyValue?, _ target: PropertyValue?) -> Bool {
        switch self {
        case .equalTo: return value == target
        case .notEqualTo: return value != target
        }
    }
}

/// `.greaterThan`, `.greaterThanOrEqualTo`, `.lessThan` and `.lessThanOrEqualTo` in
/// `When(\.$count, .greaterThan, 3)`. None holds while the parameter has no value.
public enum ComparableComparisonOperator: Hashable, Sendable {
    case greaterThan, greaterThanOrEqualTo, lessThan, lessThanOrEqualTo

    func holds<Value: Comparable>(for value: Value?, _ target: Value) -> Bool {
        guard let value else { return false }
        switch self {
        case .greaterThan: return value > target
        case .greaterThanOrEqualTo: return value >= target
        case .lessThan: return value < target
        case .lessThanOrEqualTo: return value <= target
        }
    }
}

/// `.hasAnyValue` and `.hasNoValue` in `When(\.$note, .hasAnyValue)`.
public enum HasValueComparisonOperator: Hashable, Sendable {
    case hasAnyValue, hasNoValue

    func holds(hasValue: Bool) -> Bool { self == .hasAnyValue ? hasValue : !hasValue }
}

/// `.oneOf` in `When(\.$shape, .oneOf, [.circle, .oval])`.
public enum OneOfComparisonOperator: Hashable, Sendable {
    case oneOf
}

/// `.contains`, `.doesNotContain`, `.hasPrefix` and `.hasSuffix` in `When(\.$query, .hasPrefix, "#")`.
/// Only `.doesNotContain` holds while the parameter has no value.
public enum StringComparisonOperator: Hashable, Sendable {
    case contains, doesNotContain, hasPrefix, hasSuffix

    func holds(for value: String?, _ target: String) -> Bool {
        guard let value else { return self == .doesNotContain }
        switch self {
        case .contains: return value.contains(target)
        case .doesNotContain: return !value.contains(target)
        case .hasPrefix: return value.hasPrefix(target)
        case .hasSuffix: return value.hasSuffix(target)
        }
    }
}
