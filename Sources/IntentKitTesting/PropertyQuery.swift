import Foundation
import SpotlightModel
import SpotlightProtocol

/// One comparison of a property query: a property of the entity, a comparator and a value.
///
/// ```swift
/// let found = try await tasks.entities(matching: [.contains("title", "milk"), .equalTo("isDone", false)],
///                                      mode: .and, sortedBy: [.ascending("title")], limit: 10)
/// ```
public struct PropertyComparison: Sendable {
    public let property: String
    /// The comparator's name: `equalTo`, `contains`, `isBetween`, ...
    public let comparator: String
    let value: any IntentArgumentConvertible
    let upperBound: (any IntentArgumentConvertible)?

    public static func equalTo(_ property: String, _ value: some IntentArgumentConvertible) -> Self {
        Self(property: property, comparator: "equalTo", value: value, upperBound: nil)
    }
    public static func notEqualTo(_ property: String, _ value: some IntentArgumentConvertible) -> Self {
        Self(property: property, comparator: "notEqualTo", value: value, upperBound: nil)
    }
    public static func contains(_ property: String, _ value: some IntentArgumentConvertible) -> Self {
        Self(property: property, comparator: "contains", value: value, upperBound: nil)
    }
    public static func hasPrefix(_ property: String, _ value: some IntentArgumentConvertible) -> Self {
        Self(property: property, comparator: "hasPrefix", value: value, upperBound: nil)
    }
    public static func hasSuffix(_ property: String, _ value: some IntentArgumentConvertible) -> Self {
        Self(property: property, comparator: "hasSuffix", value: value, upperBound: nil)
    }
    public static func lessThan(_ property: String, _ value: some IntentArgumentConvertible) -> Self {
        Self(property: property, comparator: "lessThan", value: value, upperBound: nil)
    }
    public static func lessThanOrEqualTo(_ property: String, _ value: some IntentArgumentConvertible) -> Self {
        Self(property: property, comparator: "lessThanOrEqualTo", value: value, upperBound: nil)
    }
    public static func greaterThan(_ property: String, _ value: some IntentArgumentConvertible) -> Self {
        Self(property: property, comparator: "greaterThan", value: value, upperBound: nil)
    }
    public static func greaterThanOrEqualTo(_ property: String, _ value: some IntentArgumentConvertible) -> Self {
        Self(property: property, comparator: "greaterThanOrEqualTo", value: value, upperBound: nil)
    }
    public static func isBetween(_ property: String, _ lower: some IntentArgumentConvertible,
                                 _ upper: some IntentArgumentConvertible) -> Self {
        Self(property: property, comparator: "isBetween", value: lower, upperBound: upper)
    }
}

/// Whether entities must match every comparison (`.and`) or any (`.or`).
public enum ComparatorMode: String, Hashable, Sendable {
    case and, or
}

/// One sort of a property query.
public struct PropertySort: Hashable, Sendable {
    public let property: String
    public let isAscending: Bool

    public static func ascending(_ property: String) -> Self { Self(property: property, isAscending: true) }
    public static func descending(_ property: String) -> Self { Self(property: property, isAscending: false) }
}

extension EntityDefinition {
    /// The entity's `EntityPropertyQuery.entities(matching:mode:sortedBy:limit:)`, run in the app.
    /// - Throws: `invalidInput` for a property the schema does not declare, or a value that does
    ///   not convert; the app's errors for comparators or sorts its query does not offer.
    public func entities(matching comparisons: [PropertyComparison], mode: ComparatorMode = .and,
                         sortedBy: [PropertySort] = [], limit: Int? = nil) async throws -> [EntityRepresentation] {
        let session = try await definitions.session()
        let schema = try await session.schema()
        let entity = try await session.entitySchema(name)
        var wire: [PropertyComparisonParams] = []
        for comparison in comparisons {
            guard let declared = entity.properties.first(where: { $0.name == comparison.property }) else {
                throw SpotlightError(.invalidInput, "\(name) has no property '\(comparison.property)'; it has "
                    + entity.properties.map(\.name).joined(separator: ", "))
            }
            do {
                guard let value = try comparison.value.intentArgument(for: declared.type, in: schema) else {
                    throw ArgumentRejection("a comparison needs a value, not nil")
                }
                let upper = try comparison.upperBound?.intentArgument(for: declared.type, in: schema)
                wire.append(PropertyComparisonParams(property: comparison.property, comparator: comparison.comparator,
                                                     value: value, upperBound: upper))
            } catch let rejection as ArgumentRejection {
                throw SpotlightError(.invalidInput, "\(name).\(comparison.property) \(comparison.comparator): \(rejection.reason)")
            }
        }
        let params = PropertyQueryParams(type: name, comparisons: wire, mode: mode.rawValue,
                                         sortedBy: sortedBy.map { PropertySortParams(property: $0.property,
                                                                                      order: $0.isAscending ? "ascending" : "descending") },
                                         limit: limit)
        let result: EntitiesResult = try await session.call("entitiesMatchingProperties", params,
                                                            doing: "\(name).entities(matching: \(comparisons.map(\.property)))")
        return result.entities.map { EntityRepresentation($0, schema: schema, fetcher: session.fetcher) }
    }
}
