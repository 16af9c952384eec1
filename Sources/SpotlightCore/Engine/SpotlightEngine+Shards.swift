import Foundation
import Synchronization
import SpotlightModel

extension SpotlightEngine {
    /// The shards this engine searches beside its own index (empty without a layout).
    public var shardLayout: ShardLayout? { shards?.layout }

    /// One Xapian search over this index and every shard that answers, combined into one
    /// database, so ranking uses the statistics of all of them (no merge by hand). Shards
    /// that are down or too slow are named in `missingShards`. The local part waits for this
    /// index to commit what was acknowledged before the query, or with
    /// ``SearchQuery/maxIndexWait`` at most that long, as ``search(_:)`` does without shards.
    func searchAcrossShards(_ query: SearchQuery, _ shards: ShardSet) async throws -> SearchResult {
        let needed = shared.withLock { $0.durableSequence }
        let synonyms = synonymTables.withLock { $0 }
        // The local part must be a committed revision: commit what was acknowledged.
        var caughtUp = shared.withLock { $0.committedSequence } >= needed
        if !caughtUp { caughtUp = try await commitLocalIndex(within: query.maxIndexWait) }
        let readable = caughtUp ? needed : shared.withLock { $0.committedSequence }
        let answer = try await run(on: readerQueue) {
            try self.withReader(minimumSequence: readable) { local in
                try Self.search(query, local: local.handle, shards, synonyms, self.frontLookup)
            }
        }
        if let answer { return Self.noting(needed &- readable, in: answer) }
        // No committed reader covers it (a rebuild swapped generations): search beside the writer.
        return try await run(on: writer) {
            try self.catchUpIndex()
            return try self.holdingStoreWritesNearFullDisk(self.index) {
                try self.index.prepareToReadPendingChanges()
                return try Self.search(query, local: self.index.handle, shards, synonyms, self.frontLookup)
            }
        }
    }

    /// Catches this index up with the store and commits it, on the writer; true when that
    /// finished, false when `wait` seconds passed first (the writer goes on with it: busy with
    /// an import indexed in bulk, say). Without a wait it waits as long as that takes.
    private func commitLocalIndex(within wait: Double?) async throws -> Bool {
        let catchUp: @Sendable () throws -> Bool = {
            try self.catchUpIndex()
            try self.commitIndex()
            return true
        }
        guard let wait else { return try await run(on: writer, catchUp) }
        return try await withCheckedThrowingContinuation { continuation in
            let first = FirstResume(continuation)
            writer.async { first.resume(with: Result { try catchUp() }) }
            readerQueue.asyncAfter(deadline: .now() + wait) { first.resume(returning: false) }
        }
    }

    private static func search(_ query: SearchQuery, local: XapianDatabase, _ shards: ShardSet,
                               _ synonyms: [String: SynonymTable], _ lookup: RecordLookup) throws -> SearchResult {
        // The combined database reads metadata from `local` alone: when the query uses property
        // slots at all, each shard's registry is read as it is leased (in parallel) and merged.
        let usesSlots = SearchRun.usesPropertySlots(query)
        var (result, missing) = try shards.withShards(local: local, readingSlots: usesSlots) { combined, leases in
            let index = SearchIndex(database: combined, writablePath: nil)
            index.recordLookup = lookup
            index.givenSlots = usesSlots
                ? PropertySlots.merged([try PropertySlots.load(from: local)] + leases.compactMap(\.slots)) : PropertySlots()
            var result = try index.search(query, now: Date(), synonyms: synonyms)
            // Xapian's remote backend has no spelling dictionary: a remote shard's words are not suggested.
            if query.spelling != nil, leases.contains(where: { $0.shard.isRemote }) {
                result.inexact = Array(Set((result.inexact ?? []) + ["spelling"])).sorted()
            }
            return result
        }
        result.missingShards = missing.isEmpty ? nil : missing
        return result
    }

    /// A front reads its own records from its store; a shard's key-only document is an error.
    private var frontLookup: RecordLookup {
        let shardBundles = Set(shards?.layout.shards.flatMap(\.bundles) ?? [])
        return RecordLookup(records: { keys in try self.readStore.withLock { try $0.records(for: keys) } },
                            mustFind: { shardBundles.contains($0.bundle) })
    }

    /// Reads records by key: from the record store, then (for keys it does not hold) from
    /// the shards' documents, whose data is the donated record. Expired records are left out.
    ///
    /// ```swift
    /// let (records, missing) = try await engine.recordsAcrossShards(for: [key])
    /// ```
    /// - Returns: the records found, in the order of `keys`, and the shards that did not answer.
    public func recordsAcrossShards(for keys: [RecordKey]) async throws -> (records: [Record], missingShards: [String]) {
        let local = try records(for: keys)
        let found = Set(local.map(\.key))
        let rest = keys.filter { !found.contains($0) }
        guard let shards, !rest.isEmpty else { return (local, []) }
        let (remote, missing) = try await run(on: readerQueue) {
            try shards.withShards(local: nil) { combined, _ in try Self.lookUp(rest, in: combined) }
        }
        let byKey = Dictionary((local + remote).map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        return (keys.compactMap { byKey[$0] }, missing)
    }

    /// The records whose unique-key terms are in `database`, unexpired.
    private static func lookUp(_ keys: [RecordKey], in database: XapianDatabase) throws -> [Record] {
        let query = try XapianQuery.any(keys.map(UniqueKey.term(for:)))
        let now = Date()
        let matches = try XapianEnquire(database: database, query: query).matches(offset: 0, limit: keys.count)
        return try (0..<matches.count).map { index -> Record in
            guard case .record(let record) = try DocumentData.read(matches.data(index), in: database.subject) else {
                throw SpotlightError(.notFound, "\(database.subject) holds only the keys of its records: "
                    + "a shard's owning spotlightd must run with --records-in-index (docs/scale-out.md)")
            }
            return record
        }
            .filter { ($0.expiration ?? .distantFuture) > now }
    }

    /// Each shard's state; a shard that is up is asked for its document count and the last
    /// change its owning daemon committed.
    public func shardStatuses() async -> [ShardStatus] {
        guard let shards else { return [] }
        return await (try? run(on: readerQueue) { () -> [ShardStatus] in
            let leases = shards.lease()
            defer { shards.release(leases) }
            var byName: [String: ShardStatus] = [:]
            for lease in leases {
                let index = SearchIndex(database: lease.database, writablePath: nil)
                do {
                    byName[lease.shard.name] = Self.status(lease.shard, "up", documentCount: try index.documentCount(),
                                                           lastApplied: try index.lastAppliedSequence())
                } catch {
                    shards.markDown(lease.shard, "\(error)")
                }
            }
            let down = shards.downShards
            return shards.layout.shards.map { shard in
                byName[shard.name] ?? Self.status(shard, "down", message: down[shard.name] ?? "it did not answer")
            }
        }) ?? []
    }

    private static func status(_ shard: Shard, _ state: String, documentCount: Int? = nil,
                               lastApplied: UInt64? = nil, message: String? = nil) -> ShardStatus {
        ShardStatus(name: shard.name, address: shard.address, bundles: shard.bundles, state: state,
                    documentCount: documentCount, lastAppliedSequence: lastApplied, message: message)
    }

    /// Runs blocking `body` on `queue` (Xapian and network calls stay off the Swift pool).
    private func run<T: Sendable>(on queue: DispatchQueue, _ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try body() }) }
        }
    }
}

extension Shard {
    /// Whether the shard is served over TCP (`xapian-tcpsrv`), not a local replica.
    var isRemote: Bool {
        if case .remote = database { return true }
        return false
    }
}
