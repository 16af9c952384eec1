import SpotlightModel

/// The completions of the last word of a text, and, through a front with shards, the shards
/// that did not answer, whose words are left out (docs/scale-out.md).
///
/// ```swift
/// let found = try await index.completionResult(for: "supernova pa")
/// if found.isPartial { print("shards \(found.missingShards!) did not answer; try again later") }
/// ```
public struct CompletionResult: Sendable, Equatable {
    /// The completions of the last word, most likely first.
    public var completions: [String]
    /// On a front with shards: the shards that did not answer, whose words are not among
    /// ``completions``. Nil when every shard answered or there are none.
    public var missingShards: [String]?

    public init(completions: [String], missingShards: [String]? = nil) {
        self.completions = completions
        self.missingShards = missingShards
    }

    /// Whether some shard was left out of this answer.
    public var isPartial: Bool { !(missingShards ?? []).isEmpty }
}

extension SearchableIndex {
    /// The most likely completions of the last word of `text` (as typed, no space after it)
    /// among the records in the scope that match the other words; most likely first. Through
    /// a front with shards a shard that did not answer is left out: ``completionResult(for:bundles:types:limit:)``
    /// says which.
    ///
    /// ```swift
    /// try await index.completions(for: "supernova pa")   // ["party", "parade"]
    /// ```
    public func completions(for text: String, bundles: [String]? = nil, types: [String]? = nil,
                            limit: Int = 10) async throws -> [String] {
        try await completionResult(for: text, bundles: bundles, types: types, limit: limit).completions
    }

    /// The completions of ``completions(for:bundles:types:limit:)``, with the shards of a
    /// front that did not answer (`missingShards`, docs/scale-out.md), so a word missing from
    /// them is not taken for absent from the index.
    ///
    /// ```swift
    /// let found = try await index.completionResult(for: "supernova pa")
    /// found.completions                               // ["party", "parade"]
    /// if found.isPartial { print("shards \(found.missingShards!) did not answer") }
    /// ```
    public func completionResult(for text: String, bundles: [String]? = nil, types: [String]? = nil,
                                 limit: Int = 10) async throws -> CompletionResult {
        let result = try await query(SearchQuery(text: text, bundles: bundles, types: types, limit: 0, completions: limit))
        return CompletionResult(completions: result.completions ?? [], missingShards: result.missingShards)
    }
}
