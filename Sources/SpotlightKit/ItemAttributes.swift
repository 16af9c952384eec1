import Foundation
import SpotlightModel

/// A record's Core Spotlight attributes by name, the reverse of
/// ``SearchableItemAttributes/apply(_:to:)``: what a query string compares and what a found
/// item's attribute set holds.
///
/// ```swift
/// ItemAttributes.values("contentDescription", of: record)   // [.string(record.subtitle!)]
/// ```
enum ItemAttributes {
    /// The attributes a record holds besides its properties, each with its value.
    static func named(_ record: Record) -> [(String, PropertyValue)] {
        var named: [(String, PropertyValue)] = []
        let titles = titles(of: record)
        if let title = titles.title { named.append(("title", .string(title))) }
        if let displayName = titles.displayName { named.append(("displayName", .string(displayName))) }
        if let subtitle = record.subtitle { named.append(("contentDescription", .string(subtitle))) }
        if !record.keywords.isEmpty { named.append(("keywords", .array(record.keywords.map(PropertyValue.string)))) }
        if !record.synonyms.isEmpty { named.append(("alternateNames", .array(record.synonyms.map(PropertyValue.string)))) }
        if let hint = record.rankingHint { named.append(("rankingHint", .int(hint))) }
        return named
    }

    /// An item's `title` and `displayName`, each nil when the item was not given it. The record's
    /// title is what is shown: the display name, else the title. An item given a title alone (the
    /// common case, and how items stored before these markers read) holds nothing more; given both,
    /// its record keeps the title as a `title` property (equal to the shown one or not); given a
    /// display name alone, a `displayName` property marks it. Any other record's title is both,
    /// as is an empty title nothing (nor was it given).
    ///
    /// ```swift
    /// // displayName "Supernova" alone: title "Supernova", property displayName "Supernova"
    /// ItemAttributes.titles(of: record)   // (title: nil, displayName: "Supernova")
    /// ```
    static func titles(of record: Record) -> (title: String?, displayName: String?) {
        guard record.type == SearchableItem.recordType else {
            return record.title.isEmpty ? (nil, nil) : (record.title, record.title)
        }
        func string(_ name: String) -> String? { if case .string(let s)? = record.properties[name] { s } else { nil } }
        if let title = string("title") { return (title, record.title) }
        if string("displayName") != nil { return (nil, record.title) }
        return record.title.isEmpty ? (nil, nil) : (record.title, nil)
    }

    /// The values of one attribute (an array's elements each), by Core Spotlight's name or its
    /// `kMDItem` name (`kMDItemTitle`); `*` is every text value of the record.
    static func values(_ attribute: String, of record: Record) -> [PropertyValue] {
        switch attribute {
        case "*":
            return (named(record).map(\.1) + record.properties.values).flatMap(elements).filter { text(of: $0) != nil }
        case "uniqueIdentifier": return [.string(record.id)]
        case "domainIdentifier": return record.domain.map { [.string($0)] } ?? []
        case "expirationDate": return record.expiration.map { [.date($0)] } ?? []
        default:
            // `kMDItem` alone names no attribute: it is itself, a property nothing has.
            if case let renamed = name(attribute), renamed != attribute { return values(renamed, of: record) }
            if let value = named(record).first(where: { $0.0 == attribute })?.1 { return elements(value) }
            return record.properties[attribute].map(elements) ?? []
        }
    }

    /// The attribute set's name of an attribute named either way: `kMDItemTitle` is `title`, a
    /// leading acronym is lowered whole as Swift imports it (`kMDItemISOSpeed` is `isoSpeed`,
    /// `kMDItemGPSDOP` is `gpsdop`), and the keys whose names differ are looked up
    /// (`kMDItemDescription` is `contentDescription`); any other name is itself.
    static func name(_ attribute: String) -> String {
        guard attribute.hasPrefix("kMDItem"), attribute.count > 7 else { return attribute }
        if let renamed = renamedKeys[attribute] { return renamed }
        let rest = attribute.dropFirst(7)
        let capitals = rest.prefix { $0.isUppercase }.count
        // Of a run of capitals before a lowercase letter, the last begins the next word.
        let lowered = capitals == rest.count || capitals <= 1 ? max(capitals, 1) : capitals - 1
        return rest.prefix(lowered).lowercased() + rest.dropFirst(lowered)
    }

    /// The metadata keys of Apple's attributes whose names are not the key's rest, lowercased.
    static let renamedKeys = ["kMDItemDescription": "contentDescription", "kMDItemStarRating": "rating",
                              "kMDItemURL": "url", "kMDItemDurationSeconds": "duration",
                              "kMDItemNumberOfPages": "pageCount", "kMDItemFSSize": "fileSize",
                              "kMDItemExposureTimeSeconds": "exposureTime", "kMDItemFlashOnOff": "flashOn",
                              "kMDItemRedEyeOnOff": "redEyeOn", "kMDItemIsGeneralMIDISequence": "generalMIDISequence",
                              "kMDItemIsLikelyJunk": "likelyJunk", "kMDItemGPSDifferental": "gpsDifferential"]

    private static func elements(_ value: PropertyValue) -> [PropertyValue] {
        if case .array(let items) = value { return items.flatMap(elements) }
        return [value]
    }

    /// A value as text to match a quoted string: a string, an enum case, a URL, an entity's
    /// id; nil for numbers, dates and booleans.
    static func text(of value: PropertyValue) -> String? {
        switch value {
        case .string(let s), .enumCase(let s): s
        case .url(let url): url.absoluteString
        case .entity(let reference): reference.id
        default: nil
        }
    }
}

/// A quoted string of a query string with its modifiers, matched against a value: `*` any run
/// of characters, `?` any one; `c` and `d` fold case and diacritics; `w` matches from the start
/// of any word of the value to the end of any word.
///
/// ```swift
/// TextPattern([.scalar("n"), .scalar("o"), .anyRun], [.caseInsensitive, .wordBased]).matches("Super Nova")  // true
/// ```
///
/// It is made once, when the query string is read: what it folds and derives serves every
/// value of every record the query reads.
struct TextPattern: Sendable {
    let pattern: [ItemPredicate.PatternElement]
    let options: ItemPredicate.TextOptions
    /// The pattern's characters without its wildcards, as written (`<` and `>` compare with it).
    let plain: String
    /// ``plain`` folded by ``options``.
    let foldedPlain: String
    /// The pattern as a number, when it is one without wildcards (`"4"` compares as 4).
    let number: Double?

    init(_ pattern: [ItemPredicate.PatternElement], _ options: ItemPredicate.TextOptions) {
        self.options = options
        plain = String(String.UnicodeScalarView(pattern.compactMap(\.scalar)))
        foldedPlain = ItemPredicate.fold(plain, options)
        number = pattern.allSatisfy { $0.scalar != nil } ? Double(plain) : nil
        // Each run of characters folded whole, as the value is (a character may fold to two).
        var folded: [ItemPredicate.PatternElement] = []
        var run = String.UnicodeScalarView()
        func flush() {
            folded += ItemPredicate.fold(String(run), options).unicodeScalars.map { .scalar($0) }
            run = String.UnicodeScalarView()
        }
        for element in pattern {
            if case .scalar(let s) = element { run.append(s) } else { flush(); folded.append(element) }
        }
        flush()
        self.pattern = folded
    }

    func matches(_ value: String) -> Bool {
        let text = Array(ItemPredicate.fold(value, options).unicodeScalars)
        guard options.contains(.wordBased) else { return ends(from: [0], in: text)[text.count] }
        // Every word start at once: the pattern ends at a word's end (or the text's) from some start.
        let isWord = text.map { CharacterSet.alphanumerics.contains($0) }
        let starts = text.indices.filter { isWord[$0] && ($0 == 0 || !isWord[$0 - 1]) }
        guard !starts.isEmpty else { return false }
        let ends = ends(from: starts, in: text)
        return ends[text.count] || text.indices.contains { $0 > 0 && ends[$0] && isWord[$0 - 1] && !isWord[$0] }
    }

    /// Where the whole pattern, begun at any of `starts`, can end: a flag per position of
    /// `text` (0...count). At most one pass over the text per character of the pattern, and
    /// only up to the first match before a `*` (which needs no other), so `*a*a*a…` costs one.
    private func ends(from starts: [Int], in text: [Unicode.Scalar]) -> [Bool] {
        var positions = [Bool](repeating: false, count: text.count + 1)
        for start in starts { positions[start] = true }
        var first = starts.min()
        // After a `*`: every position from this one on, without a flag each.
        var everyFrom: Int?
        for (n, element) in pattern.enumerated() {
            guard let lowest = first else { break }
            if element == .anyRun {
                everyFrom = lowest
                continue
            }
            // Before a `*` only the first position matters: the `*` reaches every one after it.
            let firstOnly = n + 1 < pattern.count && pattern[n + 1] == .anyRun
            var next = [Bool](repeating: false, count: firstOnly ? 0 : text.count + 1)
            first = nil
            for i in lowest..<text.count where everyFrom.map({ i >= $0 }) ?? positions[i] {
                if case .scalar(let s) = element, text[i] != s { continue }
                if first == nil { first = i + 1 }
                if firstOnly { break }
                next[i + 1] = true
            }
            positions = next
            everyFrom = nil
        }
        guard first != nil else { return [Bool](repeating: false, count: text.count + 1) }
        if let everyFrom { return (0...text.count).map { $0 >= everyFrom } }
        return positions
    }
}
