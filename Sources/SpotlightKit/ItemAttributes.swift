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
        var starts = [Bool](repeating: false, count: text.count + 1)
        guard options.contains(.wordBased) else {
            starts[0] = true
            return ends(from: starts, in: text)[text.count]
        }
        let isWord = text.map { CharacterSet.alphanumerics.contains($0) }
        for start in text.indices where isWord[start] && (start == 0 || !isWord[start - 1]) { starts[start] = true }
        let ends = ends(from: starts, in: text)
        return ends.indices.contains { end in
            ends[end] && (end == text.count || (end > 0 && isWord[end - 1] && !isWord[end]))
        }
    }

    /// Where in `text` the whole pattern can end, begun at any of `starts` (both indexed by
    /// position, 0...count): one pass per pattern element, so a long value costs its length
    /// times the pattern's, whatever the number of starts.
    private func ends(from starts: [Bool], in text: [Unicode.Scalar]) -> [Bool] {
        var positions = starts
        for element in pattern {
            var next = [Bool](repeating: false, count: positions.count)
            switch element {
            case .anyRun:
                guard let first = positions.firstIndex(of: true) else { return next }
                for p in first..<next.count { next[p] = true }
            case .anyOne:
                for p in text.indices where positions[p] { next[p + 1] = true }
            case .scalar(let s):
                for p in text.indices where positions[p] && text[p] == s { next[p + 1] = true }
            }
            positions = next
        }
        return positions
    }
}
