import Foundation
import SpotlightCore
import SpotlightModel
import SpotlightProtocol
import SpotlightWire

/// Answers spotlightd's methods (see docs/protocol.md). Knows the engine and who is calling;
/// knows nothing of sockets beyond the number of the connection a request came on.
final class DaemonHandler: RPCService, RPCImmediateHandler, RPCConnectionObserving {
    let engine: SpotlightEngine
    let callers: CallerResolver
    let configuration: Configuration
    let log: SpotlightLog
    let started = Date()
    let maintenance = MaintenanceState()
    /// Apps launched by `open`, kept running on the screen they opened.
    let openedApps = OpenedApps()
    let batches: OpenBatches

    init(engine: SpotlightEngine, callers: CallerResolver, configuration: Configuration, log: SpotlightLog) {
        self.engine = engine
        self.callers = callers
        self.configuration = configuration
        self.log = log
        batches = OpenBatches(timeout: .milliseconds(Int64(configuration.batchTimeout * 1000)),
                              maxStagedBytes: configuration.maxBatchBytes)
    }

    /// A connection ended: its open batches are abandoned, and what was kept for it dropped.
    func connectionClosed(_ peer: PeerCredentials) {
        callers.forget(connection: peer.connection)
        for (name, id) in batches.abandonAll(connection: peer.connection) {
            discard(id, name: name, why: "its connection closed")
        }
    }

    /// One request of a known method; ``RPCService`` found it by name and explains bad params.
    func handle(_ known: DaemonProtocol.Method, params: JSONValue?, peer: PeerCredentials) async throws -> JSONValue {
        // Only the methods that write or answer "who am I" need the caller; resolving it reads
        // /proc and stats the app registry, a measurable part of a query's cost.
        var caller: Caller { callers.resolve(peer) }
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
            let p = try DonateParams(json: params)
            let who = caller
            return try JSONValue(encoding: p.batch == nil ? try await donate(p, who) : try await stage(p, who, peer))
        case .clientState:
            let p = try params.decode(ClientStateParams.self)
            let who = caller
            let bundle = try readBundle(p.bundle, who, method: "clientState")
            try requireReadable(bundle, who, what: "the client state of")
            return try JSONValue(encoding: ClientStateResult(clientState: try engine.clientState(bundle: bundle)))
        case .delete:
            let p = try params.decode(DeleteParams.self)
            let who = caller
            return try JSONValue(encoding: p.batch == nil ? try await delete(p, who) : try await stage(p, who, peer))
        case .query:
            return try JSONValue(encoding: await engine.search(try scoped(validQuery(params), peer)))
        case .get:
            let p = try params.decode(GetParams.self)
            guard p.keys.count <= GetParams.maxKeys else {
                throw SpotlightError(.invalidInput, "get asks for \(p.keys.count) keys; the limit is \(GetParams.maxKeys) "
                    + "a call: ask in pieces (SpotlightKit's records(for:) does)")
            }
            if let readable = callers.readScope(peer), let other = p.keys.first(where: { !readable.contains($0.bundle) }) {
                throw confinedRefusal(caller, reading: other.bundle)
            }
            guard engine.shardLayout != nil else {
                let records = try engine.records(for: p.keys)
                return try JSONValue(encoding: GetResult(records: records, damaged: damaged(among: p.keys)))
            }
            let (records, missing) = try await engine.recordsAcrossShards(for: p.keys)
            return try JSONValue(encoding: GetResult(records: records, damaged: damaged(among: p.keys),
                                                     missingShards: missing.isEmpty ? nil : missing))
        case .status:
            try refuseParams(params, of: known)
            let apps = maintenance.appsProgress.withLock { $0 }
            let status = try JSONValue(encoding: DaemonStatus(
                index: scoped(try engine.status(), peer), pid: getpid(), uptimeSeconds: Date().timeIntervalSince(started),
                dataDirectory: configuration.dataDirectory, socket: configuration.servedSocket, version: spotlightVersion,
                appsDirectory: configuration.appsDirectory, openBatches: batches.count,
                stagedOperations: try engine.stagedOperationCount(),
                appRebuildDone: apps?.done, appRebuildTotal: apps?.total))
            return engine.shardLayout == nil ? status : try status.adding(shards: await engine.shardStatuses())
        case .rebuild, .cancelRebuild, .export, .check, .compact:
            if known != .export, caller.isConfined {
                throw SpotlightError(.permissionDenied, "\(known.rawValue) is for the user's own tools; a sandboxed app "
                    + "(pid \(peer.pid), \(caller.bundle ?? "?")) may not run it")
            }
            return try await handleMaintenance(known, params: params, peer: peer)
        case .setSynonyms, .synonyms:
            return try await handleSynonyms(known, params: params, caller: caller)
        case .open:
            return try JSONValue(encoding: try await open(try params.decode(OpenParams.self).key))
        case .beginBatch, .endBatch, .abandonBatch:
            return try await handleBatch(known, params: params, caller: caller, peer: peer)
        }
    }

    /// A query answered on the server's worker thread when the committed index covers every
    /// acknowledged donation, and a donation outside a batch answered from the group commit
    /// that stores it (``donateImmediately(_:_:)``); anything else goes to
    /// ``handle(_:params:peer:)``. Bad params are explained as the dispatcher explains them on
    /// the other path.
    func handleImmediately(method: String, params: JSONValue?, peer: PeerCredentials) throws -> RPCImmediateResult? {
        if method == DaemonProtocol.Method.donate.rawValue { return try donateImmediately(params, peer) }
        guard method == DaemonProtocol.Method.query.rawValue else { return nil }
        do {
            let query = try scoped(validQuery(params), peer)
            // The hits' records as the store keeps their JSON, spliced into the reply undecoded.
            if let (result, recordJSON) = try engine.searchIfCommittedKeepingRecordJSON(query) {
                return .text(try QueryReplyText.encode(result, recordJSON: recordJSON))
            }
            guard let result = try engine.searchIfCommitted(query) else { return nil }
            return .value(try JSONValue(encoding: result))
        } catch {
            throw DaemonProtocol.Method.query.explained(error)
        }
    }

    func validQuery(_ params: JSONValue?) throws -> SearchQuery {
        let q = try params.decode(SearchQuery.self)
        guard (0...10_000).contains(q.limit), q.offset >= 0 else {
            throw SpotlightError(.invalidInput, "limit must be 0...10000 and offset ≥ 0 (got limit \(q.limit), offset \(q.offset))")
        }
        return q
    }

    func donate(_ p: DonateParams, _ caller: Caller) async throws -> WriteResult {
        if let nothing = nothingDonated(p) { return nothing }
        let (records, target) = try donatedRecords(p, caller)
        let outcome = try await engine.write(.upsert(records, clientState: p.clientState?.update))
        return donated(records.count, of: target, caller, outcome)
    }

    /// A donation outside a batch, acknowledged from the store writer's group commit: the
    /// same checks, write and answer as ``donate(_:_:)``, without a task and the two thread
    /// hops of its continuation. A donation into a batch goes to the async method.
    func donateImmediately(_ params: JSONValue?, _ peer: PeerCredentials) throws -> RPCImmediateResult? {
        let method = DaemonProtocol.Method.donate
        let p: DonateParams, records: [Record], target: String, caller: Caller
        do {
            p = try DonateParams(json: params)
            guard p.batch == nil else { return nil }
            if let nothing = nothingDonated(p) { return .value(try JSONValue(encoding: nothing)) }
            caller = callers.resolve(peer)
            (records, target) = try donatedRecords(p, caller)
        } catch {
            throw method.explained(error)
        }
        let write = StoreWrite.upsert(records, clientState: p.clientState?.update)
        return .later { [self] reply in
            engine.write(write) { outcome in
                reply(Result {
                    do {
                        return try JSONValue(encoding: self.donated(records.count, of: target, caller, try outcome.get()))
                    } catch {
                        throw method.explained(error)
                    }
                })
            }
        }
    }

    /// The answer to a donation outside a batch of no records and no client state: there is
    /// nothing to store, so nothing is written and no bundle is needed, and everything
    /// acknowledged so far is durable at the store's sequence. Nil for any other donation.
    func nothingDonated(_ p: DonateParams) -> WriteResult? {
        guard p.records.isEmpty, p.clientState == nil, p.batch == nil else { return nil }
        return WriteResult(sequence: engine.durableSequence, count: 0)
    }

    /// The answer to a stored donation, logged.
    private func donated(_ count: Int, of target: String, _ caller: Caller, _ outcome: StoreWriteOutcome) -> WriteResult {
        log(.debug, "donate: \(count) records of \(target) from pid \(caller.pid) durable at \(outcome.sequence)")
        return WriteResult(sequence: outcome.sequence, count: count)
    }

    /// The records of a donation, checked against the limits and what the caller may write,
    /// those without a bundle given the one bundle the donation writes. A donation of no
    /// records names no bundle: it is of `emptyOf` when given (a batch's), else the caller's own.
    func donatedRecords(_ p: DonateParams, _ caller: Caller,
                        emptyOf: String? = nil) throws -> (records: [Record], bundle: String) {
        if p.records.isEmpty, let emptyOf { return ([], emptyOf) }
        var records = p.records
        try DonationLimits.standard.check(records)
        let target = try writableBundle(for: records.map(\.bundle), caller, verb: "donate")
        for i in records.indices where records[i].bundle.isEmpty { records[i].bundle = target }
        return (records, target)
    }

    func delete(_ p: DeleteParams, _ caller: Caller) async throws -> WriteResult {
        let selector = try deleteSelector(p, caller)
        let outcome = try await engine.write(.delete(selector, clientState: p.clientState?.update))
        log(.debug, "delete: \(outcome.changed.count) records of \(selector.bundle) by pid \(caller.pid)")
        return WriteResult(sequence: outcome.sequence, count: outcome.changed.count)
    }

    /// What a delete's params select, in a bundle the caller may write.
    func deleteSelector(_ p: DeleteParams, _ caller: Caller) throws -> DeleteSelector {
        let bundle = try writableBundle(for: [p.bundle ?? ""], caller, verb: "delete")
        switch (p.ids, p.domain, p.type, p.all ?? false) {
        case let (ids?, nil, type?, false): return .ids(bundle: bundle, type: type, ids: ids)
        case let (nil, domain?, nil, false): return .domain(bundle: bundle, domain: domain)
        case let (nil, nil, type?, false): return .type(bundle: bundle, type: type)
        case (nil, nil, nil, true): return .bundle(bundle)
        default:
            throw SpotlightError(.invalidInput,
                "delete takes exactly one of: ids with type, domain, type, or all: true")
        }
    }

    /// The one bundle a write touches, checked against what the caller may write. Empty names
    /// mean "the caller's own". A bundle a shard holds is refused, as its records are read-only
    /// here, unless `onShards` (a synonym table, which this daemon keeps and applies itself).
    func writableBundle(for names: [String], _ caller: Caller, verb: String, onShards: Bool = false) throws -> String {
        let named = Set(names.filter { !$0.isEmpty })
        guard named.count <= 1 else {
            throw SpotlightError(.invalidInput, "one \(verb) may touch one bundle; this one names \(named.sorted().joined(separator: ", "))")
        }
        guard let bundle = named.first ?? caller.defaultBundle else {
            throw missingBundle(verb)
        }
        if !onShards { try refuseIfOnAShard(bundle, verb: verb) }
        guard caller.writable.contains(bundle) else {
            log(.warning, "refused: pid \(caller.pid) (\(caller.via)) tried to \(verb) records of \(bundle)")
            throw SpotlightError(.permissionDenied,
                "pid \(caller.pid) may not \(verb) records of \(bundle): a caller writes only its own bundle's records"
                + (caller.bundle == nil ? " (this process is not a registered app; register it or start spotlightd with --grant \(bundle))" : ""))
        }
        return bundle
    }

    /// For a method that takes no params (`status`, `check`, `compact`, `cancelRebuild`):
    /// absent, `{}` or `[]`; anything else is refused as every method refuses an unknown member,
    /// so a misspelt option is an error instead of silently ignored.
    func refuseParams(_ params: JSONValue?, of method: DaemonProtocol.Method) throws {
        let given: String?
        switch params {
        case .object(let members)?: given = members.keys.min().map { "params.\($0)" }
        case .array(let items)?: given = items.isEmpty ? nil : "params[0]"
        case nil, .null?: given = nil
        default: given = "params"
        }
        if let given { throw RPCError.invalidParams("\(given): \(method.rawValue) takes no params") }
    }

    /// For `get`: the keys asked for whose stored record does not decode; nil when none.
    func damaged(among keys: [RecordKey]) -> [RecordKey]? {
        let damaged = engine.damagedKeys(among: keys)
        return damaged.isEmpty ? nil : damaged
    }

    /// The bundle a read names, or the caller's own when it names none or "" (as an empty
    /// bundle means in a donation or a delete).
    func readBundle(_ named: String?, _ caller: Caller, method: String) throws -> String {
        if let named, !named.isEmpty { return named }
        return try caller.defaultBundle ?? { throw missingBundle(method) }()
    }

    func missingBundle(_ verb: String) -> SpotlightError {
        SpotlightError(.invalidInput,
            "\(verb) needs a bundle: this caller is not a registered app and was granted no one bundle, "
            + "so name the bundle (each record's `bundle`, or the `bundle` param of the other methods; "
            + "in SpotlightKit `Record.bundle` or the `bundle:` argument, as in `clientState(bundle:)`)")
    }
}

let spotlightVersion = "0.1.0"
