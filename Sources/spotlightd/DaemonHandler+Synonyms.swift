import Foundation
import SpotlightCore
import SpotlightModel
import SpotlightProtocol
import SpotlightWire

/// `setSynonyms` and `synonyms`: a bundle's synonym table (docs/protocol.md). Writing it
/// follows the rule of `donate`: the caller's own bundle, or one granted with `--grant`; on a
/// front also for a bundle a shard holds, since the daemon a query asks applies its own table
/// (docs/scale-out.md).
extension DaemonHandler {
    func handleSynonyms(_ method: DaemonProtocol.Method, params: JSONValue?, caller: Caller) async throws -> JSONValue {
        if method == .synonyms {
            let p = try params.decode(SynonymsParams.self)
            let bundle = try readBundle(p.bundle, caller, method: "synonyms")
            try requireReadable(bundle, caller, what: "the synonyms of")
            return try JSONValue(encoding: SynonymsResult(synonyms: engine.synonyms(bundle: bundle)))
        }
        let p = try params.decode(SetSynonymsParams.self)
        let bundle = try writableBundle(for: [p.bundle ?? ""], caller, verb: "set synonyms for", onShards: true)
        let terms = try await engine.setSynonyms(bundle: bundle, p.synonyms, replace: p.replace ?? false)
        log(.info, "setSynonyms: \(bundle) holds \(terms) terms after a \(p.replace == true ? "replace" : "merge") "
            + "by pid \(caller.pid)")
        return try JSONValue(encoding: SetSynonymsResult(terms: terms))
    }
}
