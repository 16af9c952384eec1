import Foundation
import SpotlightModel

/// Apple's document attributes (`CSSearchableItemAttributeSet`'s documents group), each a property
/// of its name in the donated record (`fontNames:helvetica`, `pageWidth:595`). `subject`, `theme`,
/// `creator`, `kind`, `pageCount` and `fileSize` are in SearchableItemAttributes+More.swift.
///
/// ```swift
/// attributes.pageWidth = 595
/// attributes.pageHeight = 842
/// attributes.fontNames = ["Helvetica"]
/// attributes.audiences = ["students"]
/// ```
extension SearchableItemAttributes {
    public var audiences: [String]? {
        get { strings("audiences") } set { set("audiences", newValue.map { .array($0.map(PropertyValue.string)) }) }
    }
    public var pageWidth: NSNumber? {
        get { number("pageWidth") } set { set("pageWidth", newValue.map(Self.value)) }
    }
    public var pageHeight: NSNumber? {
        get { number("pageHeight") } set { set("pageHeight", newValue.map(Self.value)) }
    }
    public var securityMethod: String? {
        get { string("securityMethod") } set { set("securityMethod", newValue.map(PropertyValue.string)) }
    }
    public var encodingApplications: [String]? {
        get { strings("encodingApplications") } set { set("encodingApplications", newValue.map { .array($0.map(PropertyValue.string)) }) }
    }
    public var fontNames: [String]? {
        get { strings("fontNames") } set { set("fontNames", newValue.map { .array($0.map(PropertyValue.string)) }) }
    }
}
