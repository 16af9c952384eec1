import Foundation
import SpotlightCore
import SpotlightModel
import SpotlightWire

/// Answers spotlightd's methods (see docs/protocol.md). Knows the engine and who is calling;
/// knows nothing of sockets.
final class DaemonHandler: RPCImmediateHandler {
    let engine: SpotlightEngine
    let callers: CallerResolver
    let configuration: Configuration
    let log: Log
    let started = Date()
    let maintenance = MaintenanceState()
    /// Apps launched by `open`, kept running on the screen they opened.
    let openedApps = OpenedApps()

    init(engine: SpotlightEngine, callers: CallerResolver, configuration: Configuration, log: Log) {
        self.engine = engine
        self.callers = callers
        self.configuration = configuration
        self.log = log
    }

    func handle(method: String, params: JSONValue?, peer: PeerCredentials) async throws -> JSONValue {
        guard let known = DaemonProtocol.Method(rawValue: method) else {
            throw RPCError.methodNotFound(method, available: DaemonProtocol.Method.allCases.map(\.rawValue))
        }
        // Only the methods that write or answer "who am I" need the caller; resolving it reads
        // /proc and stats the app registry, a measurable part of a query's cost.
        var caller: Caller { callers.resolve(pid: peer.pid) }
        switch known {
        case .hello:
            let p = try params.decode(HelloParams.self)
            let who = caller
            if p.protocolVersion != DaemonProtocol.version {
                throw SpotlightError(.invalidInput,
                    "protocol version \(p.protocolVersion) is not supported; this spotlightd speaks \(DaemonProtocol.version)")
            }
            return try JSONValue(encoding: HelloResult(
                protocolVersion: DaemonProtocol.version, server: "spotlightd", pid: getpid(),
                bundle: who.bundle, writableBundles: who.writable.sorted()))
        case .donate:
            return try JSONValue(encoding: try await donate(try params.decode(DonateParams.self), caller))
        case .clientState:
            let p = try params.decode(ClientStateParams.self)
            let bundle = try p.bundle ?? caller.bundle ?? { throw missingBundle("clientState") }()
            return try JSONValue(encoding: ClientStateResult(clientState: try engine.clientState(bundle: bundle)))
        case .delete:
            return try JSONValue(encoding: try await delete(try params.decode(DeleteParams.self), caller))
        case .query:
            return try await engine.search(try validQuery(params)).jsonValue()
        case .get:
            let p = try params.decode(GetParams.self)
            guard engine.shardLayout != nil else {
                return try JSONValue(encoding: GetResult(records: try engine.records(for: p.keys)))
            }
            let (records, missing) = try await engine.recordsAcrossShards(for: p.keys)
            return try JSONValue(encoding: GetResult(records: records)).adding(missingShards: missing)
        case .status:
            let status = try JSONValue(encoding: DaemonStatus(
                index: try engine.status(), pid: getpid(), uptimeSeconds: Date().timeIntervalSince(started),
                dataDirectory: configuration.dataDirectory, socket: configuration.socket, version: spotlightVersion,
                appsDirectory: configuration.appsDirectory))
            return engine.shardLayout == nil ? status : try status.adding(shards: await engine.shardStatuses())
        case .rebuild, .cancelRebuild, .export, .check, .compact:
            return try await handleMaintenance(known, params: params, peer: peer)
        case .setSynonyms, .synonyms:
            return try await handleSynonyms(known, params: params, caller: caller)
        case .open:
            return try JSONValue(encoding: try await open(try params.decode(RecordKey.self)))
        }
    }

    /// A query answered on the server's worker thread when the committed index covers every
    /// acknowledged donation; anything else goes to ``handle(method:params:peer:)``.
    func handleImmediately(method: String, params: JSONValue?, peer: PeerCredentials) throws -> JSONValue? {
        guard method == DaemonProtocol.Method.query.rawValue,
              let result = try engine.searchIfCommitted(try validQuery(params)) else { return nil }
        return try result.jsonValue()
    }

    func validQuery(_ params: JSONValue?) throws -> SearchQuery {
        let q = try QueryWire.query(from: params)
        guard (0...10_000).contains(q.limit), q.offset >= 0 else {
            throw SpotlightError(.invalidInput, "limit must be 0...10000 and offset ≥ 0 (got limit \(q.limit), offset \(q.offset))")
        }
        return q
    }

    func donate(_ p: DonateParams, _ caller: Caller) async throws -> WriteResult {
        var records = p.records
        try DonationLimits.standard.check(records)
        let target = try writableBundle(for: records.map(\.bundle), caller, verb: "donate")
        for i in records.indices where records[i].bundle.isEmpty { records[i].bundle = target }
        let swap = p.clientState.map { ClientStateUpdate(expected: $0.checksExpected ? .some($0.expected) : nil, new: $0.new) }
        let outcome = try await engine.write(.upsert(records, clientState: swap))
        log(.debug, "donate: \(records.count) records of \(target) from pid \(caller.pid) durable at \(outcome.sequence)")
        return WriteResult(sequence: outcome.sequence, count: records.count)
    }

    func delete(_ p: DeleteParams, _ caller: Caller) async throws -> WriteResult {
        let bundle = try writableBundle(for: [p.bundle ?? ""], caller, verb: "delete")
        let selector: DeleteSelector
        switch (p.ids, p.domain, p.type, p.all ?? false) {
        case let (ids?, nil, type?, false): selector = .ids(bundle: bundle, type: type, ids: ids)
        case let (nil, domain?, nil, false): selector = .domain(bundle: bundle, domain: domain)
        case let (nil, nil, type?, false): selector = .type(bundle: bundle, type: type)
        case (nil, nil, nil, true): selector = .bundle(bundle)
        default:
            throw SpotlightError(.invalidInput,
                "delete takes exactly one of: ids with type, domain, type, or all: true")
        }
        let outcome = try await engine.write(.delete(selector))
        log(.debug, "delete: \(outcome.changed.count) records of \(bundle) by pid \(caller.pid)")
        return WriteResult(sequence: outcome.sequence, count: outcome.changed.count)
    }

    /// The one bundle a write touches, checked against what the caller may write. Empty names
    /// mean "the caller's own".
    func writableBundle(for names: [String], _ caller: Caller, verb: String) throws -> String {
        let named = Set(names.filter { !$0.isEmpty })
        guard named.count <= 1 else {
            throw SpotlightError(.invalidInput, "one \(verb) may touch one bundle; this one names \(named.sorted().joined(separator: ", "))")
        }
        guard let bundle = named.first ?? caller.bundle ?? (caller.writable.count == 1 ? caller.writable.first : nil) else {
            throw missingBundle(verb)
        }
        try refuseIfOnAShard(bundle, verb: verb)
        guard caller.writable.contains(bundle) else {
            log(.warning, "refused: pid \(caller.pid) (\(caller.via)) tried to \(verb) records of \(bundle)")
            throw SpotlightError(.permissionDenied,
                "pid \(caller.pid) may not \(verb) records of \(bundle): a caller writes only its own bundle's records"
                + (caller.bundle == nil ? " (this process is not a registered app; register it or start spotlightd with --grant \(bundle))" : ""))
        }
        return bundle
    }

    func missingBundle(_ verb: String) -> SpotlightError {
        SpotlightError(.invalidInput,
            "\(verb) needs a bundle: this caller is not a registered app, so name the bundle in the params")
    }
}

let spotlightVersion = "0.1.0"
