import SpotlightModel

extension SearchableIndex {
    /// The most values spotlightd lists for a facet (docs/protocol.md): a count of this many types
    /// may have left some out.
    static let facetValueLimit = 100

    /// The records of `bundle` whose id is one of `ids`, of any type, read by key: what a
    /// `CSSearchQuery` of `uniqueIdentifier == "x"` can match, without reading every record.
    /// The types are the bundle's, counted by spotlightd's index; nil when that count may be
    /// incomplete (as many types as a facet lists, or an index that says it is inexact), and
    /// the caller reads every record instead. Its `missingShards` also names a shard that did
    /// not answer the count.
    ///
    /// ```swift
    /// let found = try await index.records(identifiedBy: ["event-42"], bundle: "com.example.app")?.records
    /// ```
    func records(identifiedBy ids: [String], bundle: String) async throws -> GetResult? {
        let typeCount = try await query(SearchQuery(text: nil, bundles: [bundle], limit: 0, facets: ["type"]))
        guard typeCount.inexact == nil, let types = typeCount.facets?["type"], types.count < Self.facetValueLimit else { return nil }
        let keys = types.flatMap { type in ids.map { RecordKey(bundle: bundle, type: type.value, id: $0) } }
        var found = try await get(keys)
        // A shard missing from the count may hold a type, so its records were not asked for.
        found.missingShards = MissingShards.merged(typeCount.missingShards, found.missingShards)
        return found
    }
}
