import Foundation
import SpotlightModel

/// Params of `entitiesMatchingProperties`: an entity type's `EntityPropertyQuery`.
///
/// ```json
/// {"type": "TaskEntity", "comparisons": [{"property": "title", "comparator": "contains", "value": {"string": "milk"}}],
///  "mode": "and", "sortedBy": [{"property": "title", "order": "ascending"}], "limit": 10}
/// ```
public struct PropertyQueryParams: Codable, Hashable, Sendable {
    public var type: String
    public var comparisons: [PropertyComparisonParams]
    /// `and` (every comparison) or `or` (any); default `and`.
    public var mode: String
    public var sortedBy: [PropertySortParams]
    public var limit: Int?
    enum CodingKeys: String, CodingKey, CaseIterable { case type, comparisons, mode, sortedBy, limit }

    public init(type: String, comparisons: [PropertyComparisonParams], mode: String = "and",
                sortedBy: [PropertySortParams] = [], limit: Int? = nil) {
        self.type = type
        self.comparisons = comparisons
        self.mode = mode
        self.sortedBy = sortedBy
        self.limit = limit
    }

    public init(from decoder: any Decoder) throws {
        try refuseUnknownMembers(decoder, known: CodingKeys.allCases.map(\.rawValue), method: "entitiesMatchingProperties")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        type = try c.decode(String.self, forKey: .type)
        comparisons = try c.decodeIfPresent([PropertyComparisonParams].self, forKey: .comparisons) ?? []
        mode = try c.decodeIfPresent(String.self, forKey: .mode) ?? "and"
        sortedBy = try c.decodeIfPresent([PropertySortParams].self, forKey: .sortedBy) ?? []
        limit = try c.decodeIfPresent(Int.self, forKey: .limit)
    }
}

/// One comparison: a property, a comparator (`equalTo`, `contains`, `isBetween`, ...), its value
/// and, for `isBetween`, the upper bound.
public struct PropertyComparisonParams: Codable, Hashable, Sendable {
    public var property: String
    public var comparator: String
    public var value: PropertyValue
    public var upperBound: PropertyValue?

    enum CodingKeys: String, CodingKey, CaseIterable { case property, comparator, value, upperBound }

    public init(property: String, comparator: String, value: PropertyValue, upperBound: PropertyValue? = nil) {
        self.property = property
        self.comparator = comparator
        self.value = value
        self.upperBound = upperBound
    }

    public init(from decoder: any Decoder) throws {
        try refuseUnknownMembers(decoder, known: CodingKeys.allCases.map(\.rawValue), method: "a comparison")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        property = try c.decode(String.self, forKey: .property)
        comparator = try c.decode(String.self, forKey: .comparator)
        value = try c.decode(PropertyValue.self, forKey: .value)
        upperBound = try c.decodeIfPresent(PropertyValue.self, forKey: .upperBound)
    }
}

/// One sort: a property and `ascending` or `descending`.
public struct PropertySortParams: Codable, Hashable, Sendable {
    public var property: String
    public var order: String

    enum CodingKeys: String, CodingKey, CaseIterable { case property, order }

    public init(property: String, order: String = "ascending") {
        self.property = property
        self.order = order
    }

    public init(from decoder: any Decoder) throws {
        try refuseUnknownMembers(decoder, known: CodingKeys.allCases.map(\.rawValue), method: "a sort")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        property = try c.decode(String.self, forKey: .property)
        order = try c.decode(String.self, forKey: .order)
    }
}
