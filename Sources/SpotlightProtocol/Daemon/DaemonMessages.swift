import Foundation
import SpotlightModel
import SpotlightWire

/// The params and results of spotlightd's methods (docs/protocol.md documents each with an
/// example). Every type here is the JSON form on the wire.
public enum DaemonProtocol {
    /// Bumped when a method changes incompatibly.
    public static let version = 1

    public enum Method: String, RPCMethodSet {
        public static let documentation = "docs/protocol.md"
        case hello, donate, clientState, delete, query, get, status, rebuild
        case export, check, compact, cancelRebuild
        case setSynonyms, synonyms
        case open
        case beginBatch, endBatch, abandonBatch

        /// Whether the method only answers: a request of it whose peer closed its socket is
        /// skipped. Anything that writes (a donation a client sent before it exited) still runs.
        public var isReadOnly: Bool {
            switch self {
            case .hello, .clientState, .query, .get, .status, .export, .synonyms: true
            case .donate, .delete, .rebuild, .check, .compact, .cancelRebuild, .setSynonyms, .open,
                 .beginBatch, .endBatch, .abandonBatch: false
            }
        }

        /// Whether the method answers in milliseconds from what the daemon holds (who the caller
        /// is, counts, a flag): spotlightd answers it on a thread of its own, so a `hello` or a
        /// `status` never waits while large `get`s or exports hold every worker. Queries and
        /// donations keep their own path.
        public var isControl: Bool {
            switch self {
            case .hello, .status, .cancelRebuild: true
            default: false
            }
        }
    }
}

/// `hello`: say who you are; learn what the daemon decided about you. Unknown members are refused.
public struct HelloParams: Codable, Sendable {
    public var protocolVersion: Int
    /// A free-form name of the client program, for logs.
    public var client: String?
    public init(protocolVersion: Int = DaemonProtocol.version, client: String? = nil) {
        self.protocolVersion = protocolVersion
        self.client = client
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case protocolVersion, client }

    public init(from decoder: any Decoder) throws {
        try refuseUnknownMembers(decoder, known: CodingKeys.allCases.map(\.rawValue), method: "hello")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        protocolVersion = try c.decodeIfPresent(Int.self, forKey: .protocolVersion) ?? DaemonProtocol.version
        client = try c.decodeIfPresent(String.self, forKey: .client)
    }
}

public struct HelloResult: Codable, Sendable {
    public var protocolVersion: Int
    public var server: String
    public var pid: Int32
    /// The bundle the daemon attributes this connection to (nil: a read-only tool).
    public var bundle: String?
    /// Every bundle this connection may write.
    public var writableBundles: [String]
    public init(protocolVersion: Int, server: String, pid: Int32, bundle: String?, writableBundles: [String]) {
        self.protocolVersion = protocolVersion
        self.server = server
        self.pid = pid
        self.bundle = bundle
        self.writableBundles = writableBundles
    }
}

/// Compare-and-swap of a bundle's client state, as Core Spotlight's
/// `endIndexBatch(expectedClientState:newClientState:)`.
///
/// JSON: `{"new":"<base64>"}` stores without checking; `{"expected":null,"new":...}` requires
/// that no state was stored yet; `{"expected":"<base64>","new":...}` requires that value.
public struct ClientStateSwap: Codable, Sendable, Hashable {
    public var checksExpected: Bool
    public var expected: Data?
    public var new: Data

    public init(expected: Data??, new: Data) {
        self.checksExpected = expected != nil
        self.expected = expected ?? nil
        self.new = new
    }

    enum CodingKeys: String, CodingKey { case expected, new }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        checksExpected = c.contains(.expected)
        expected = try c.decodeIfPresent(Data.self, forKey: .expected)
        new = try c.decode(Data.self, forKey: .new)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        if checksExpected {
            if let expected { try c.encode(expected, forKey: .expected) } else { try c.encodeNil(forKey: .expected) }
        }
        try c.encode(new, forKey: .new)
    }
}

/// `donate`: store records of the caller's bundle (re-donation replaces), or with `batch`
/// stage them in an open batch (see ``BeginBatchParams``). Unknown members are refused.
public struct DonateParams: Codable, Sendable {
    public var records: [Record]
    /// Not with `batch`: a batch's client state goes with `endBatch`.
    public var clientState: ClientStateSwap?
    /// The open batch (of this connection) to stage the records in; nil: store them now.
    public var batch: String?
    public init(records: [Record], clientState: ClientStateSwap? = nil, batch: String? = nil) {
        self.records = records
        self.clientState = clientState
        self.batch = batch
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case records, clientState, batch }

    public init(from decoder: any Decoder) throws {
        try refuseUnknownMembers(decoder, known: CodingKeys.allCases.map(\.rawValue), method: "donate")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        records = try c.decode([Record].self, forKey: .records)
        clientState = try c.decodeIfPresent(ClientStateSwap.self, forKey: .clientState)
        batch = try c.decodeIfPresent(String.self, forKey: .batch)
    }
}

/// The answer to `donate`, `delete` and `endBatch`: durable in the record store at `sequence`.
/// For a write staged in a batch, `batch` names it, `sequence` is 0 and `count` is what was
/// staged (records, or ids to delete); nothing is stored until the batch ends.
public struct WriteResult: Codable, Sendable {
    public var sequence: UInt64
    public var count: Int
    public var batch: String?
    public init(sequence: UInt64, count: Int, batch: String? = nil) {
        self.sequence = sequence
        self.count = count
        self.batch = batch
    }
}

/// `clientState`: the last client state stored for a bundle (default: the caller's).
/// Unknown members are refused.
public struct ClientStateParams: Codable, Sendable {
    public var bundle: String?
    public init(bundle: String? = nil) { self.bundle = bundle }

    enum CodingKeys: String, CodingKey, CaseIterable { case bundle }

    public init(from decoder: any Decoder) throws {
        try refuseUnknownMembers(decoder, known: CodingKeys.allCases.map(\.rawValue), method: "clientState")
        bundle = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(String.self, forKey: .bundle)
    }
}

public struct ClientStateResult: Codable, Sendable {
    public var clientState: Data?
    public init(clientState: Data?) { self.clientState = clientState }
}

/// `delete`: exactly one of `ids` (with `type`), `domain`, `type` alone, or `all`; with a
/// `clientState` swap, only when the bundle's state matches (as `donate`); with `batch`,
/// staged in an open batch. Unknown members are refused.
public struct DeleteParams: Codable, Sendable {
    /// Default: the caller's bundle.
    public var bundle: String?
    public var type: String?
    public var ids: [String]?
    public var domain: String?
    public var all: Bool?
    /// Compare-and-swap of the bundle's client state in the same transaction as the delete.
    public var clientState: ClientStateSwap?
    /// The open batch (of this connection) to stage the delete in.
    public var batch: String?
    public init(bundle: String? = nil, type: String? = nil, ids: [String]? = nil, domain: String? = nil,
                all: Bool? = nil, clientState: ClientStateSwap? = nil, batch: String? = nil) {
        self.bundle = bundle
        self.type = type
        self.ids = ids
        self.domain = domain
        self.all = all
        self.clientState = clientState
        self.batch = batch
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case bundle, type, ids, domain, all, clientState, batch }

    public init(from decoder: any Decoder) throws {
        try refuseUnknownMembers(decoder, known: CodingKeys.allCases.map(\.rawValue), method: "delete")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        bundle = try c.decodeIfPresent(String.self, forKey: .bundle)
        type = try c.decodeIfPresent(String.self, forKey: .type)
        ids = try c.decodeIfPresent([String].self, forKey: .ids)
        domain = try c.decodeIfPresent(String.self, forKey: .domain)
        all = try c.decodeIfPresent(Bool.self, forKey: .all)
        clientState = try c.decodeIfPresent(ClientStateSwap.self, forKey: .clientState)
        batch = try c.decodeIfPresent(String.self, forKey: .batch)
    }
}

/// `get`: records by key, at most ``maxKeys`` a call. Unknown members are refused.
public struct GetParams: Codable, Sendable {
    /// The most keys one `get` may ask for (docs/protocol.md, Limits): a frame's worth of keys
    /// (about 300,000) held a worker for seconds. SpotlightKit asks in pieces of 1000.
    public static let maxKeys = 10000
    public var keys: [RecordKey]
    public init(keys: [RecordKey]) { self.keys = keys }

    enum CodingKeys: String, CodingKey, CaseIterable { case keys }

    public init(from decoder: any Decoder) throws {
        try refuseUnknownMembers(decoder, known: CodingKeys.allCases.map(\.rawValue), method: "get")
        keys = try decoder.container(keyedBy: CodingKeys.self).decode([RecordKey].self, forKey: .keys)
    }
}

/// The answer to `get`: the records of the keys asked for, in their order.
///
/// ```swift
/// let found = try await index.get([key])
/// if found.isPartial { print("not all shards answered: \(found.missingShards!)") }
/// ```
public struct GetResult: Codable, Sendable {
    /// The records found; missing and expired keys are left out.
    public var records: [Record]
    /// Keys asked for whose stored record does not decode: left out of `records`, as a
    /// missing key is, but they were donated (`spotlightctl check` lists every such key;
    /// donating the record again mends it). Nil when there are none, and from older daemons.
    public var damaged: [RecordKey]?
    /// On a front with shards: the shards that did not answer, whose records are left out of
    /// `records` as a missing key's are (docs/scale-out.md). Nil when every shard answered.
    public var missingShards: [String]?
    public init(records: [Record], damaged: [RecordKey]? = nil, missingShards: [String]? = nil) {
        self.records = records
        self.damaged = damaged
        self.missingShards = missingShards
    }

    /// Whether some shard was left out of this answer.
    public var isPartial: Bool { !(missingShards ?? []).isEmpty }
}

/// `status`: the index's status plus the daemon's own facts.
public struct DaemonStatus: Codable, Sendable {
    public var index: IndexStatus
    public var pid: Int32
    public var uptimeSeconds: Double
    public var dataDirectory: String
    public var socket: String
    public var version: String
    /// The app registry the daemon reads (nil from an older daemon).
    public var appsDirectory: String?
    /// Batches open on the daemon's connections, and the writes they have staged (nil from an
    /// older daemon).
    public var openBatches: Int?
    public var stagedOperations: Int?
    /// While a rebuild from the apps runs: the apps that re-donated so far, and the apps it
    /// asks (nil otherwise, and from an older daemon).
    public var appRebuildDone: Int?
    public var appRebuildTotal: Int?
    public init(index: IndexStatus, pid: Int32, uptimeSeconds: Double, dataDirectory: String, socket: String,
                version: String, appsDirectory: String? = nil, openBatches: Int? = nil, stagedOperations: Int? = nil,
                appRebuildDone: Int? = nil, appRebuildTotal: Int? = nil) {
        self.appRebuildDone = appRebuildDone
        self.appRebuildTotal = appRebuildTotal
        self.appsDirectory = appsDirectory
        self.openBatches = openBatches
        self.stagedOperations = stagedOperations
        self.index = index
        self.pid = pid
        self.uptimeSeconds = uptimeSeconds
        self.dataDirectory = dataDirectory
        self.socket = socket
        self.version = version
    }
}

/// `rebuild`: re-derive the index from the record store (`from` "store", the default), or ask
/// the registered apps (or `bundle`) to re-donate (`from` "apps"). The call returns when done.
/// Unknown members are refused (`"form": "apps"` is an error, not a rebuild from the store).
public struct RebuildParams: Codable, Sendable {
    public var from: String?
    public var bundle: String?
    public init(from: String? = nil, bundle: String? = nil) {
        self.from = from
        self.bundle = bundle
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case from, bundle }

    public init(from decoder: any Decoder) throws {
        try refuseUnknownMembers(decoder, known: CodingKeys.allCases.map(\.rawValue), method: "rebuild")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        from = try c.decodeIfPresent(String.self, forKey: .from)
        bundle = try c.decodeIfPresent(String.self, forKey: .bundle)
    }
}

public struct RebuildResult: Codable, Sendable {
    /// From the store: the records the new index was built from. From the apps: the records
    /// they re-donated, added up (the store may hold more: records no app donates stay).
    public var records: Int
    public var seconds: Double
    public var sequence: UInt64
    /// Per app, for a rebuild from the apps.
    public var apps: [AppReindexReport]?
    public init(records: Int, seconds: Double, sequence: UInt64, apps: [AppReindexReport]? = nil) {
        self.apps = apps
        self.records = records
        self.seconds = seconds
        self.sequence = sequence
    }
}
