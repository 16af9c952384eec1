import Foundation
import Synchronization
import SpotlightModel

/// Connections to the shards of a ``ShardLayout``, which of them are down, and the
/// background probe that lets a shard rejoin.
///
/// A query leases one connection per shard that is up (connections are not shared between
/// concurrent queries: a Xapian handle is not thread-safe), searches them together with the
/// local index as one combined Xapian database, and gives them back. A shard that fails is
/// marked down and left out until the probe reaches it again, so a dead shard costs a query
/// at most one timeout (plus one parallel re-check), and later queries nothing.
final class ShardSet: @unchecked Sendable {
    let layout: ShardLayout
    private let log: SpotlightLog

    private struct Health {
        /// Shard name -> why it is down.
        var down: [String: String] = [:]
        /// Shard name -> open connections not in use.
        var idle: [String: [XapianDatabase]] = [:]
        var stopped = false
    }
    /// Guarded by `lock` (its connections are not Sendable, so no Mutex).
    private var healthState = Health()
    private let lock = NSLock()
    private let probeQueue = DispatchQueue(label: "spotlight.shards.probe")
    private let timer: any DispatchSourceTimer

    /// A connection to one shard, held by one query at a time.
    struct Lease {
        let shard: Shard
        let database: XapianDatabase
    }

    init(layout: ShardLayout, log: SpotlightLog) {
        self.layout = layout
        self.log = log
        timer = DispatchSource.makeTimerSource(queue: probeQueue)
        let interval = max(0.05, layout.reprobeInterval)
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler { [weak self] in self?.reprobe() }
        timer.resume()
    }

    /// Stops the probe and closes idle connections.
    func stop() {
        timer.cancel()
        withHealth {
            $0.stopped = true
            $0.idle.removeAll()
        }
    }

    deinit { timer.cancel() }

    private func withHealth<T>(_ body: (inout Health) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&healthState)
    }

    /// The names of the shards that are down now, with why.
    var downShards: [String: String] { withHealth { $0.down } }

    /// Runs `body` on one Xapian database combining `local` (first, so its metadata is the
    /// combined one's) and every shard that answers, with the leases of those shards (to read
    /// each one's own metadata). When `body` fails and some shard no longer answers, that
    /// shard is marked down and `body` runs again without it.
    ///
    /// - Returns: the result and the names of the shards left out, in layout order.
    /// - Throws: what `body` throws when every shard still answers (the failure is not theirs).
    func withShards<T>(local: XapianDatabase?,
                       _ body: (XapianDatabase, [Lease]) throws -> T) throws -> (T, missing: [String]) {
        var leases = lease()
        defer { release(leases) }
        while true {
            let parts = (local.map { [$0] } ?? []) + leases.map(\.database)
            do {
                let result = try body(try XapianDatabase.combined(parts), leases)
                return (result, missing(besides: leases))
            } catch let error as SpotlightError where error.code != .invalidInput && !leases.isEmpty {
                let before = leases.count
                leases = recheck(leases)
                if leases.count == before { throw error }
            }
        }
    }

    /// A connection to each shard that is up, opened in parallel; a shard that cannot be
    /// reached is marked down.
    func lease() -> [Lease] {
        let candidates: [(Shard, XapianDatabase?)] = withHealth { h in
            layout.shards.filter { h.down[$0.name] == nil }.map { ($0, h.idle[$0.name]?.popLast()) }
        }
        return openInParallel(candidates.map { shard, idle in
            { () throws -> XapianDatabase in
                if let idle, (try? idle.reopen()) != nil { return idle }
                return try self.open(shard)
            }
        }, shards: candidates.map(\.0))
    }

    /// Gives connections back for the next query.
    func release(_ leases: [Lease]) {
        withHealth { h in
            guard !h.stopped else { return }
            for lease in leases where h.down[lease.shard.name] == nil {
                h.idle[lease.shard.name, default: []].append(lease.database)
            }
        }
    }

    /// The layout's shards that are not among `leases`.
    private func missing(besides leases: [Lease]) -> [String] {
        let present = Set(leases.map(\.shard.name))
        return layout.shards.map(\.name).filter { !present.contains($0) }
    }

    /// After a failed query: fresh connections to the leased shards, in parallel. Those that
    /// fail are marked down; the rest come back as new leases (the old ones may be mid-message).
    private func recheck(_ leases: [Lease]) -> [Lease] {
        openInParallel(leases.map { lease in { try self.open(lease.shard) } },
                       shards: leases.map(\.shard))
    }

    /// A new connection at the shard's latest revision: xapian-tcpsrv opens its database once,
    /// so a new connection starts at the revision the server opened, until reopened.
    private func open(_ shard: Shard) throws -> XapianDatabase {
        let database = try layout.spec(of: shard).openReadOnly()
        _ = try database.reopen()
        return database
    }

    /// Runs each opener on its own thread; marks the shards whose opener fails down.
    private func openInParallel(_ openers: [() throws -> XapianDatabase], shards: [Shard]) -> [Lease] {
        let results = Mutex<[Int: Result<XapianDatabase, any Error>]>([:])
        let box = UncheckedBox(openers)
        DispatchQueue.concurrentPerform(iterations: openers.count) { i in
            let outcome = Result { try box.value[i]() }
            let sendable = UncheckedBox(outcome)
            results.withLock { $0[i] = sendable.value }
        }
        let outcomes = results.withLock { $0 }
        var leases: [Lease] = []
        for (i, shard) in shards.enumerated() {
            switch outcomes[i] {
            case .success(let database)?: leases.append(Lease(shard: shard, database: database))
            case .failure(let error)?: markDown(shard, "\(error)")
            case nil: markDown(shard, "it was not tried")
            }
        }
        return leases
    }

    func markDown(_ shard: Shard, _ reason: String) {
        let wasUp = withHealth { h -> Bool in
            h.idle[shard.name] = nil
            defer { h.down[shard.name] = reason }
            return h.down[shard.name] == nil
        }
        if wasUp {
            log(.warning, "shard \(shard.name) (\(shard.address)) is down and left out of queries: \(reason); "
                + "retrying every \(layout.reprobeInterval) s")
        }
    }

    /// On `probeQueue`: tries each down shard once; one that answers rejoins.
    private func reprobe() {
        let down = withHealth { h in layout.shards.filter { h.down[$0.name] != nil } }
        for shard in down {
            guard let database = try? open(shard) else { continue }
            let rejoined = withHealth { h -> Bool in
                guard !h.stopped, h.down.removeValue(forKey: shard.name) != nil else { return false }
                h.idle[shard.name, default: []].append(database)
                return true
            }
            if rejoined { log(.info, "shard \(shard.name) (\(shard.address)) answers again and rejoined the queries") }
        }
    }
}

/// Carries a value the compiler cannot prove Sendable across one hand-off where only one
/// thread touches it at a time.
struct UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
