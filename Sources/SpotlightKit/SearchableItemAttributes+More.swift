import Foundation
import SpotlightModel

/// More of `CSSearchableItemAttributeSet`'s attributes, each a property of its name in the
/// donated record (`rating:4..`, `phoneNumbers:"555 0100"`); `rankingHint` is the record's.
///
/// ```swift
/// attributes.rating = 4
/// attributes.phoneNumbers = ["+1 555 0100"]
/// attributes.setValue("high", forCustomKey: CSCustomAttributeKey(keyName: "priority")!)
/// ```
extension SearchableItemAttributes {
    public var identifier: String? { get { string("identifier") } set { set("identifier", newValue.map(PropertyValue.string)) } }
    public var relatedUniqueIdentifier: String? {
        get { string("relatedUniqueIdentifier") } set { set("relatedUniqueIdentifier", newValue.map(PropertyValue.string)) }
    }
    public var subject: String? { get { string("subject") } set { set("subject", newValue.map(PropertyValue.string)) } }
    public var kind: String? { get { string("kind") } set { set("kind", newValue.map(PropertyValue.string)) } }
    public var containerTitle: String? {
        get { string("containerTitle") } set { set("containerTitle", newValue.map(PropertyValue.string)) }
    }
    public var containerDisplayName: String? {
        get { string("containerDisplayName") } set { set("containerDisplayName", newValue.map(PropertyValue.string)) }
    }
    public var containerIdentifier: String? {
        get { string("containerIdentifier") } set { set("containerIdentifier", newValue.map(PropertyValue.string)) }
    }
    public var ratingDescription: String? {
        get { string("ratingDescription") } set { set("ratingDescription", newValue.map(PropertyValue.string)) }
    }
    public var phoneNumbers: [String]? {
        get { strings("phoneNumbers") } set { set("phoneNumbers", newValue.map { .array($0.map(PropertyValue.string)) }) }
    }
    public var emailAddresses: [String]? {
        get { strings("emailAddresses") } set { set("emailAddresses", newValue.map { .array($0.map(PropertyValue.string)) }) }
    }
    public var thumbnailURL: URL? { get { url("thumbnailURL") } set { set("thumbnailURL", newValue.map(PropertyValue.url)) } }
    public var metadataModificationDate: Date? {
        get { date("metadataModificationDate") } set { set("metadataModificationDate", newValue.map(PropertyValue.date)) }
    }
    public var rating: NSNumber? { get { number("rating") } set { set("rating", newValue.map(Self.value)) } }
    public var latitude: NSNumber? { get { number("latitude") } set { set("latitude", newValue.map(Self.value)) } }
    public var longitude: NSNumber? { get { number("longitude") } set { set("longitude", newValue.map(Self.value)) } }
    public var duration: NSNumber? { get { number("duration") } set { set("duration", newValue.map(Self.value)) } }
    public var supportsPhoneCall: NSNumber? {
        get { number("supportsPhoneCall") } set { set("supportsPhoneCall", newValue.map { .bool($0.boolValue) }) }
    }
    public var supportsNavigation: NSNumber? {
        get { number("supportsNavigation") } set { set("supportsNavigation", newValue.map { .bool($0.boolValue) }) }
    }
    /// How high the item ranks among equally relevant ones, 0...100: the record's `rankingHint`.
    public var rankingHint: NSNumber? { get { number("rankingHint") } set { set("rankingHint", newValue.map(Self.value)) } }

    // More of Apple's attributes, each a property of its name (`artist:miles`, `allDay:true`).
    public var artist: String? { get { string("artist") } set { set("artist", newValue.map(PropertyValue.string)) } }
    public var album: String? { get { string("album") } set { set("album", newValue.map(PropertyValue.string)) } }
    public var composer: String? {
        get { string("composer") } set { set("composer", newValue.map(PropertyValue.string)) }
    }
    public var genre: String? { get { string("genre") } set { set("genre", newValue.map(PropertyValue.string)) } }
    public var version: String? { get { string("version") } set { set("version", newValue.map(PropertyValue.string)) } }
    public var creator: String? { get { string("creator") } set { set("creator", newValue.map(PropertyValue.string)) } }
    public var information: String? {
        get { string("information") } set { set("information", newValue.map(PropertyValue.string)) }
    }
    public var instructions: String? {
        get { string("instructions") } set { set("instructions", newValue.map(PropertyValue.string)) }
    }
    public var path: String? { get { string("path") } set { set("path", newValue.map(PropertyValue.string)) } }
    public var theme: String? { get { string("theme") } set { set("theme", newValue.map(PropertyValue.string)) } }
    public var copyright: String? {
        get { string("copyright") } set { set("copyright", newValue.map(PropertyValue.string)) }
    }
    public var director: String? {
        get { string("director") } set { set("director", newValue.map(PropertyValue.string)) }
    }
    public var producer: String? {
        get { string("producer") } set { set("producer", newValue.map(PropertyValue.string)) }
    }
    public var postalCode: String? {
        get { string("postalCode") } set { set("postalCode", newValue.map(PropertyValue.string)) }
    }
    public var stateOrProvince: String? {
        get { string("stateOrProvince") } set { set("stateOrProvince", newValue.map(PropertyValue.string)) }
    }
    public var thoroughfare: String? {
        get { string("thoroughfare") } set { set("thoroughfare", newValue.map(PropertyValue.string)) }
    }
    public var subThoroughfare: String? {
        get { string("subThoroughfare") } set { set("subThoroughfare", newValue.map(PropertyValue.string)) }
    }
    public var fullyFormattedAddress: String? {
        get { string("fullyFormattedAddress") } set { set("fullyFormattedAddress", newValue.map(PropertyValue.string)) }
    }
    public var participants: [String]? {
        get { strings("participants") } set { set("participants", newValue.map { .array($0.map(PropertyValue.string)) }) }
    }
    /// The people who edited the content (`editors:ann`).
    public var editors: [String]? {
        get { strings("editors") } set { set("editors", newValue.map { .array($0.map(PropertyValue.string)) }) }
    }
    public var languages: [String]? {
        get { strings("languages") } set { set("languages", newValue.map { .array($0.map(PropertyValue.string)) }) }
    }
    public var recipientNames: [String]? {
        get { strings("recipientNames") } set { set("recipientNames", newValue.map { .array($0.map(PropertyValue.string)) }) }
    }
    public var organizations: [String]? {
        get { strings("organizations") } set { set("organizations", newValue.map { .array($0.map(PropertyValue.string)) }) }
    }
    public var projects: [String]? {
        get { strings("projects") } set { set("projects", newValue.map { .array($0.map(PropertyValue.string)) }) }
    }
    public var allDay: NSNumber? {
        get { number("allDay") } set { set("allDay", newValue.map { .bool($0.boolValue) }) }
    }
    public var userCreated: NSNumber? {
        get { number("userCreated") } set { set("userCreated", newValue.map { .bool($0.boolValue) }) }
    }
    public var userCurated: NSNumber? {
        get { number("userCurated") } set { set("userCurated", newValue.map { .bool($0.boolValue) }) }
    }
    public var userOwned: NSNumber? {
        get { number("userOwned") } set { set("userOwned", newValue.map { .bool($0.boolValue) }) }
    }
    public var fileSize: NSNumber? { get { number("fileSize") } set { set("fileSize", newValue.map(Self.value)) } }
    /// How many times the person played the media (`playCount:10..`).
    public var playCount: NSNumber? { get { number("playCount") } set { set("playCount", newValue.map(Self.value)) } }
    public var pageCount: NSNumber? { get { number("pageCount") } set { set("pageCount", newValue.map(Self.value)) } }
    public var altitude: NSNumber? { get { number("altitude") } set { set("altitude", newValue.map(Self.value)) } }

    /// Sets a custom attribute: a property of the key's name holding a string, number, date,
    /// URL, or an array of those (anything else clears it).
    public func setValue(_ value: Any?, forCustomKey key: CSCustomAttributeKey) {
        set(key.keyName, value.flatMap(Self.propertyValue))
    }

    /// A custom attribute's value: a `String`, `NSNumber`, `Date`, `URL` or an array of them.
    public func value(forCustomKey key: CSCustomAttributeKey) -> Any? {
        values[key.keyName].map(Self.object)
    }

    func number(_ name: String) -> NSNumber? {
        switch values[name] {
        case .int(let n): NSNumber(value: n)
        case .double(let d): NSNumber(value: d)
        case .bool(let b): NSNumber(value: b)
        default: nil
        }
    }

    /// A whole number as an int, any other as a double.
    static func value(_ number: NSNumber) -> PropertyValue {
        let d = number.doubleValue
        return d.rounded() == d && abs(d) < 0x1p53 ? .int(Int(d)) : .double(d)
    }

    static func propertyValue(_ value: Any) -> PropertyValue? {
        switch value {
        case let s as String: .string(s)
        // Before Bool: an NSNumber of 0 or 1 also casts to Bool; only one made of a Bool is one.
        case let n as NSNumber where String(cString: n.objCType) != "c": Self.value(n)
        case let b as Bool: .bool(b)
        case let n as Int: .int(n)
        case let d as Double: .double(d)
        case let n as NSNumber: Self.value(n)
        case let d as Date: .date(d)
        case let u as URL: .url(u)
        case let items as [Any]: .array(items.compactMap(propertyValue))
        default: nil
        }
    }

    static func object(_ value: PropertyValue) -> Any {
        switch value {
        case .string(let s), .enumCase(let s): s
        case .int(let n): NSNumber(value: n)
        case .double(let d): NSNumber(value: d)
        case .bool(let b): NSNumber(value: b)
        case .date(let d): d
        case .url(let u): u
        case .entity(let e): e.id
        case .array(let items): items.map(object)
        }
    }
}

/// A custom attribute's name (Core Spotlight's `CSCustomAttributeKey`): a property of that
/// name in the record, searched like any other (`priority:high`).
///
/// ```swift
/// let priority = CSCustomAttributeKey(keyName: "priority")!
/// attributes.setValue("high", forCustomKey: priority)
/// ```
public struct CSCustomAttributeKey: Hashable, Sendable {
    public let keyName: String
    /// Accepted for source compatibility; every property is searchable.
    public let isSearchable: Bool
    public let searchableByDefault: Bool
    public let isUnique: Bool
    public let isMultiValued: Bool

    /// The attributes a record holds in its own fields, not as properties: a custom key of one
    /// of these names would overwrite the field.
    static let reserved: Set<String> = ["title", "displayName", "contentDescription", "keywords", "alternateNames",
                                        "rankingHint", "contentType", "uniqueIdentifier", "domainIdentifier",
                                        "expirationDate"]

    /// Nil for a name that is not letters, digits and `_` starting with a letter, that starts
    /// with `kMDItem` (as Apple's), or that is one of the attributes a record holds in its own
    /// fields (`title`, `contentDescription`, `keywords`, ...).
    public init?(keyName: String, searchable: Bool = true, searchableByDefault: Bool = false,
                 unique: Bool = false, multiValued: Bool = false) {
        guard let first = keyName.unicodeScalars.first, CharacterSet.letters.contains(first),
              keyName.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) || $0 == "_" }),
              !keyName.hasPrefix("kMDItem"), !Self.reserved.contains(keyName) else { return nil }
        self.keyName = keyName
        self.isSearchable = searchable
        self.searchableByDefault = searchableByDefault
        self.isUnique = unique
        self.isMultiValued = multiValued
    }
}

/// Core Spotlight's names for what an app is handed when someone opens an item, kept for source
/// compatibility: there is no `NSUserActivity` here; the app gets the item's identifier through
/// `IntentApp(..., onOpenSearchableItem:)` (IntentKit).
public let CSSearchableItemActionType = "com.apple.corespotlightitem"
public let CSSearchableItemActivityIdentifier = "kCSSearchableItemActivityIdentifier"
public let CSQueryContinuationActionType = "com.apple.corespotlightquerycontinuation"
public let CSSearchQueryString = "kCSSearchQueryString"
