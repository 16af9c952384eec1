import SpotlightCore
import SpotlightModel

extension DaemonHandler {
    /// A bundle held by a shard is written by the daemon that owns that shard: this daemon
    /// only reads it (xapian-tcpsrv and replicas are read-only), so it refuses the write.
    func refuseIfOnAShard(_ bundle: String, verb: String) throws {
        guard let shard = engine.shardLayout?.shard(holding: bundle) else { return }
        log(.info, "refused: \(verb) for \(bundle), which lives on shard \(shard.name) (\(shard.address))")
        throw SpotlightError(.permissionDenied,
            "records of \(bundle) live on the read-only shard \(shard.name) (\(shard.address)); "
            + "\(verb) them through the spotlightd that owns that shard, not this one")
    }
}

extension JSONValue {
    /// This object with a `shards` array of each shard's state.
    func adding(shards: [ShardStatus]) throws -> JSONValue {
        try adding("shards", JSONValue(encoding: shards))
    }

    private func adding(_ key: String, _ value: JSONValue) throws -> JSONValue {
        guard var object = objectValue else {
            throw SpotlightError(.internal, "a reply that is not a JSON object cannot carry \(key)")
        }
        object[key] = value
        return .object(object)
    }
}
