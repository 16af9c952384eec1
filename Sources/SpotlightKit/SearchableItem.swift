import Foundation
import SpotlightModel

/// One piece of an app's content for Spotlight, as Core Spotlight's `CSSearchableItem` (also its
/// name here): an identifier, an optional domain and the attributes shown and searched.
///
/// An item is donated as a record of type ``recordType`` (`CSSearchableItem`) whose id is the
/// item's `uniqueIdentifier`, its domain the `domainIdentifier` and its expiration the
/// `expirationDate`; the attributes fill the rest as ``SearchableItemAttributes`` describes.
///
/// ```swift
/// let attributes = CSSearchableItemAttributeSet(contentType: .text)
/// attributes.title = "Supernova party"
/// attributes.contentDescription = "Rooftop, bring a telescope"
/// let item = CSSearchableItem(uniqueIdentifier: "event-42", domainIdentifier: "calendar.home",
///                             attributeSet: attributes)
/// try await CSSearchableIndex.default().indexSearchableItems([item])
/// ```
public final class SearchableItem {
    /// The record type every item is donated as; `spotlightctl query` shows it.
    public static let recordType = "CSSearchableItem"

    /// The item's identifier within the app; re-indexing an item of the same identifier replaces it.
    public var uniqueIdentifier: String
    /// A group of items deleted together: deleting domain `a.b` deletes `a.b` and `a.b.c`.
    public var domainIdentifier: String?
    /// What is shown and searched.
    public var attributeSet: SearchableItemAttributes
    /// When spotlightd drops the item. Unlike Core Spotlight, an item without one never expires.
    /// Implicitly unwrapped, as Apple's (`item.expirationDate.timeIntervalSinceNow` compiles);
    /// nil until set.
    public var expirationDate: Date!
    /// `true`: the item's attributes are merged into the stored item of the same identifier
    /// (attributes not set keep their stored values) instead of replacing it.
    public var isUpdate: Bool = false

    /// - Parameters:
    ///   - uniqueIdentifier: the item's identifier; nil: a new UUID.
    ///   - domainIdentifier: the item's domain, if any.
    ///   - attributeSet: what is shown and searched.
    public init(uniqueIdentifier: String?, domainIdentifier: String?, attributeSet: SearchableItemAttributes) {
        self.uniqueIdentifier = uniqueIdentifier ?? UUID().uuidString
        self.domainIdentifier = domainIdentifier
        self.attributeSet = attributeSet
    }

    /// An item of a new UUID, no domain and no attributes.
    public convenience init() {
        self.init(uniqueIdentifier: nil, domainIdentifier: nil, attributeSet: SearchableItemAttributes())
    }

    /// The item a found record stands for: its id, domain and expiration, and the attributes
    /// named in `attributes` (empty: every attribute, properties included), by the attribute
    /// set's names or their `kMDItem` names (`kMDItemTitle`), as a query string names them.
    package convenience init(_ record: Record, fetching attributes: [String]) {
        let set = SearchableItemAttributes()
        let wanted = Set(attributes.map(ItemAttributes.name))
        for (name, value) in ItemAttributes.named(record) + record.properties.map({ ($0.key, $0.value) })
        where wanted.isEmpty || wanted.contains(name) {
            set.set(name, value)
        }
        self.init(uniqueIdentifier: record.id, domainIdentifier: record.domain, attributeSet: set)
        expirationDate = record.expiration
    }

    /// What is donated for the item, taken now: the item is a class its caller may change
    /// afterwards, the donation a value that can cross into a task.
    package var donation: ItemDonation {
        var attributes = attributeSet.values
        if let contentType = attributeSet.contentType { attributes["contentType"] = .string(contentType) }
        // An empty domain is no domain (a deletion of domain "" is refused, so it could never go).
        return ItemDonation(id: uniqueIdentifier, domain: domainIdentifier.flatMap { $0.isEmpty ? nil : $0 },
                            expiration: expirationDate,
                            attributes: attributes, isUpdate: isUpdate)
    }
}

/// A ``SearchableItem`` as donated: its identifier, domain, expiration and attributes.
package struct ItemDonation: Sendable {
    package let id: String
    package let domain: String?
    package let expiration: Date?
    package let attributes: [String: PropertyValue]
    package let isUpdate: Bool

    /// The record donated: `stored` (an update's stored item) with the attributes applied,
    /// else a new record of them. The bundle is left empty for spotlightd to fill.
    package func record(updating stored: Record? = nil) -> Record {
        var record = stored ?? Record(bundle: "", type: SearchableItem.recordType, id: id, title: "")
        record.bundle = ""
        // An update's keywords and alternate names replace the stored ones (apply adds to them).
        if attributes["keywords"] != nil { record.keywords = [] }
        if attributes["alternateNames"] != nil { record.synonyms = [] }
        // Title and display name, as Core Spotlight keeps them: two attributes, either may be
        // missing. The record shows the display name, else the title; properties of their names
        // say which was given (ItemAttributes.titles).
        let storedTitles: (title: String?, displayName: String?) = stored.map(ItemAttributes.titles) ?? (nil, nil)
        SearchableItemAttributes.apply(attributes, to: &record)
        func string(_ name: String) -> String? { if case .string(let s)? = attributes[name] { s } else { nil } }
        let title = string("title") ?? storedTitles.title
        let displayName = string("displayName") ?? storedTitles.displayName
        record.title = displayName ?? title ?? record.title
        // A title alone needs no marker (nor does it add its words to the index twice).
        record.properties["title"] = displayName == nil ? nil : title.map(PropertyValue.string)
        record.properties["displayName"] = title == nil ? displayName.map(PropertyValue.string) : nil
        if let domain { record.domain = domain }
        if let expiration { record.expiration = expiration }
        return record
    }
}

/// Core Spotlight's name for ``SearchableItem``, so item code ports unchanged.
public typealias CSSearchableItem = SearchableItem
