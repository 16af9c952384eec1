import Foundation
import SpotlightModel
import SpotlightProtocol

/// What spotlightctl prints about the shards a front spotlightd searches: the partial-answer
/// line of `query` and the shard table of `status`.
enum ShardOutput {
    /// One shard in a `status` reply (the daemon adds `"shards"` when it has a layout).
    struct Shard: Codable {
        var name: String
        var address: String
        var bundles: [String]
        var state: String
        var documentCount: Int?
        var lastAppliedSequence: UInt64?
        var message: String?
    }

    /// A `status` reply with its optional `shards`, decoded from the one answer.
    ///
    /// ```swift
    /// let reply: ShardOutput.Status = try await daemon.call(.status, [String: String]())
    /// print(ShardOutput.table(reply.shards ?? []))
    /// ```
    struct Status: Codable {
        var daemon: DaemonStatus
        var shards: [Shard]?

        init(from decoder: any Decoder) throws {
            daemon = try DaemonStatus(from: decoder)
            shards = try decoder.container(keyedBy: Key.self).decodeIfPresent([Shard].self, forKey: .shards)
        }

        func encode(to encoder: any Encoder) throws {
            try daemon.encode(to: encoder)
            var container = encoder.container(keyedBy: Key.self)
            try container.encodeIfPresent(shards, forKey: .shards)
        }

        private enum Key: String, CodingKey { case shards }
    }

    /// `partial: shards shard2, shard3 did not answer`, or nil when every shard answered.
    ///
    /// ```swift
    /// ShardOutput.partialLine(["shard2"])   // "partial: shards shard2 did not answer"
    /// ```
    static func partialLine(_ missing: [String]?) -> String? {
        guard let missing, !missing.isEmpty else { return nil }
        return "partial: shards \(missing.joined(separator: ", ")) did not answer"
    }

    /// The line that says which features the answer gives inexactly, or nil when it is exact.
    /// A feature given with its reason (`maxIndexWait: 3 acknowledged changes not yet indexed`)
    /// says why itself; only bare names get a pointer to the reason.
    ///
    /// ```swift
    /// ShardOutput.inexactLine(["spelling"])   // "inexact: spelling (not as one database holding every record)"
    /// ShardOutput.inexactLine(["facets"])     // "inexact: facets (docs/protocol.md says why)"
    /// ShardOutput.inexactLine(["maxIndexWait: 3 acknowledged changes not yet indexed"])
    ///                                         // "inexact: maxIndexWait: 3 acknowledged changes not yet indexed"
    /// ```
    static func inexactLine(_ features: [String]?) -> String? {
        guard let features, !features.isEmpty else { return nil }
        let bare = features.filter { !$0.contains(":") }
        var parts = features.filter { $0.contains(":") }
        if !bare.isEmpty {
            // Only spelling is inexact for the shards alone; a sort or facet may be for long text.
            let why = bare == ["spelling"] ? "not as one database holding every record" : "docs/protocol.md says why"
            parts.insert("\(bare.joined(separator: ", ")) (\(why))", at: 0)
        }
        return "inexact: \(parts.joined(separator: "; "))"
    }

    /// A table of the shards: name, state, documents, address, bundles, and why one is down.
    static func table(_ shards: [Shard]) -> String {
        let rows = shards.map { shard in
            [shard.name, shard.state, shard.documentCount.map(String.init) ?? "-", shard.address,
             shard.bundles.joined(separator: ","), shard.message ?? ""]
        }
        return Terminal.table(["SHARD", "STATE", "DOCUMENTS", "ADDRESS", "BUNDLES", "MESSAGE"], rows)
    }
}
