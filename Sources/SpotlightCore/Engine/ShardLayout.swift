import Foundation
import SpotlightModel

/// One shard searched beside the engine's own index: a database another daemon owns,
/// served by `xapian-tcpsrv` (`.remote`) or kept as a replica by `xapian-replicate`
/// (`.local` path), and the bundles whose records live there.
///
/// ```swift
/// let games = Shard(name: "games", database: .remote(host: "127.0.0.1", port: 7001, timeoutMilliseconds: 2000),
///                   bundles: ["org.debian.packages"])
/// ```
public struct Shard: Hashable, Sendable {
    /// A short name used in partial answers and status (`missingShards`).
    public var name: String
    /// A remote address or a local (replica) path; never `.combined`.
    public var database: DatabaseSpec
    /// The bundles whose records this shard holds (its owning daemon takes their donations).
    public var bundles: [String]

    public init(name: String, database: DatabaseSpec, bundles: [String]) {
        self.name = name
        self.database = database
        self.bundles = bundles
    }

    /// `tcp://host:port` or the local path, as written in a shard configuration.
    public var address: String {
        switch database {
        case .local(let path): return path
        case .remote(let host, let port, _): return "tcp://\(host.contains(":") ? "[\(host)]" : host):\(port)"
        case .combined(let parts): return parts.map { Shard(name: name, database: $0, bundles: []).address }
                .joined(separator: ",")
        }
    }
}

/// The shards an engine searches together with its own index, and how it treats a shard
/// that fails.
///
/// ```swift
/// var options = SpotlightEngine.Options()
/// options.shards = ShardLayout(shards: [games, docs], timeoutMilliseconds: 2000)
/// ```
public struct ShardLayout: Hashable, Sendable {
    public var shards: [Shard]
    /// How long one remote shard may take to connect or answer before a query leaves it out.
    public var timeoutMilliseconds: Int
    /// How often a shard that failed is tried again in the background.
    public var reprobeInterval: TimeInterval

    public static let defaultTimeoutMilliseconds = 2_000
    public static let defaultReprobeInterval: TimeInterval = 2

    public init(shards: [Shard], timeoutMilliseconds: Int = defaultTimeoutMilliseconds,
                reprobeInterval: TimeInterval = defaultReprobeInterval) {
        self.shards = shards
        self.timeoutMilliseconds = timeoutMilliseconds
        self.reprobeInterval = reprobeInterval
    }

    /// The shard holding `bundle`, or nil when the engine's own index holds it.
    public func shard(holding bundle: String) -> Shard? {
        shards.first { $0.bundles.contains(bundle) }
    }

    /// The shard's database spec with this layout's timeout applied to a remote address.
    func spec(of shard: Shard) -> DatabaseSpec {
        guard case .remote(let host, let port, _) = shard.database else { return shard.database }
        return .remote(host: host, port: port, timeoutMilliseconds: timeoutMilliseconds)
    }
}

/// What `status` reports for one shard.
public struct ShardStatus: Codable, Hashable, Sendable {
    public var name: String
    public var address: String
    public var bundles: [String]
    /// `up`, or `down` (left out of queries until a background probe reaches it again).
    public var state: String
    /// Documents in the shard (nil while it is down).
    public var documentCount: Int?
    /// The last change its owning daemon committed to it (nil while down or never set).
    public var lastAppliedSequence: UInt64?
    /// Why it is down.
    public var message: String?
}
