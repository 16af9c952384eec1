import Foundation
import SpotlightKit
import SpotlightModel

extension SearchableItemAttributes {
    /// Names the app entity this item's attributes stand for, as Core Spotlight's
    /// `associateAppEntity(_:priority:)`: the donated record carries it as the property
    /// `appEntity`, an entity reference (`appEntity` of a found item reads it back).
    ///
    /// ```swift
    /// let attributes = CSSearchableItemAttributeSet(contentType: .text)
    /// attributes.title = trail.name
    /// attributes.associateAppEntity(trail, priority: 1)
    /// ```
    /// `priority` is accepted for source compatibility (give the record a `rankingHint` to rank).
    public func associateAppEntity<Entity: IndexedEntity>(_ appEntity: Entity, priority: Int = 0) {
        set(Self.appEntityAttribute, appEntity.propertyValue)
    }

    /// The attribute an associated entity is kept in.
    public static let appEntityAttribute = "appEntity"
}

extension SearchableItem {
    /// Core Spotlight's `associateAppEntity(_:priority:)` on the item: its attribute set's.
    ///
    /// ```swift
    /// let item = CSSearchableItem(uniqueIdentifier: trail.id.uuidString, domainIdentifier: "trails", attributeSet: attributes)
    /// item.associateAppEntity(trail)
    /// ```
    public func associateAppEntity(_ appEntity: some IndexedEntity, priority: Int = 0) {
        attributeSet.associateAppEntity(appEntity, priority: priority)
    }

    /// An item filled from an entity, as Core Spotlight's `CSSearchableItem(appEntity:)`: its
    /// identifier is the entity's `id`, its domain the entity's `indexedDomain`, its attributes what
    /// `indexAppEntities` would donate for it (display representation, `@Property`s, keywords,
    /// `attributeSet`), and it is associated with the entity.
    ///
    /// ```swift
    /// try await CSSearchableIndex.default().indexSearchableItems([CSSearchableItem(appEntity: trail)])
    /// ```
    public convenience init(appEntity: some IndexedEntity) {
        self.init(appEntity.record(bundle: ""), fetching: [])
        associateAppEntity(appEntity)
    }
}
