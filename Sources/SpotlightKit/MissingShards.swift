/// The shards of a front that did not answer, gathered over the several answers of one read
/// (pieces of a `get`, pages of a `CSSearchQuery`): each name once, in the order first met.
///
/// ```swift
/// MissingShards.merged(["shard2"], ["shard2", "shard3"])   // ["shard2", "shard3"]
/// MissingShards.merged(nil, nil)                           // nil: every shard answered
/// ```
enum MissingShards {
    /// Both lists after each other, each name once; nil when both are nil.
    static func merged(_ a: [String]?, _ b: [String]?) -> [String]? {
        guard a != nil || b != nil else { return nil }
        var seen = Set<String>()
        return ((a ?? []) + (b ?? [])).filter { seen.insert($0).inserted }
    }
}
