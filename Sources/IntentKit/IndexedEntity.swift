import Foundation
import SpotlightModel

/// An entity the app donates to Spotlight. What a donation carries is ``record(bundle:)``:
/// by default the display representation (title, subtitle, synonyms), every `@Property`,
/// ``indexedKeywords`` and ``indexedDomain``, then the Spotlight attributes: each
/// `@Property(indexingKey:)` property as its attribute, and ``attributeSet`` on top (see
/// ``SearchableItemAttributes`` for what each attribute becomes in the record).
///
/// ```swift
/// extension EventEntity: IndexedEntity {
///     var indexedKeywords: [String] { attendees.map(\.name) }
///     var attributeSet: CSSearchableItemAttributeSet {
///         let attributes = CSSearchableItemAttributeSet()
///         attributes.namedLocation = location
///         return attributes
///     }
/// }
/// let record = event.record(bundle: "com.example.CometCal")
/// ```
public protocol IndexedEntity: AppEntity {
    /// Extra words that find the entity but are not shown. Default: none.
    var indexedKeywords: [String] { get }
    /// Groups records for deletion by domain; `a.b` also covers `a.b.c`. Default: none.
    var indexedDomain: String? { get }
    /// Spotlight attributes to donate besides the properties' own. Default: none.
    var attributeSet: CSSearchableItemAttributeSet { get }
    /// `true` keeps the entity out of Spotlight: `indexAppEntities` and rebuilds skip it. Default: `false`.
    var hideInSpotlight: Bool { get }
    /// The record a donation of this entity carries.
    func record(bundle: String) -> Record
}

extension IndexedEntity {
    public var indexedKeywords: [String] { [] }
    public var indexedDomain: String? { nil }
    public var attributeSet: CSSearchableItemAttributeSet { CSSearchableItemAttributeSet() }
    public var hideInSpotlight: Bool { false }

    /// The attributes from the display representation and the `@Property(indexingKey:)` properties.
    public var defaultAttributeSet: CSSearchableItemAttributeSet {
        let attributes = CSSearchableItemAttributeSet()
        let display = displayRepresentation
        attributes.title = display.title
        attributes.contentDescription = display.subtitle
        for (_, property) in EntityReflection.properties(of: self) {
            guard let key = property.indexingKey else { continue }
            attributes.set(key, property.propertyValue(in: self))
        }
        return attributes
    }

    public func record(bundle: String) -> Record {
        var record = representation(bundle: bundle)
        record.keywords = indexedKeywords
        record.domain = indexedDomain
        for (_, property) in EntityReflection.properties(of: self) {
            guard let key = property.indexingKey else { continue }
            let mapped = CSSearchableItemAttributeSet()
            mapped.set(key, property.propertyValue(in: self))
            mapped.apply(to: &record)
        }
        attributeSet.apply(to: &record)
        return record
    }
}
