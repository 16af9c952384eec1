import Foundation
import SpotlightModel

// The params and results of `beginBatch`, `endBatch` and `abandonBatch`: writes committed all
// or nothing, as Core Spotlight's `beginIndexBatch()` / `endIndexBatch(expectedClientState:
// newClientState:)` (docs/protocol.md, "Batches").

/// `beginBatch`: opens a batch on this connection. Donations and deletes that name it are
/// staged, invisible, until `endBatch` commits them all in one transaction; a batch that is
/// abandoned (`abandonBatch`, the connection closes, the daemon restarts, or it stays idle
/// past the daemon's batch timeout) leaves the store exactly as it was. Unknown members are refused.
///
/// ```json
/// {"jsonrpc":"2.0","id":1,"method":"beginBatch","params":{"batch":"nightly"}}
/// ```
public struct BeginBatchParams: Codable, Sendable, Hashable {
    /// The bundle every write of the batch belongs to; default: the caller's own.
    public var bundle: String?
    /// A name for the batch, unique on this connection; default: one the daemon makes up.
    public var batch: String?

    public init(bundle: String? = nil, batch: String? = nil) {
        self.bundle = bundle
        self.batch = batch
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case bundle, batch }

    public init(from decoder: any Decoder) throws {
        try refuseUnknownMembers(decoder, known: CodingKeys.allCases.map(\.rawValue), method: "beginBatch")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        bundle = try c.decodeIfPresent(String.self, forKey: .bundle)
        batch = try c.decodeIfPresent(String.self, forKey: .batch)
    }
}

public struct BeginBatchResult: Codable, Sendable, Hashable {
    /// The batch's name, to pass as `batch` to `donate`, `delete`, `endBatch` and `abandonBatch`.
    public var batch: String
    /// The bundle of the batch.
    public var bundle: String
    /// An idle batch (no call naming it) is abandoned after this many seconds.
    public var timeoutSeconds: Double

    public init(batch: String, bundle: String, timeoutSeconds: Double) {
        self.batch = batch
        self.bundle = bundle
        self.timeoutSeconds = timeoutSeconds
    }
}

/// `endBatch`: commits the batch's staged writes in the order they were staged, all or
/// nothing. With `clientState`, only when the bundle's stored state matches `expected`
/// (then `new` is stored with it); otherwise `conflict`, and the batch is abandoned.
/// The result is a ``WriteResult``: the sequence of the last change and how many records changed.
public struct EndBatchParams: Codable, Sendable, Hashable {
    public var batch: String
    public var clientState: ClientStateSwap?

    public init(batch: String, clientState: ClientStateSwap? = nil) {
        self.batch = batch
        self.clientState = clientState
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case batch, clientState }

    public init(from decoder: any Decoder) throws {
        try refuseUnknownMembers(decoder, known: CodingKeys.allCases.map(\.rawValue), method: "endBatch")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        batch = try c.decode(String.self, forKey: .batch)
        clientState = try c.decodeIfPresent(ClientStateSwap.self, forKey: .clientState)
    }
}

/// `abandonBatch`: forgets a batch's staged writes; nothing of it is stored.
public struct AbandonBatchParams: Codable, Sendable, Hashable {
    public var batch: String

    public init(batch: String) { self.batch = batch }

    enum CodingKeys: String, CodingKey, CaseIterable { case batch }

    public init(from decoder: any Decoder) throws {
        try refuseUnknownMembers(decoder, known: CodingKeys.allCases.map(\.rawValue), method: "abandonBatch")
        batch = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .batch)
    }
}

public struct AbandonBatchResult: Codable, Sendable, Hashable {
    /// false when the batch was no longer open (already ended or abandoned).
    public var abandoned: Bool
    public init(abandoned: Bool) { self.abandoned = abandoned }
}
