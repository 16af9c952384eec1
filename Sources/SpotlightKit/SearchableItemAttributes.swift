import Foundation
import SpotlightModel

/// The Spotlight attributes of a donated entity (Core Spotlight's `CSSearchableItemAttributeSet`,
/// which is also its name here). An ``IndexedEntity`` fills it from its `@Property(indexingKey:)`
/// properties and its ``IndexedEntity/attributeSet``; the donation's record takes:
///
/// | attribute | record |
/// | --- | --- |
/// | `title`, `displayName` (wins) | the title; a ``SearchableItem`` given both keeps its `title` as a property, given a `displayName` alone marks it with one (see `ItemAttributes.titles(of:)`) |
/// | `contentDescription` | the subtitle |
/// | `keywords` | keywords, added to `indexedKeywords` |
/// | `alternateNames` | synonyms, added to the display representation's |
/// | `rankingHint` | the ranking hint (0...100) |
/// | `contentType` (of the initializer) | a ``SearchableItem``'s `contentType` property; not an entity's |
/// | `thumbnailData`, `htmlContentData` | nothing: kept on the set, not donated |
/// | any other | a property of the attribute's name (`namedLocation`, `dueDate`, ...), found by `namedLocation:roof` |
///
/// ```swift
/// var attributeSet: CSSearchableItemAttributeSet {
///     let attributes = CSSearchableItemAttributeSet()
///     attributes.contentDescription = notes
///     attributes.keywords = tags
///     return attributes
/// }
/// ```
public final class SearchableItemAttributes {
    /// Every attribute set, by name.
    public private(set) var values: [String: PropertyValue] = [:]

    /// The uniform type identifier the set was made for (`public.text`), or set since; a
    /// ``SearchableItem`` donates it as its `contentType` property, an entity's record leaves it out.
    public var contentType: String? {
        get { contentTypeIdentifier ?? string("contentType") }
        set { contentTypeIdentifier = newValue }
    }
    private var contentTypeIdentifier: String?

    public init() {}

    /// Apple's `CSSearchableItemAttributeSet(contentType:)` with a `UTType` or its identifier.
    public convenience init(contentType: Any) {
        self.init()
        contentTypeIdentifier = (contentType as? UTType)?.identifier ?? contentType as? String
    }

    /// Apple's `CSSearchableItemAttributeSet(contentType: .text)`.
    public convenience init(contentType: UTType) {
        self.init()
        contentTypeIdentifier = contentType.identifier
    }

    /// Apple's older `CSSearchableItemAttributeSet(itemContentType: UTType.text.identifier)`.
    public convenience init(itemContentType: String) {
        self.init()
        contentTypeIdentifier = itemContentType
    }

    /// Thumbnail bytes, kept on the set for source compatibility: records carry text, so
    /// they are not donated (give `thumbnailURL` instead).
    public var thumbnailData: Data?

    /// A message's HTML bytes, kept on the set for source compatibility as ``thumbnailData`` is:
    /// records carry text, so they are not donated (give the message's text as `textContent`).
    public var htmlContentData: Data?

    /// Sets or clears an attribute by name.
    public func set(_ name: String, _ value: PropertyValue?) { values[name] = value }

    func string(_ name: String) -> String? {
        if case .string(let s) = values[name] { return s } else { return nil }
    }
    func strings(_ name: String) -> [String]? {
        guard case .array(let items) = values[name] else { return nil }
        return items.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
    }
    func date(_ name: String) -> Date? {
        if case .date(let d) = values[name] { return d } else { return nil }
    }
    func url(_ name: String) -> URL? {
        if case .url(let u) = values[name] { return u } else { return nil }
    }

    public var title: String? { get { string("title") } set { set("title", newValue.map(PropertyValue.string)) } }
    public var displayName: String? { get { string("displayName") } set { set("displayName", newValue.map(PropertyValue.string)) } }
    public var contentDescription: String? {
        get { string("contentDescription") } set { set("contentDescription", newValue.map(PropertyValue.string)) }
    }
    public var textContent: String? { get { string("textContent") } set { set("textContent", newValue.map(PropertyValue.string)) } }
    public var namedLocation: String? {
        get { string("namedLocation") } set { set("namedLocation", newValue.map(PropertyValue.string)) }
    }
    public var city: String? { get { string("city") } set { set("city", newValue.map(PropertyValue.string)) } }
    public var country: String? { get { string("country") } set { set("country", newValue.map(PropertyValue.string)) } }
    public var comment: String? { get { string("comment") } set { set("comment", newValue.map(PropertyValue.string)) } }
    public var headline: String? { get { string("headline") } set { set("headline", newValue.map(PropertyValue.string)) } }
    public var keywords: [String]? {
        get { strings("keywords") } set { set("keywords", newValue.map { .array($0.map(PropertyValue.string)) }) }
    }
    public var alternateNames: [String]? {
        get { strings("alternateNames") } set { set("alternateNames", newValue.map { .array($0.map(PropertyValue.string)) }) }
    }
    public var authorNames: [String]? {
        get { strings("authorNames") } set { set("authorNames", newValue.map { .array($0.map(PropertyValue.string)) }) }
    }
    public var startDate: Date? { get { date("startDate") } set { set("startDate", newValue.map(PropertyValue.date)) } }
    public var endDate: Date? { get { date("endDate") } set { set("endDate", newValue.map(PropertyValue.date)) } }
    public var dueDate: Date? { get { date("dueDate") } set { set("dueDate", newValue.map(PropertyValue.date)) } }
    public var completionDate: Date? {
        get { date("completionDate") } set { set("completionDate", newValue.map(PropertyValue.date)) }
    }
    public var addedDate: Date? { get { date("addedDate") } set { set("addedDate", newValue.map(PropertyValue.date)) } }
    public var contentCreationDate: Date? {
        get { date("contentCreationDate") } set { set("contentCreationDate", newValue.map(PropertyValue.date)) }
    }
    public var contentModificationDate: Date? {
        get { date("contentModificationDate") } set { set("contentModificationDate", newValue.map(PropertyValue.date)) }
    }
    public var lastUsedDate: Date? { get { date("lastUsedDate") } set { set("lastUsedDate", newValue.map(PropertyValue.date)) } }
    public var url: URL? { get { url("url") } set { set("url", newValue.map(PropertyValue.url)) } }
    public var contentURL: URL? { get { url("contentURL") } set { set("contentURL", newValue.map(PropertyValue.url)) } }

    /// The attribute a key path names (`\.contentDescription` → `contentDescription`, `\.pixelWidth`
    /// → `pixelWidth`); nil for a key path that is not a donated attribute (`\.contentType`,
    /// `\.thumbnailData`). Found by setting a sample value through the key path on an empty set
    /// and reading the one name it stored, so every attribute of every group answers without a
    /// table to keep in step (nor could a static table of key paths be shared: they are not Sendable).
    package static func name(of keyPath: PartialKeyPath<SearchableItemAttributes>) -> String? {
        typealias Path<Value> = ReferenceWritableKeyPath<SearchableItemAttributes, Value>
        let probe = SearchableItemAttributes()
        switch keyPath {
        case let path as Path<String?>: probe[keyPath: path] = "x"
        case let path as Path<[String]?>: probe[keyPath: path] = ["x"]
        case let path as Path<[String]>: probe[keyPath: path] = ["x"]
        case let path as Path<NSNumber?>: probe[keyPath: path] = 1
        case let path as Path<NSNumber>: probe[keyPath: path] = 1
        case let path as Path<Date?>: probe[keyPath: path] = Date(timeIntervalSince1970: 0)
        case let path as Path<[Date]?>: probe[keyPath: path] = [Date(timeIntervalSince1970: 0)]
        case let path as Path<URL?>: probe[keyPath: path] = URL(string: "https://example.com")
        case let path as Path<[CSPerson]?>: probe[keyPath: path] = [CSPerson(displayName: "x", handles: [], handleIdentifier: "")]
        case let path as Path<UTType?>: probe[keyPath: path] = .text
        case let path as Path<[String: [Any]]?>: probe[keyPath: path] = ["x": ["x"]]
        default: return nil
        }
        return probe.values.count == 1 ? probe.values.keys.first : nil
    }

    /// Writes the attributes into a donation's record, each to its field by name.
    package func apply(to record: inout Record) { Self.apply(values, to: &record) }

    /// Writes attributes, by name, into a record's fields (see the table above).
    package static func apply(_ values: [String: PropertyValue], to record: inout Record) {
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            switch (name, value) {
            case ("title", .string(let title)) where values["displayName"] == nil: record.title = title
            case ("displayName", .string(let title)): record.title = title
            case ("contentDescription", .string(let text)): record.subtitle = text
            case ("rankingHint", .int(let hint)): record.rankingHint = hint
            case ("keywords", _): record.keywords += texts(value).filter { !record.keywords.contains($0) }
            case ("alternateNames", _): record.synonyms += texts(value).filter { !record.synonyms.contains($0) }
            case ("title", _), ("displayName", _), ("contentDescription", _), ("rankingHint", _): break
            default: record.properties[name] = value
            }
        }
    }

    private static func texts(_ value: PropertyValue) -> [String] {
        switch value {
        case .string(let s): return [s]
        case .array(let items): return items.flatMap(texts)
        default: return []
        }
    }
}

/// Core Spotlight's name for ``SearchableItemAttributes``, so `attributeSet` code ports unchanged.
public typealias CSSearchableItemAttributeSet = SearchableItemAttributes
