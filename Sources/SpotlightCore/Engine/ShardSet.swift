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
// @unchecked: `healthState` (with its idle connections) is read and written only under
// `lock`. A connection is either idle there or leased to one query, which combines it with
// others into one Xapian database for the query's length and then gives it back; the region
// checker cannot see that the combined database is gone by then, so neither a Mutex nor
// Handoff can take the connection back.
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
        /// The shard's own slot registry, when the lease was asked to read it.
        var slots: PropertySlots?
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
    func withShards<T>(local: XapianDatabase?, readingSlots: Bool = false,
                       _ body: (XapianDatabase, [Lease]) throws -> T) throws -> (T, missing: [String]) {
        var leases = lease(readingSlots: readingSlots)
        defer { release(leases) }
        while true {
            let parts = (local.map { [$0] } ?? []) + leases.map(\.database)
            do {
                let result = try body(try XapianDatabase.combined(parts), leases)
                return (result, missing(besides: leases))
            } catch let error as SpotlightError where error.code != .invalidInput && !leases.isEmpty {
                let before = leases.count
                leases = recheck(leases, readingSlots: readingSlots)
                if leases.count == before { throw error }
            }
        }
    }

    /// A connection to each shard that is up, opened in parallel; a shard that cannot be
    /// reached is marked down.
    func lease(readingSlots: Bool = false) -> [Lease] {
        let up = withHealth { h in layout.shards.filter { h.down[$0.name] == nil } }
        return openInParallel(up, reusingIdle: true, readingSlots: readingSlots)
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
    private func recheck(_ leases: [Lease], readingSlots: Bool) -> [Lease] {
        openInParallel(leases.map(\.shard), reusingIdle: false, readingSlots: readingSlots)
    }

    /// A new connection at the shard's latest revision: xapian-tcpsrv opens its database once,
    /// so a new connection starts at the revision the server opened, until reopened.
    private func open(_ shard: Shard) throws -> XapianDatabase {
        let database = try layout.spec(of: shard).openReadOnly()
        _ = try database.reopen()
        return database
    }

    /// Connects to each shard on its own thread (an idle connection reopened, when
    /// `reusingIdle`, else a new one) and reads its slot registry when `readingSlots`; marks
    /// the shards that fail down.
    private func openInParallel(_ shards: [Shard], reusingIdle: Bool, readingSlots: Bool) -> [Lease] {
        let opened = Handoff<(Int, Result<Lease, any Error>)>()
        DispatchQueue.concurrentPerform(iterations: shards.count) { i in
            let outcome = Result { try self.connect(shards[i], reusingIdle: reusingIdle, readingSlots: readingSlots) }
            opened.put((i, outcome))
        }
        var outcomes = [Result<Lease, any Error>?](repeating: nil, count: shards.count)
        for (i, outcome) in opened.takeAll() { outcomes[i] = outcome }
        var leases: [Lease] = []
        for (shard, outcome) in zip(shards, outcomes) {
            switch outcome {
            case .success(let lease)?: leases.append(lease)
            case .failure(let error)?: markDown(shard, "\(error)")
            case nil: markDown(shard, "it was not tried")
            }
        }
        return leases
    }

    private func connect(_ shard: Shard, reusingIdle: Bool, readingSlots: Bool) throws -> Lease {
        let idle = reusingIdle ? withHealth { $0.idle[shard.name]?.popLast() } : nil
        let database: XapianDatabase
        if let idle, (try? idle.reopen()) != nil {
            database = idle
        } else {
            database = try open(shard)
        }
        return Lease(shard: shard, database: database, slots: readingSlots ? try PropertySlots.load(from: database) : nil)
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
