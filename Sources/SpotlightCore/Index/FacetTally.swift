import SpotlightModel

/// A facet's counts merged by what a person would call the same value. Values are shown as
/// ``SearchRun/display(_:_:)`` shows them; with `foldsText` (a property's facet) text values that
/// fold alike (``TextNormalizer/fold(_:)``: `Köln`, `KÖLN`, `köln`, full-width `ＫÖＬＮ`, `Koln`)
/// are one value, counted together and shown in their most frequent form (ties: the form with
/// the fewest capitals after its first character, `Zürich` rather than `ZÜRICH`, then the form
/// first by its bytes). Identifiers (the `type` and `bundle` facets) are counted as they are.
/// Listed most frequent first; ties in kind, then text by its folded form then its bytes,
/// numbers and dates in their order.
///
/// ```swift
/// var tally = FacetTally(foldsText: true)
/// tally.add(count: 1, bytes: Array("Köln".utf8), kind: .text)
/// tally.add(count: 1, bytes: Array("KÖLN".utf8), kind: .text)
/// tally.counts()   // [FacetCount(value: "Köln", count: 2)]
/// ```
struct FacetTally {
    let foldsText: Bool

    private struct Form {
        var count = 0
        var order: [UInt8]
    }

    private struct Group {
        var count = 0
        /// The group's place among equal counts: its first form's.
        var order: [UInt8]
        var forms: [String: Form] = [:]
    }

    private var groups: [String: Group] = [:]

    init(foldsText: Bool) {
        self.foldsText = foldsText
    }

    /// Counts `count` matches holding the slot value `bytes` of a slot of `kind`.
    mutating func add(count: UInt64, bytes: [UInt8], kind: TermSchema.PropertyKind) {
        let shown = SearchRun.display(bytes, kind)
        var order = [PropertySlots.sortTag(kind)]
        let folded = kind == .text ? TextNormalizer.fold(shown) : shown
        if kind == .text { order += Array(folded.utf8) + [0] }
        order += bytes
        let key = foldsText ? folded : shown
        var group = groups[key] ?? Group(order: order)
        group.count += Int(count)
        if order.lexicographicallyPrecedes(group.order) { group.order = order }
        var form = group.forms[shown] ?? Form(order: order)
        form.count += Int(count)
        if order.lexicographicallyPrecedes(form.order) { form.order = order }
        group.forms[shown] = form
        groups[key] = group
    }

    /// The capital letters of `text` after its first character: among forms counted alike,
    /// `Zürich` (0) is shown rather than `ZÜRICH` (5).
    static func laterCapitals(_ text: String) -> Int {
        text.dropFirst().filter(\.isUppercase).count
    }

    /// The values, most frequent first (see the type's documentation).
    func counts() -> [FacetCount] {
        groups.values.sorted { a, b in
            a.count != b.count ? a.count > b.count : a.order.lexicographicallyPrecedes(b.order)
        }.map { group in
            let shown = group.forms.min { a, b in
                if a.value.count != b.value.count { return a.value.count > b.value.count }
                let capitals = (Self.laterCapitals(a.key), Self.laterCapitals(b.key))
                if capitals.0 != capitals.1 { return capitals.0 < capitals.1 }
                return a.value.order.lexicographicallyPrecedes(b.value.order)
            }!.key
            return FacetCount(value: shown, count: group.count)
        }
    }
}
