import Foundation
import SpotlightModel

/// The params and results of spotlightd's methods (docs/protocol.md documents each with an
/// example). Every type here is the JSON form on the wire.
public enum DaemonProtocol {
    /// Bumped when a method changes incompatibly.
    public static let version = 1

    public enum Method: String, CaseIterable, Sendable {
        case hello, donate, clientState, delete, query, get, status, rebuild
        case export, check, compact, cancelRebuild
        case setSynonyms, synonyms
        case open
    }
}

/// `hello`: say who you are; learn what the daemon decided about you.
public struct HelloParams: Codable, Sendable {
    public var protocolVersion: Int
    /// A free-form name of the client program, for logs.
    public var client: String?
    public init(protocolVersion: Int = DaemonProtocol.version, client: String? = nil) {
        self.protocolVersion = protocolVersion
        self.client = client
    }

    enum CodingKeys: String, CodingKey { case protocolVersion, client }

    public init(from decoder: any Decoder) throws {
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

/// `donate`: store a batch of records of the caller's bundle (re-donation replaces).
public struct DonateParams: Codable, Sendable {
    public var records: [Record]
    public var clientState: ClientStateSwap?
    public init(records: [Record], clientState: ClientStateSwap? = nil) {
        self.records = records
        self.clientState = clientState
    }
}

/// The answer to `donate` and `delete`: durable in the record store at `sequence`.
public struct WriteResult: Codable, Sendable {
    public var sequence: UInt64
    public var count: Int
    public init(sequence: UInt64, count: Int) {
        self.sequence = sequence
        self.count = count
    }
}

/// `clientState`: the last client state stored for a bundle (default: the caller's).
public struct ClientStateParams: Codable, Sendable {
    public var bundle: String?
    public init(bundle: String? = nil) { self.bundle = bundle }
}

public struct ClientStateResult: Codable, Sendable {
    public var clientState: Data?
    public init(clientState: Data?) { self.clientState = clientState }
}

/// `delete`: exactly one of `ids` (with `type`), `domain`, `type` alone, or `all`.
public struct DeleteParams: Codable, Sendable {
    /// Default: the caller's bundle.
    public var bundle: String?
    public var type: String?
    public var ids: [String]?
    public var domain: String?
    public var all: Bool?
    public init(bundle: String? = nil, type: String? = nil, ids: [String]? = nil, domain: String? = nil, all: Bool? = nil) {
        self.bundle = bundle
        self.type = type
        self.ids = ids
        self.domain = domain
        self.all = all
    }
}

/// `get`: records by key.
public struct GetParams: Codable, Sendable {
    public var keys: [RecordKey]
    public init(keys: [RecordKey]) { self.keys = keys }
}

public struct GetResult: Codable, Sendable {
    public var records: [Record]
    public init(records: [Record]) { self.records = records }
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
    public init(index: IndexStatus, pid: Int32, uptimeSeconds: Double, dataDirectory: String, socket: String,
                version: String, appsDirectory: String? = nil) {
        self.appsDirectory = appsDirectory
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
public struct RebuildParams: Codable, Sendable {
    public var from: String?
    public var bundle: String?
    public init(from: String? = nil, bundle: String? = nil) {
        self.from = from
        self.bundle = bundle
    }
}

public struct RebuildResult: Codable, Sendable {
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
