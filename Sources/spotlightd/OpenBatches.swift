import Foundation
import Synchronization
import SpotlightCore
import SpotlightModel

/// The batches open on the daemon's connections (docs/protocol.md, "Batches").
///
/// What a batch holds is staged in the record store (`batch_writes`); this table keeps only
/// who may use it and its state. A batch belongs to the connection that began it, under a
/// name unique on that connection, so another connection (or the same client after a
/// reconnect) cannot add to it: it gets "no open batch", never a half batch.
///
/// The states: open (writes are staged; `pending` of them in flight) → ended by `endBatch`, or
/// abandoned (`abandonBatch`, its connection closed, idle past `timeout`). A write that fails
/// spoils the batch: it can only be abandoned, since committing the rest would not be all of it.
///
/// ```swift
/// let batches = OpenBatches(timeout: .seconds(600), maxStagedBytes: 1 << 30)
/// let batch = try batches.begin(connection: 3, name: nil, bundle: "com.example.Notes")
/// let id = try batches.enter(connection: 3, name: batch.name, bundle: "com.example.Notes", bytes: 512)
/// // ... stage under `id`, then:
/// batches.leave(connection: 3, name: batch.name, failure: nil)
/// ```
final class OpenBatches: Sendable {
    struct Batch: Sendable {
        let id: BatchID
        let name: String
        let bundle: String
        var lastUsed: ContinuousClock.Instant
        /// Staging calls in flight.
        var pending = 0
        /// Bytes staged so far (records' text, ids), against `maxStagedBytes`.
        var stagedBytes = 0
        /// The first error of a write in the batch.
        var failure: String?
        /// Abandoned while writes were in flight: discarded once the last one lands.
        var abandoned = false
    }

    struct Key: Hashable {
        var connection: Int
        var name: String
    }

    let timeout: Duration
    let maxStagedBytes: Int
    static let maxPerConnection = 16
    private let table = Mutex<[Key: Batch]>([:])
    private let counter = Atomic<Int>(0)
    /// Distinguishes this daemon's batch ids from any earlier run's.
    private let run = UUID().uuidString.prefix(8)

    init(timeout: Duration, maxStagedBytes: Int) {
        self.timeout = timeout
        self.maxStagedBytes = maxStagedBytes
    }

    /// Opens a batch on a connection.
    /// - Throws: `conflict` when the name is taken on this connection, `invalidInput` past
    ///   ``maxPerConnection`` open batches (the caller's own bound, as the per-request ones).
    func begin(connection: Int, name: String?, bundle: String) throws -> Batch {
        let number = counter.add(1, ordering: .relaxed).newValue
        let name = name ?? "batch-\(number)"
        guard !name.isEmpty, name.utf8.count <= 256 else {
            throw SpotlightError(.invalidInput, "a batch name is 1 to 256 bytes; leave it out to get one")
        }
        let batch = Batch(id: BatchID("\(run)-\(number)"), name: name, bundle: bundle, lastUsed: .now)
        try table.withLock { table in
            let key = Key(connection: connection, name: name)
            guard table[key] == nil else {
                throw SpotlightError(.conflict, "a batch named \(name) is already open on this connection; "
                    + "end or abandon it first, or begin one with another name")
            }
            guard table.keys.filter({ $0.connection == connection }).count < Self.maxPerConnection else {
                throw SpotlightError(.invalidInput, "this connection has \(Self.maxPerConnection) open batches, the "
                    + "limit; end or abandon one first")
            }
            table[key] = batch
        }
        return batch
    }

    /// A staging call starts: checks the batch may take `bytes` more of `bundle` and returns
    /// where to stage them. Pair with ``leave(connection:name:failure:)``.
    func enter(connection: Int, name: String, bundle: String, bytes: Int) throws -> BatchID {
        try table.withLock { table in
            let key = Key(connection: connection, name: name)
            guard var batch = table[key], !batch.abandoned else { throw Self.notOpen(name) }
            if let failure = batch.failure { throw Self.spoiled(name, failure) }
            guard bundle == batch.bundle else {
                let message = "batch \(name) is of \(batch.bundle); a write of \(bundle) cannot join it: one batch, one bundle"
                batch.failure = message
                table[key] = batch
                throw SpotlightError(.invalidInput, message)
            }
            guard batch.stagedBytes + bytes <= maxStagedBytes else {
                let message = "batch \(name) would hold \(batch.stagedBytes + bytes) bytes; the limit is "
                    + "\(maxStagedBytes) (--max-batch-bytes): end it and continue in another batch"
                batch.failure = message
                table[key] = batch
                throw SpotlightError(.invalidInput, message)
            }
            batch.pending += 1
            batch.stagedBytes += bytes
            batch.lastUsed = .now
            table[key] = batch
            return batch.id
        }
    }

    /// A staging call ended; a failure spoils the batch.
    /// - Returns: the batch to discard, when it was abandoned meanwhile and this was its last write.
    func leave(connection: Int, name: String, failure: String?) -> BatchID? {
        table.withLock { table in
            let key = Key(connection: connection, name: name)
            guard var batch = table[key] else { return nil }
            batch.pending -= 1
            batch.lastUsed = .now
            if batch.failure == nil { batch.failure = failure }
            if batch.abandoned, batch.pending == 0 {
                table[key] = nil
                return batch.id
            }
            table[key] = batch
            return nil
        }
    }

    /// Records that a write of the batch failed before it was staged; the batch can then only
    /// be abandoned.
    func fail(connection: Int, name: String, failure: String) {
        table.withLock { table in
            let key = Key(connection: connection, name: name)
            if table[key]?.failure == nil { table[key]?.failure = failure }
        }
    }

    /// Closes a batch: it is no longer open, whatever comes of its commit. A batch with a
    /// failed write (``Batch/failure``) comes back too; the caller discards it instead.
    /// - Throws: `notFound` when it is not open on this connection; `conflict` while writes of
    ///   it are in flight (it stays open).
    func end(connection: Int, name: String) throws -> Batch {
        try table.withLock { table in
            let key = Key(connection: connection, name: name)
            guard let batch = table[key], !batch.abandoned else { throw Self.notOpen(name) }
            guard batch.pending == 0 else {
                throw SpotlightError(.conflict, "batch \(name) has \(batch.pending) writes in flight; wait for "
                    + "their responses before ending it")
            }
            table[key] = nil
            return batch
        }
    }

    /// Forgets a batch.
    /// - Returns: its id when its staged writes can be discarded now; nil when it was not open
    ///   or writes are still in flight (the last of them hands it back in ``leave``).
    func abandon(connection: Int, name: String) -> (wasOpen: Bool, discard: BatchID?) {
        table.withLock { table in
            let key = Key(connection: connection, name: name)
            guard var batch = table[key], !batch.abandoned else { return (false, nil) }
            if batch.pending == 0 {
                table[key] = nil
                return (true, batch.id)
            }
            batch.abandoned = true
            table[key] = batch
            return (true, nil)
        }
    }

    /// Abandons every batch of a closed connection; returns those to discard now.
    func abandonAll(connection: Int) -> [(name: String, id: BatchID)] {
        table.withLock { table in
            var discard: [(String, BatchID)] = []
            for (key, var batch) in table where key.connection == connection && !batch.abandoned {
                if batch.pending == 0 {
                    table[key] = nil
                    discard.append((key.name, batch.id))
                } else {
                    batch.abandoned = true
                    table[key] = batch
                }
            }
            return discard
        }
    }

    /// Abandons every batch idle for longer than the timeout; returns those to discard now.
    func abandonIdle(now: ContinuousClock.Instant = .now) -> [(name: String, id: BatchID)] {
        table.withLock { table in
            var discard: [(String, BatchID)] = []
            for (key, batch) in table where !batch.abandoned && batch.pending == 0 && now - batch.lastUsed > timeout {
                table[key] = nil
                discard.append((key.name, batch.id))
            }
            return discard
        }
    }

    /// The bundle of a batch open on the connection.
    func bundle(connection: Int, name: String) -> String? {
        table.withLock { $0[Key(connection: connection, name: name)]?.bundle }
    }

    /// How many batches are open.
    var count: Int { table.withLock { $0.values.filter { !$0.abandoned }.count } }

    static func notOpen(_ name: String) -> SpotlightError {
        SpotlightError(.notFound, "no batch named \(name) is open on this connection: it was ended or abandoned "
            + "(abandonBatch, the connection closed, the daemon restarted, or it was idle too long), and nothing of "
            + "it was stored; begin a new batch and write everything again")
    }

    static func spoiled(_ name: String, _ failure: String) -> SpotlightError {
        SpotlightError(.conflict, "batch \(name) cannot commit: one of its writes failed (\(failure)), so it would "
            + "not be all or nothing; abandon it and begin again")
    }
}
