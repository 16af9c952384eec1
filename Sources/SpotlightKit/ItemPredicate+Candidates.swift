import SpotlightModel

/// Which records a query string can match, asked of spotlightd's index before the records are
/// read: only forms for which the index's answer holds *every* record the predicate matches
/// (a superset), so ``ItemPredicate/matches(_:)`` on what comes back gives exactly what a
/// scan of all the app's records gives.
///
/// ```swift
/// try ItemPredicateParser.parse(#"domainIdentifier == "calendar.home" && title == "*nova*"c"#).candidateText
/// // "domain:calendar.home"
/// try ItemPredicateParser.parse(#"title == "nova*"cdw"#).candidateText   // nil: read every record
/// try ItemPredicateParser.parse(#"uniqueIdentifier == "a" || uniqueIdentifier == "b""#).candidateIdentifiers
/// // ["a", "b"]: read those records by key
/// ```
///
/// Identifiers are looked up by key (``candidateIdentifiers``): `uniqueIdentifier == "x"` without
/// wildcards or modifiers matches only a record whose id is `x`, byte for byte. Otherwise only a
/// domain is narrowed: `domainIdentifier == "a.b"` and `domainIdentifier == "a.b.*"`
/// (also as `kMDItemDomainIdentifier`, no modifiers, ASCII letters, digits, `.`, `-`, `_`) hold only records whose domain is `a.b` or below it, which is what the
/// index's `domain:a.b` finds. Words are not: the index splits words its own way (`don't`,
/// `foo_bar` and `1,000` are one word there, three or two here), keeps field words as stems,
/// skips words over 64 bytes and expands a wildcard to its 64 most frequent terms, so a word
/// match (`"x*"cdw`) could miss records a scan finds.
extension ItemPredicate {
    /// spotlightd query text that finds every record this predicate matches (and maybe more);
    /// nil when no such text is known, and every record of the app is read.
    var candidateText: String? {
        guard let domains = candidateDomains, !domains.isEmpty else { return nil }
        return domains.sorted().map { "domain:\($0)" }.joined(separator: " ")
    }

    /// Identifiers one of which every matching record has, in byte order, each once (byte for
    /// byte: `café` precomposed and with a combining accent are two): `uniqueIdentifier == "x"`
    /// (also as `kMDItemUniqueIdentifier`, no wildcard, no modifier) alone, in `&&` with anything,
    /// or in `||` with another such comparison; nil: any record may match.
    var candidateIdentifiers: [String]? {
        let ids = candidates(of: "uniqueIdentifier") { pattern in
            let scalars = pattern.compactMap(\.scalar)
            return scalars.count == pattern.count ? String(String.UnicodeScalarView(scalars)) : nil
        }
        return ids?.sorted { $0.lexicographicallyPrecedes($1) }.map { String(decoding: $0, as: UTF8.self) }
    }

    /// Domains one of which every matching record is in, itself or below it; nil: any record
    /// may match. Several `domain:` filters in one query text are ORed by spotlightd.
    private var candidateDomains: Set<String>? {
        candidates(of: "domainIdentifier", Self.domain(matching:)).map { Set($0.map { String(decoding: $0, as: UTF8.self) }) }
    }

    /// The values of `attribute` (as UTF-8, which tells apart what `String` calls equal) one of
    /// which every matching record has: `value(pattern)` for a
    /// comparison `attribute == "pattern"` without modifiers (nil: no such value is known), alone,
    /// in `&&` with anything (the smallest set of its terms) or in `||` with others of its kind
    /// (their union); nil: any record may match.
    private func candidates(of attribute: String, _ value: ([PatternElement]) -> String?) -> Set<[UInt8]>? {
        switch self {
        case .and(let terms):
            return terms.compactMap { $0.candidates(of: attribute, value) }.min { $0.count < $1.count }
        case .or(let terms):
            var union: Set<[UInt8]> = []
            for term in terms {
                guard let values = term.candidates(of: attribute, value) else { return nil }
                union.formUnion(values)
            }
            return union
        case .compare(let compared, .equal, .text(let pattern), let options)
            where options.isEmpty && ItemAttributes.name(compared) == attribute:
            return value(pattern.pattern).map { [Array($0.utf8)] }
        default:
            return nil
        }
    }

    /// The domain whose records (itself or below) hold every value `pattern` matches: the
    /// pattern itself when it has no wildcard, `a.b` for `a.b.*`; nil for any other pattern,
    /// and for text the query would not read as one `domain:` filter.
    private static func domain(matching pattern: [PatternElement]) -> String? {
        var elements = pattern
        if elements.last == .anyRun, elements.dropLast().last == .scalar(".") { elements.removeLast(2) }
        let scalars = elements.compactMap(\.scalar)
        guard !scalars.isEmpty, scalars.count == elements.count, scalars.count <= 200,
              scalars.allSatisfy(isPlainDomainScalar), scalars.first != "-" else { return nil }
        return String(String.UnicodeScalarView(scalars))
    }

    /// ASCII letters, digits, `.`, `-` and `_`: a reverse-DNS domain, which the query parser
    /// reads as one filter value and folds only to lower case.
    private static func isPlainDomainScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", ".", "-", "_": true
        default: false
        }
    }
}
