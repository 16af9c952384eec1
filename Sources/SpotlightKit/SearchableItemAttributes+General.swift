import Foundation
import SpotlightModel

/// Apple's remaining general attributes (`CSSearchableItemAttributeSet`'s general, item-provider and
/// containment groups), each a property of its name in the donated record
/// (`providerDataTypeIdentifiers:public.text`, `containerOrder:3`).
///
/// ```swift
/// attributes.containerOrder = 3
/// attributes.providerDataTypeIdentifiers = ["public.plain-text"]
/// attributes.transcribedTextContent = "Meet at the roof at nine"
/// ```
extension SearchableItemAttributes {
    public var providerDataTypeIdentifiers: [String]? {
        get { strings("providerDataTypeIdentifiers") } set { set("providerDataTypeIdentifiers", newValue.map { .array($0.map(PropertyValue.string)) }) }
    }
    public var providerFileTypeIdentifiers: [String]? {
        get { strings("providerFileTypeIdentifiers") } set { set("providerFileTypeIdentifiers", newValue.map { .array($0.map(PropertyValue.string)) }) }
    }
    public var providerInPlaceFileTypeIdentifiers: [String]? {
        get { strings("providerInPlaceFileTypeIdentifiers") } set { set("providerInPlaceFileTypeIdentifiers", newValue.map { .array($0.map(PropertyValue.string)) }) }
    }
    public var transcribedTextContent: String? {
        get { string("transcribedTextContent") } set { set("transcribedTextContent", newValue.map(PropertyValue.string)) }
    }
    public var containerOrder: NSNumber? {
        get { number("containerOrder") } set { set("containerOrder", newValue.map(Self.value)) }
    }
    /// The type of the item when shared, donated as its identifier (`sharedItemContentType:public.jpeg`).
    public var sharedItemContentType: UTType? {
        get { string("sharedItemContentType").flatMap { UTType($0) } }
        set { set("sharedItemContentType", newValue.map { .string($0.identifier) }) }
    }
    /// Whether Apple Intelligence ranks the item a priority. Nothing here sets it (read-only, as
    /// Apple's): nil unless a found item's record holds a property of this name.
    public var isPriority: NSNumber? { number("isPriority") }
    /// Apple Intelligence's summary of the item's text. Nothing here writes one (read-only, as
    /// Apple's): nil unless a found item's record holds a property of this name.
    public var textContentSummary: String? { string("textContentSummary") }
}
