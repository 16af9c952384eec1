import Foundation
internal import CXapian
import SpotlightModel

/// What ``SpotlightEngine/compact()`` did.
public struct CompactionReport: Codable, Hashable, Sendable {
    public var bytesBefore: Int64
    public var bytesAfter: Int64
    public var seconds: Double
    public var sequence: UInt64
}

extension SpotlightEngine {
    /// Checks the active index with Xapian's consistency check and the record store with its
    /// integrity check. The index is checked on the writer after a commit, so no commit runs
    /// under the check (writes wait for it); the store is checked on its own connection.
    ///
    /// ```swift
    /// let report = try await engine.checkConsistency()
    /// if report.indexProblems.isEmpty && report.storeProblems.isEmpty { print("sound") }
    /// ```
    /// - Throws: `.notFound` when there is no active index; `.io` when a check cannot run.
    public func checkConsistency() async throws -> ConsistencyReport {
        let (path, xapianProblems, documents, records): (String, [String], Int, Int) =
            try await onWriter {
                self.storeWriter.sync { self.drainPending() }
                try self.catchUpIndex()
                try self.commitIndex()
                guard let active = self.directory.activePath() else {
                    throw SpotlightError(.notFound, "there is no active index in \(self.dataDirectory); restart spotlightd to create it")
                }
                let problems = try SearchIndex.check(path: active)
                let documents = try self.index.documentCount()
                let records = try self.changeLog.counts().reduce(0) { $0 + $1.total }
                return (active, problems, documents, records)
            }
        let storePath = dataDirectory + "/store.sqlite"
        let checker = try RecordStore(path: storePath)
        defer { checker.close() }
        let damage = try checker.findDamage()
        noteDamaged(damage.damagedKeys)
        var indexProblems = xapianProblems
        // The index leaves out records that do not decode (those damaged after they were
        // indexed are still in it until their key changes).
        if !(records - damage.damagedKeys.count...records).contains(documents) {
            indexProblems.append("the index holds \(documents) documents but the store \(records) records; "
                + "rebuild the index (spotlightctl rebuild)")
        }
        var report = ConsistencyReport(indexPath: path, indexProblems: indexProblems, storePath: storePath,
                                       storeProblems: damage.fileProblems + damage.recordProblems,
                                       documentCount: documents, recordCount: records)
        report.damagedRecords = damage.damagedKeys.isEmpty ? nil : damage.damagedKeys
        return report
    }

    /// Compacts the index with Xapian's compaction into a fresh generation and swaps it in
    /// atomically, like ``rebuild(progress:)``: queries are answered from the old index and
    /// writes go on meanwhile (they are carried over before the swap).
    ///
    /// ```swift
    /// let report = try await engine.compact()
    /// print(report.bytesBefore, "->", report.bytesAfter)
    /// ```
    /// - Throws: `.conflict` when a rebuild or compaction is already running.
    public func compact() async throws -> CompactionReport {
        try await compactNow(behindAutoCompaction: true)
    }

    /// ``compact()``; `behindAutoCompaction` false for the automatic compaction itself, which
    /// must not wait for itself.
    func compactNow(behindAutoCompaction: Bool = false) async throws -> CompactionReport {
        let started = Date()
        try await claimRebuild(compacting: true, behindAutoCompaction: behindAutoCompaction,
                               conflict: "a rebuild or compaction is already running; wait for it (see status)")
        defer { shared.withLock { $0.rebuilding = false; $0.compacting = false } }
        let (source, startSequence): (String, UInt64) = try await onWriter {
            try self.catchUpIndex()
            try self.commitIndex()
            guard let active = self.directory.activePath() else {
                throw SpotlightError(.notFound, "there is no active index in \(self.dataDirectory); restart spotlightd to create it")
            }
            return (active, self.indexedSequence)
        }
        let destination = try directory.reserveNextGeneration()
        do {
            try check("the index at \(source)", "compact into \(destination)") {
                cx_database_compact(source, destination, $0)
            }
            let fresh = try SearchIndex.openWritable(path: destination, documentData: options.documentData,
                                                     languages: options.languages)
            fresh.changesSinceCompaction = 0
            let bytesBefore = directorySize(source)
            let handed = Handoff(fresh)
            let sequence = try await onWriter {
                let fresh = try handed.takeOnly()
                guard !self.shared.withLock({ $0.closed }) else {
                    fresh.close()
                    throw SpotlightError(.unavailable, "the engine closed during the compaction; the index is as it was")
                }
                return try self.swapIn(fresh, at: destination, after: startSequence)
            }
            let report = CompactionReport(bytesBefore: bytesBefore, bytesAfter: directorySize(destination),
                                          seconds: Date().timeIntervalSince(started), sequence: sequence)
            options.log(.info, "compacted the index from \(report.bytesBefore) to \(report.bytesAfter) bytes")
            return report
        } catch {
            try? FileManager.default.removeItem(atPath: destination)
            throw error
        }
    }

    /// Runs `body` on the writer queue and returns its value.
    func onWriter<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            writer.async { continuation.resume(with: Result { try body() }) }
        }
    }
}
