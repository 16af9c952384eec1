import Foundation
import SpotlightModel

/// Apple's media attributes (`CSSearchableItemAttributeSet`'s media group: encoding, rights and
/// credits), each a property of its name in the donated record (`codecs:hvc1`,
/// `totalBitRate:1000000..`, `publishers:"Blue Note"`); `streamable` and `local` are booleans
/// (`streamable:true`). The group's other members (`editors`, `playCount`, `director`, ...) are in
/// SearchableItemAttributes+More.swift.
///
/// ```swift
/// attributes.codecs = ["hvc1", "aac"]
/// attributes.totalBitRate = 6_000_000
/// attributes.streamable = true
/// attributes.publishers = ["Blue Note"]
/// ```
extension SearchableItemAttributes {
    public var contactKeywords: [String]? {
        get { strings("contactKeywords") } set { set("contactKeywords", newValue.map { .array($0.map(PropertyValue.string)) }) }
    }
    public var codecs: [String]? {
        get { strings("codecs") } set { set("codecs", newValue.map { .array($0.map(PropertyValue.string)) }) }
    }
    public var mediaTypes: [String]? {
        get { strings("mediaTypes") } set { set("mediaTypes", newValue.map { .array($0.map(PropertyValue.string)) }) }
    }
    public var streamable: NSNumber? {
        get { number("streamable") } set { set("streamable", newValue.map { .bool($0.boolValue) }) }
    }
    public var totalBitRate: NSNumber? {
        get { number("totalBitRate") } set { set("totalBitRate", newValue.map(Self.value)) }
    }
    public var videoBitRate: NSNumber? {
        get { number("videoBitRate") } set { set("videoBitRate", newValue.map(Self.value)) }
    }
    public var audioBitRate: NSNumber? {
        get { number("audioBitRate") } set { set("audioBitRate", newValue.map(Self.value)) }
    }
    public var deliveryType: NSNumber? {
        get { number("deliveryType") } set { set("deliveryType", newValue.map(Self.value)) }
    }
    public var role: String? {
        get { string("role") } set { set("role", newValue.map(PropertyValue.string)) }
    }
    public var rights: String? {
        get { string("rights") } set { set("rights", newValue.map(PropertyValue.string)) }
    }
    public var publishers: [String]? {
        get { strings("publishers") } set { set("publishers", newValue.map { .array($0.map(PropertyValue.string)) }) }
    }
    public var contributors: [String]? {
        get { strings("contributors") } set { set("contributors", newValue.map { .array($0.map(PropertyValue.string)) }) }
    }
    public var coverage: [String]? {
        get { strings("coverage") } set { set("coverage", newValue.map { .array($0.map(PropertyValue.string)) }) }
    }
    public var performers: [String]? {
        get { strings("performers") } set { set("performers", newValue.map { .array($0.map(PropertyValue.string)) }) }
    }
    public var originalFormat: String? {
        get { string("originalFormat") } set { set("originalFormat", newValue.map(PropertyValue.string)) }
    }
    public var originalSource: String? {
        get { string("originalSource") } set { set("originalSource", newValue.map(PropertyValue.string)) }
    }
    public var local: NSNumber? {
        get { number("local") } set { set("local", newValue.map { .bool($0.boolValue) }) }
    }
    public var contentRating: NSNumber? {
        get { number("contentRating") } set { set("contentRating", newValue.map(Self.value)) }
    }
}
