import Foundation
import SpotlightModel

/// Apple's attributes for messages, accounts, actions and related items, each a property of its
/// name in the donated record (`accountHandles:"a@example.com"`, `importantDates:2026-06`).
///
/// ```swift
/// attributes.accountIdentifier = "work"
/// attributes.instantMessageAddresses = ["@ann:example.org"]
/// attributes.actionIdentifiers = ["call"]
/// ```
extension SearchableItemAttributes {
    public var accountIdentifier: String? {
        get { string("accountIdentifier") } set { set("accountIdentifier", newValue.map(PropertyValue.string)) }
    }
    public var accountHandles: [String]? { get { strings("accountHandles") } set { setStrings("accountHandles", newValue) } }
    public var instantMessageAddresses: [String]? {
        get { strings("instantMessageAddresses") } set { setStrings("instantMessageAddresses", newValue) }
    }
    public var weakRelatedUniqueIdentifier: String? {
        get { string("weakRelatedUniqueIdentifier") }
        set { set("weakRelatedUniqueIdentifier", newValue.map(PropertyValue.string)) }
    }
    public var contentSources: [String]? { get { strings("contentSources") } set { setStrings("contentSources", newValue) } }
    public var contentTypeTree: [String]? { get { strings("contentTypeTree") } set { setStrings("contentTypeTree", newValue) } }
    /// The custom actions the app offers on the item (never nil, as Apple's).
    public var actionIdentifiers: [String] {
        get { strings("actionIdentifiers") ?? [] }
        set { setStrings("actionIdentifiers", newValue.isEmpty ? nil : newValue) }
    }
    public var importantDates: [Date]? {
        get {
            guard case .array(let items) = values["importantDates"] else { return nil }
            return items.compactMap { if case .date(let d) = $0 { d } else { nil } }
        }
        set { set("importantDates", newValue.map { .array($0.map(PropertyValue.date)) }) }
    }
    public var downloadedDate: Date? { get { date("downloadedDate") } set { set("downloadedDate", newValue.map(PropertyValue.date)) } }
    public var darkThumbnailURL: URL? { get { url("darkThumbnailURL") } set { set("darkThumbnailURL", newValue.map(PropertyValue.url)) } }

    private func setStrings(_ name: String, _ strings: [String]?) {
        set(name, strings.map { .array($0.map(PropertyValue.string)) })
    }
}
