import Foundation
import SpotlightCore
import SpotlightModel
import SpotlightProtocol
import SpotlightWire

/// `beginBatch`, `endBatch`, `abandonBatch`, and donations and deletes staged in a batch
/// (docs/protocol.md, "Batches"). Staged writes go to the record store's staging table, apart
/// from the records; the commit applies them all in one store transaction.
extension DaemonHandler {
    func handleBatch(_ method: DaemonProtocol.Method, params: JSONValue?, caller: Caller,
                     peer: PeerCredentials) async throws -> JSONValue {
        switch method {
        case .beginBatch:
            let p = try params.decode(BeginBatchParams.self)
            let bundle = try writableBundle(for: [p.bundle ?? ""], caller, verb: "begin a batch for")
            let batch = try batches.begin(connection: peer.connection, name: p.batch, bundle: bundle)
            log(.debug, "beginBatch: \(batch.name) (\(batch.id)) of \(bundle) by pid \(caller.pid)")
            return try JSONValue(encoding: BeginBatchResult(batch: batch.name, bundle: bundle,
                                                            timeoutSeconds: configuration.batchTimeout))
        case .endBatch:
            let p = try params.decode(EndBatchParams.self)
            return try JSONValue(encoding: try await endBatch(p, caller, peer))
        case .abandonBatch:
            let p = try params.decode(AbandonBatchParams.self)
            let (wasOpen, id) = batches.abandon(connection: peer.connection, name: p.batch)
            if let id { discard(id, name: p.batch, why: "pid \(caller.pid) abandoned it") }
            return try JSONValue(encoding: AbandonBatchResult(abandoned: wasOpen))
        default:
            throw DaemonProtocol.Method.unknown(method.rawValue)
        }
    }

    /// Stages a donation in its batch.
    func stage(_ p: DonateParams, _ caller: Caller, _ peer: PeerCredentials) async throws -> WriteResult {
        let name = p.batch ?? ""
        guard p.clientState == nil else {
            throw spoil(name, peer, SpotlightError(.invalidInput, "a donation in batch \(name) cannot carry a client "
                + "state: the batch's goes with endBatch (clientState there)"))
        }
        let records: [Record]
        let bundle: String
        do {
            // A record without a bundle is of the batch's.
            var p = p
            let batchBundle = batches.bundle(connection: peer.connection, name: name) ?? ""
            for i in p.records.indices where p.records[i].bundle.isEmpty { p.records[i].bundle = batchBundle }
            (records, bundle) = try donatedRecords(p, caller, emptyOf: batchBundle)
        } catch {
            throw spoil(name, peer, error)
        }
        let bytes = records.reduce(0) { $0 + Self.stagedBytes(of: $1) }
        try await staged(.upsert(records), bundle: bundle, bytes: bytes, in: name, peer)
        return WriteResult(sequence: 0, count: records.count, batch: name)
    }

    /// Stages a delete in its batch.
    func stage(_ p: DeleteParams, _ caller: Caller, _ peer: PeerCredentials) async throws -> WriteResult {
        let name = p.batch ?? ""
        guard p.clientState == nil else {
            throw spoil(name, peer, SpotlightError(.invalidInput, "a delete in batch \(name) cannot carry a client "
                + "state: the batch's goes with endBatch (clientState there)"))
        }
        let selector: DeleteSelector
        do {
            var p = p
            p.bundle = p.bundle ?? batches.bundle(connection: peer.connection, name: name)   // default: the batch's
            selector = try deleteSelector(p, caller)
        } catch {
            throw spoil(name, peer, error)
        }
        let ids = if case .ids(_, _, let ids) = selector { ids } else { [String]() }
        try await staged(.delete(selector), bundle: selector.bundle, bytes: ids.reduce(64) { $0 + $1.utf8.count },
                         in: name, peer)
        return WriteResult(sequence: 0, count: ids.count, batch: name)
    }

    /// Writes one operation to a batch's staging; any failure spoils the batch.
    private func staged(_ operation: BatchOperation, bundle: String, bytes: Int, in name: String,
                        _ peer: PeerCredentials) async throws {
        let id = try batches.enter(connection: peer.connection, name: name, bundle: bundle, bytes: bytes)
        var failure: String?
        defer {
            if let late = batches.leave(connection: peer.connection, name: name, failure: failure) {
                discard(late, name: name, why: "it was abandoned while a write was in flight")
            }
        }
        do {
            _ = try await engine.write(.stage(id, [operation]))
        } catch {
            failure = "\(error)"
            throw error
        }
    }

    /// Marks a batch's write as failed before it reached the staging, and passes the error on.
    private func spoil(_ name: String, _ peer: PeerCredentials, _ error: any Error) -> any Error {
        batches.fail(connection: peer.connection, name: name, failure: "\(error)")
        return error
    }

    func endBatch(_ p: EndBatchParams, _ caller: Caller, _ peer: PeerCredentials) async throws -> WriteResult {
        let batch = try batches.end(connection: peer.connection, name: p.batch)
        if let failure = batch.failure {
            discard(batch.id, name: batch.name, why: "one of its writes failed")
            throw OpenBatches.spoiled(batch.name, failure)
        }
        do {
            let outcome = try await engine.write(.commitBatch(batch.id, bundle: batch.bundle,
                                                              clientState: p.clientState?.update))
            log(.debug, "endBatch: \(batch.name) of \(batch.bundle) committed \(outcome.changed.count) changes "
                + "durable at \(outcome.sequence) (pid \(caller.pid))")
            return WriteResult(sequence: outcome.sequence, count: outcome.changed.count)
        } catch let error as SpotlightError {
            discard(batch.id, name: batch.name, why: "its commit failed")
            throw SpotlightError(error.code, error.message + "; batch \(batch.name) is abandoned and nothing of it "
                + "was stored: begin a new batch", underlying: error.underlying)
        }
    }

    /// Drops a batch's staged writes, in the background; the records never saw them.
    func discard(_ id: BatchID, name: String, why: String) {
        log(.info, "batch \(name) abandoned because \(why); nothing of it was stored")
        let engine = self.engine, log = self.log
        Task {
            do {
                _ = try await engine.write(.discardBatch(id))
            } catch let error as SpotlightError where error.code == .unavailable {
                log(.info, "batch \(name): spotlightd is stopping; its staged writes are dropped at the next start")
            } catch {
                log(.warning, "could not drop the staged writes of batch \(name) (\(error)); they are dropped at the next start")
            }
        }
    }

    /// Abandons batches idle past the timeout, checking a few times per timeout.
    func startBatchTimer() -> any DispatchSourceTimer {
        let interval = max(0.05, min(configuration.batchTimeout / 4, 30))
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "spotlightd.batches"))
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler { [self] in
            for (name, id) in batches.abandonIdle() {
                discard(id, name: name, why: "it was idle for more than \(configuration.batchTimeout) s")
            }
        }
        timer.resume()
        return timer
    }

    /// What a record adds to a batch's staged bytes: its text, as the donation limits count it.
    static func stagedBytes(of record: Record) -> Int {
        record.id.utf8.count + record.title.utf8.count + (record.subtitle?.utf8.count ?? 0)
            + record.synonyms.reduce(0) { $0 + $1.utf8.count } + record.keywords.reduce(0) { $0 + $1.utf8.count }
            + record.properties.reduce(0) { $0 + $1.key.utf8.count + DonationLimits.size(of: $1.value) } + 64
    }
}

extension ClientStateSwap {
    /// The store's compare-and-swap: no check, expect none, or expect exactly `expected`.
    var update: ClientStateUpdate {
        ClientStateUpdate(expected: checksExpected ? .some(expected) : nil, new: new)
    }
}
