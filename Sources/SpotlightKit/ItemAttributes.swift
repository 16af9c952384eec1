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
        if !record.title.isEmpty { named += [("title", .string(record.title)), ("displayName", .string(record.title))] }
        if let subtitle = record.subtitle { named.append(("contentDescription", .string(subtitle))) }
        if !record.keywords.isEmpty { named.append(("keywords", .array(record.keywords.map(PropertyValue.string)))) }
        if !record.synonyms.isEmpty { named.append(("alternateNames", .array(record.synonyms.map(PropertyValue.string)))) }
        if let hint = record.rankingHint { named.append(("rankingHint", .int(hint))) }
        return named
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
            if attribute.hasPrefix("kMDItem"), attribute.count > 7 {
                let rest = attribute.dropFirst(7)
                return values(rest.prefix(1).lowercased() + rest.dropFirst(), of: record)
            }
            if let value = named(record).first(where: { $0.0 == attribute })?.1 { return elements(value) }
            return record.properties[attribute].map(elements) ?? []
        }
    }

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
struct TextPattern {
    let pattern: [ItemPredicate.PatternElement]
    let options: ItemPredicate.TextOptions

    init(_ pattern: [ItemPredicate.PatternElement], _ options: ItemPredicate.TextOptions) {
        self.options = options
        self.pattern = pattern.map {
            guard case .scalar(let s) = $0 else { return $0 }
            return .scalar(ItemPredicate.fold(String(s), options).unicodeScalars.first ?? s)
        }
    }

    func matches(_ value: String) -> Bool {
        let text = Array(ItemPredicate.fold(value, options).unicodeScalars)
        guard options.contains(.wordBased) else { return ends(from: 0, in: text).contains(text.count) }
        let isWord = text.map { CharacterSet.alphanumerics.contains($0) }
        for start in text.indices where isWord[start] && (start == 0 || !isWord[start - 1]) {
            if ends(from: start, in: text).contains(where: { $0 == text.count || ($0 > start && isWord[$0 - 1] && !isWord[$0]) }) {
                return true
            }
        }
        return false
    }

    /// Every position of `text` where the whole pattern, begun at `start`, can end.
    private func ends(from start: Int, in text: [Unicode.Scalar]) -> Set<Int> {
        var positions: Set<Int> = [start]
        for element in pattern {
            var next: Set<Int> = []
            switch element {
            case .anyRun:
                if let first = positions.min() { next = Set(first...text.count) }
            case .anyOne:
                next = Set(positions.filter { $0 < text.count }.map { $0 + 1 })
            case .scalar(let s):
                next = Set(positions.filter { $0 < text.count && text[$0] == s }.map { $0 + 1 })
            }
            positions = next
            if positions.isEmpty { break }
        }
        return positions
    }
}
