import Foundation
import Synchronization
import SpotlightModel

/// The embedded engine: the record store (source of truth) and the search index derived
/// from it, in one data directory.
///
/// Writes are group-committed: concurrent ``write(_:)`` calls share one durable store
/// transaction, and each returns only when its records are durable. The index follows in
/// batches on its own writer thread, reading the store's change log, so an acknowledgement
/// never waits for index work; ``search(_:)`` sees every write that returned before it was
/// called (read-your-writes), from a reader when the index has committed that far, else from
/// the index writer, which sees its own uncommitted changes.
///
/// ```swift
/// let engine = try SpotlightEngine(dataDirectory: "/tmp/spot")
/// _ = try await engine.write(.upsert([record], clientState: nil))
/// let result = try await engine.search(SearchQuery(text: "supernova"))
/// ```
// @unchecked: the mutable members below are each confined to one serial queue (marked
// "Confined to `storeWriter`" and "Confined to `writer`") and touched only in blocks run on
// it; everything else is immutable, a Mutex, a Handoff or a Dispatch object. The handles
// they hold (RecordStore, SearchIndex) are not Sendable, so none can leave its queue except
// through Handoff, which the compiler checks.
public final class SpotlightEngine: @unchecked Sendable {
    /// Tuning and hooks.
    public struct Options: Sendable {
        /// Commit the index once this many changes are pending.
        public var commitBatchSize = 2000
        /// Otherwise commit this long after the first uncommitted change.
        public var commitDelay: TimeInterval = 0.2
        /// The index catches up this long after a store commit, so one catch-up takes the
        /// donations of many group commits: with 8 clients donating one record at a time,
        /// acknowledgements p50 2.0 -> 1.3 ms and 3,600 -> 4,400 a second (sample corpus, three
        /// runs each) against catching up after every group commit. A search that needs the
        /// changes catches up at once.
        public var catchUpDelay: TimeInterval = 0.025
        /// Searches that run at once on read-only index handles, and the handles kept open for
        /// them; further searches wait for one to finish (at least 1).
        public var maxReaders = 4
        /// How often expired records are swept.
        public var sweepInterval: TimeInterval = 60
        /// Where the engine reports what it did and what went wrong, one line per event.
        public var log: SpotlightLog = .silent
        /// Remote shards and replicas searched together with this index (nil: this index alone).
        public var shards: ShardLayout?
        /// Keep each record's JSON in the index's document data, not only its key: for an index
        /// read without this data directory's store (a shard served by `xapian-tcpsrv`, a
        /// replica). Off by default: hits are read from the record store, and the index is
        /// smaller and faster to write. Changing it rebuilds the index at the next start.
        public var recordsInIndex = false
        /// Compact the index in the background once it took a quarter of this many changes and
        /// of its document count since it was last compacted and the writer then stays idle for
        /// a second (the end of an import), or this many and twice its document count at once;
        /// nil never does.
        public var autoCompactChanges: Int? = 20_000
        /// A catch-up of at least this many changes, and of at least a quarter of the index's
        /// documents, builds them in parts on every core and merges them with the index (an
        /// import, a large donation); smaller ones go change by change. nil never does.
        public var bulkCatchUpChanges: Int? = 4000
        /// A backlog found at start of at least ``bulkCatchUpChanges`` changes (an import cut
        /// short by a stop or a crash) is caught up in the background: init returns at once, so
        /// status and donations are answered meanwhile, and a search waits for the catch-up as
        /// it does during an import. false: init catches up before it returns (every backlog).
        /// spotlightd sets it: it served nothing for the 17 s a 64k-record backlog took.
        public var catchUpLargeBacklogInBackground = false
        /// The time a donation is stored at (the recency boost's fallback); tests inject one.
        public var clock: @Sendable () -> Date = { Date() }
        /// The language of records that name none (`spotlightd --language`, `--bundle-language`);
        /// an index built with other settings is rebuilt from the store at start.
        public var languages = LanguageSettings()
        public init() {}
    }

    struct Shared {
        var pending: [PendingWrite] = []
        var drainScheduled = false
        var durableSequence: UInt64 = 0
        var committedSequence: UInt64 = 0
        var generation = 0
        var rebuilding = false
        /// The rebuild running is a compaction (status says `compacting`).
        var compacting = false
        var rebuildDone = 0
        var rebuildTotal = 0
        var indexProblem: String?
        /// The store was found corrupt or missing at start (see SpotlightEngine+StoreCheck).
        var storeProblem: String?
        /// The store's pages were found damaged while running (see SpotlightEngine+StorePages).
        var storeDamaged: String?
        /// Keys whose stored record does not decode, as reads and checks met them (see
        /// SpotlightEngine+DamagedRecords).
        var damagedRecords: Set<RecordKey> = []
        /// The store's path stopped naming the file opened at start: every write is refused
        /// (see SpotlightEngine+StoreFile).
        var storeGone: String?
        var closed = false
        /// An automatic compaction is running (see SpotlightEngine+AutoCompaction).
        var autoCompacting = false
        /// A bulk catch-up is building the next generation on the writer (see
        /// SpotlightEngine+BulkIndex); a rebuild or compaction waits for it to end.
        var bulkRunning = false
        /// Its progress: changes built into parts, and the backlog when it began.
        var bulkDone = 0
        var bulkTotal = 0
        /// A catch-up of the index is queued on `writer` (see scheduleCatchUp).
        var catchUpScheduled = false
        /// A prune of the change log up to `pruneThrough` is queued on `storeWriter` (see pruneChangeLog).
        var pruneScheduled = false
        var pruneThrough: UInt64 = 0
    }

    struct PendingWrite {
        var write: StoreWrite
        /// Called once with the write's outcome, on the store writer's queue.
        var complete: @Sendable (Result<StoreWriteOutcome, any Error>) -> Void
    }

    public let dataDirectory: String
    let options: Options
    let lock: DataDirectoryLock
    let directory: IndexDirectory
    let shared = Mutex(Shared())

    /// Serialises every write to the record store: group commits, sweeps, synonyms, pruning
    /// the change log. Never waits for `writer`.
    let storeWriter = DispatchQueue(label: "spotlight.engine.store")
    /// Serialises every use of `index` and `changeLog`. May wait for `storeWriter` (never
    /// the other way round).
    let writer = DispatchQueue(label: "spotlight.engine.writer")
    /// Runs reader searches off the Swift concurrency pool (Xapian calls block).
    let readerQueue = DispatchQueue(label: "spotlight.engine.readers", attributes: .concurrent)

    // Confined to `storeWriter`.
    /// The store connection that writes.
    var store: RecordStore
    /// The store connection saw an I/O error; the next write reopens it first.
    var storeNeedsReopen = false
    /// The file the store's path named at open: checked before each acknowledgement.
    let storeIdentity: StoreFileIdentity
    var sweepTimer: (any DispatchSourceTimer)?

    // Confined to `writer`.
    /// The index writer's store connection: reads the change log and its hits' records.
    let changeLog: RecordStore
    /// The writer's index; it reads the records of its hits from `changeLog`.
    var index: SearchIndex { didSet { attachStore(to: index) } }
    var indexedSequence: UInt64 = 0
    /// A retry of the index from the store is already scheduled (see recoverIndex).
    var indexRetryScheduled = false
    /// Seconds before the next index retry; doubles while the index keeps failing (a full disk).
    var indexRetryDelay: TimeInterval = 1
    /// Counts scheduled retries, so a retry that was run early does not run again when its timer fires.
    var indexRetryGeneration = 0
    var commitScheduled = false
    /// The last bulk catch-up failed: catch up change by change until a commit succeeds.
    var bulkFailed = false
    /// Tests make a bulk catch-up fail with it, after its parts are built (nil: never).
    var bulkFault: (() throws -> Void)?
    /// An idle check for compaction is queued on `writer`, and when the index last committed
    /// (see SpotlightEngine+AutoCompaction).
    var idleCheckScheduled = false
    var lastCommitAt = Date.distantPast
    /// Changes committed since freed memory was last given back, and whether a check for
    /// that is queued on `writer` (see SpotlightEngine+MemoryRelease).
    var changesSinceMemoryRelease: UInt64 = 0
    var memoryReleaseScheduled = false

    /// A second store connection for reads (hits' records, get, counts, client state) off the
    /// writer, with a larger page cache (``RecordStore/readPageCacheKiB``).
    let readStore: Mutex<RecordStore>
    /// Idle read-only index handles, at most `maxReaders`.
    let readers = Handoff<IndexReader>()
    /// One per search that may run on a reader at once (`maxReaders`); a search beyond them
    /// waits for one to finish, so concurrent queries never open more index handles than that.
    let readerSlots: DispatchSemaphore
    /// Readers in use now and the most ever in use at once (tests read the second).
    let readersInUse = Mutex<(now: Int, most: Int)>((0, 0))
    /// Entered while an automatic compaction runs; close() waits for it.
    let autoCompactions = DispatchGroup()
    /// The shards of `options.shards`, nil when there are none.
    let shards: ShardSet?
    /// Bundle -> its synonym table: the store's tables, loaded at open and updated on write.
    let synonymTables: Mutex<[String: SynonymTable]>

    /// Opens (or creates) the data directory. Takes its single-instance lock, opens the
    /// record store, opens the index, rebuilds it from the store if it is missing, corrupt or
    /// of another schema version, and catches it up with the store.
    /// - Throws: `SpotlightError` `.locked` when another process holds the directory,
    ///   `.corrupt` when the record store is not a database, `.invalidInput` when `<data>/index`
    ///   is not its link to a generation in the directory (``IndexDirectory/checkLink()``).
    public init(dataDirectory: String, options: Options = Options()) throws {
        self.dataDirectory = dataDirectory
        self.options = options
        self.readerSlots = DispatchSemaphore(value: max(1, options.maxReaders))
        shards = options.shards.map { ShardSet(layout: $0, log: options.log) }
        // A SpotlightError naming the directory that could not be made (not Foundation's dump).
        try PrivateFiles.createDirectory(dataDirectory)
        lock = try DataDirectoryLock(directory: dataDirectory)
        if let warning = XapianInflateWorkaround.missingWarning { options.log(.warning, warning) }
        directory = IndexDirectory(dataDirectory: dataDirectory)
        try directory.checkLink()
        // The generation the link names; a link whose generation was removed names none.
        let activeIndex = directory.activePath().flatMap { FileManager.default.fileExists(atPath: $0) ? $0 : nil }
        let storePath = dataDirectory + "/store.sqlite"
        let cleanMarker = dataDirectory + "/clean-shutdown"
        let wasClean = FileManager.default.fileExists(atPath: cleanMarker)
        let (checked, storeProblem, storeReplaced, damaged) = try Self.openCheckedStore(
            dataDirectory: dataDirectory, wasClean: wasClean, indexExists: activeIndex != nil, log: options.log)
        store = checked
        store.clock = options.clock
        storeIdentity = try StoreFileIdentity(path: storePath)
        // A batch does not outlive the daemon that began it: what an earlier run staged is dropped.
        if let dropped = try? checked.discardAllBatches(), dropped > 0 {
            options.log(.info, "dropped \(dropped) staged operations of batches that were never ended")
        }
        synonymTables = Mutex(try Self.loadSynonymTables(from: checked, log: options.log))
        let reading = try RecordStore(path: storePath)
        try reading.keepPages(kibibytes: RecordStore.readPageCacheKiB)
        readStore = Mutex(reading)
        changeLog = try RecordStore(path: storePath)
        try? FileManager.default.removeItem(atPath: cleanMarker)
        let rebuildMarker = dataDirectory + "/rebuild-pending"
        // A replaced store: the old index (its documents hold the lost records) is kept aside.
        if storeReplaced, let active = activeIndex {
            let aside = try directory.keepIndexOfLostStore(active)
            try FileManager.default.removeItem(atPath: directory.linkPath)
            options.log(.warning, "kept the index of the lost store at \(aside)"
                + (options.recordsInIndex ? "; its documents hold the records' JSON" : "; its documents hold only keys"))
        }
        // Xapian's check runs at every start: a clean shutdown does not protect against the disk.
        let (opened, rebuildReason) = try Self.openActiveIndex(directory, store: changeLog, verify: true,
                                                               documentData: options.documentData,
                                                               languages: options.languages, log: options.log)
        index = opened
        let needsRebuild = rebuildReason != nil || FileManager.default.fileExists(atPath: rebuildMarker)
        if needsRebuild {
            // Remembered on disk, so a crash during the rebuild leads to another one.
            _ = FileManager.default.createFile(atPath: rebuildMarker, contents: Data((rebuildReason ?? "resumed").utf8))
            try fsyncDirectory(dataDirectory)
        }
        attachStore(to: index)
        leaveOutDamagedRecords(of: changeLog)
        readStore.withLock { leaveOutDamagedRecords(of: $0) }
        directory.removeStaleGenerations()
        indexedSequence = try index.lastAppliedSequence()
        let storeSeq = try changeLog.lastSequence()
        shared.withLock {
            $0.storeProblem = storeProblem
            $0.damagedRecords = Set(damaged)
            $0.durableSequence = storeSeq
            $0.committedSequence = indexedSequence
        }
        let inBackground = options.catchUpLargeBacklogInBackground && !needsRebuild && indexedSequence < storeSeq
            && storeSeq - indexedSequence >= UInt64(options.bulkCatchUpChanges ?? Int.max)
        if indexedSequence < storeSeq {
            options.log(.info, "index at sequence \(indexedSequence) is behind the store (\(storeSeq)); catching up"
                + (inBackground ? " in the background, answering meanwhile (searches wait for it)" : ""))
        }
        if inBackground {
            // On the writer, as the catch-up after a donation is; its failures back off and retry there.
            scheduleCatchUp()
        } else {
            try catchUpBeforeServing()
        }
        startSweeping()
        if needsRebuild, try changeLog.lastSequence() > 0 {
            let why = rebuildReason ?? "a rebuild was interrupted"
            options.log(.info, "rebuilding the index from the store because \(why); answering from what is indexed meanwhile")
            startupRebuild = Task.detached { [self] in
                do {
                    _ = try await self.rebuild()
                } catch {
                    self.options.log(.error, "the start-up rebuild failed: \(error); run `spotlightctl rebuild`")
                }
            }
        } else if needsRebuild {
            try? FileManager.default.removeItem(atPath: rebuildMarker)
        }
    }

    /// Init's catch-up of the index with the store, before it returns.
    private func catchUpBeforeServing() throws {
        // On the writer, like every other use of the index: catchUpIndex schedules a commit
        // there, which must not run while this one does (two threads in one Xapian commit).
        try writer.sync {
            do {
                try catchUpIndex()
                try commitIndex()
            } catch let error as SpotlightError where error.code == .io {
                // A disk too full to commit the catch-up must not keep the store from being
                // served: answer from what the index has committed, say degraded, and retry
                // with back-off as after any index failure.
                recoverIndex(after: error)
            }
        }
    }

    /// The rebuild started by init when the index needed one (tests await it).
    var startupRebuild: Task<Void, Never>?

    /// Finishes pending writes, commits the index and releases the data directory.
    public func close() {
        let alreadyClosed = shared.withLock { s -> Bool in
            defer { s.closed = true }
            return s.closed
        }
        guard !alreadyClosed else { return }
        autoCompactions.wait()
        shards?.stop()
        storeWriter.sync {
            sweepTimer?.cancel()
            drainPending()
        }
        writer.sync {
            // What the writer applied is committed; a backlog large enough for a bulk catch-up
            // (an import cut short) is left to the next start rather than holding up the exit:
            // every change is durable in the store, and the start catches up from there.
            let backlog = shared.withLock { $0.durableSequence } &- indexedSequence
            if backlog < UInt64(options.bulkCatchUpChanges ?? Int.max) { try? catchUpIndex() }
            try? commitIndex()
            index.close()
            changeLog.close()
        }
        // After the writer's last commit queued its prune of the change log.
        storeWriter.sync { store.close() }
        for reader in readers.takeAll() { reader.index.close() }
        readStore.withLock { $0.close() }
        _ = FileManager.default.createFile(atPath: dataDirectory + "/clean-shutdown", contents: Data())
        lock.release()
    }

    deinit { close() }

    /// Reads records by key from the store; expired records are left out, and so are records
    /// that do not decode (``damagedKeys(among:)`` names them).
    public func records(for keys: [RecordKey]) throws -> [Record] {
        let now = Date()
        let found = try readStore.withLock { try $0.records(for: keys) }
        noteMended(keys: found.lazy.map(\.key))
        return found.filter { ($0.expiration ?? .distantFuture) > now }
    }

    /// The last client state stored for a bundle (see ``ClientStateUpdate``).
    public func clientState(bundle: String) throws -> Data? {
        try readStore.withLock { try $0.clientState(bundle: bundle) }
    }

    /// Counts, sizes, sequences and the index state.
    public func status() throws -> IndexStatus {
        let gone = storeFileProblem()
        let (counts, storeBytes) = try readStore.withLock { store in
            do {
                return (try store.counts(), gone == nil ? try store.sizeInBytes() : 0)
            } catch {
                // A damaged store is what status is asked about then: say so instead of failing.
                guard storeDamage(behind: error, checking: store) != nil else { throw error }
                return ([], (try? store.sizeInBytes()) ?? 0)
            }
        }
        let s = shared.withLock { $0 }
        let docs = try withReader(minimumSequence: s.committedSequence) { try $0.documentCount() } ?? 0
        let problem = s.storeGone ?? s.storeDamaged ?? s.storeProblem ?? s.indexProblem
            ?? Self.damagedRecordsProblem(s.damagedRecords)
        let state = s.compacting ? "compacting" : s.rebuilding ? "rebuilding" : (problem == nil ? "ok" : "degraded")
        return IndexStatus(
            counts: counts, recordCount: counts.reduce(0) { $0 + $1.total }, documentCount: docs,
            storeBytes: storeBytes, indexBytes: directory.activePath().map(directorySize) ?? 0,
            storeSequence: s.durableSequence, lastAppliedSequence: s.committedSequence,
            indexState: state, message: problem,
            rebuildDone: s.rebuilding ? s.rebuildDone : nil, rebuildTotal: s.rebuilding ? s.rebuildTotal : nil,
            bulkDone: s.bulkRunning ? s.bulkDone : nil, bulkTotal: s.bulkRunning ? s.bulkTotal : nil,
            corruptIndexes: directory.corruptCopies())
    }

    /// Opens the active index generation for writing; rebuilds when missing, corrupt, of
    /// another schema version, or (after an unclean shutdown) failing Xapian's check.
    /// Opens the active index generation for writing. When it is missing, corrupt, of another
    /// schema version, or (after an unclean shutdown) fails Xapian's check, activates a fresh
    /// empty generation instead and reports that a rebuild is needed; the caller rebuilds in
    /// the background while answering from what it has.
    /// Xapian creates a glass database's document-data table lazily and reads a missing one as
    /// empty, so its deletion passes Xapian's check; but every document here carries its
    /// record as data, so documents without that table mean the file was lost.
    static func missingDocumentData(_ index: SearchIndex, at path: String) throws -> String? {
        let documents = try index.documentCount()
        guard documents > 0, !FileManager.default.fileExists(atPath: path + "/docdata.glass") else { return nil }
        return "docdata.glass is missing though the index holds \(documents) documents"
    }

    /// Why an index that has applied changes past the store's last one cannot be kept, else
    /// nil. It was built from another copy of the store (a backup restored over it): the store
    /// numbers its next changes from its own last one, which the index counts as applied, so
    /// they would never be indexed; and the index holds records the store does not.
    static func aheadOfStore(_ index: SearchIndex, store: RecordStore) throws -> String? {
        let (applied, stored) = (try index.lastAppliedSequence(), try store.lastSequence())
        guard applied > stored else { return nil }
        return "the index has applied changes up to \(applied), past the record store's last change \(stored) "
            + "(a backup of the store was restored over it)"
    }

    static func openActiveIndex(_ directory: IndexDirectory, store: RecordStore, verify: Bool,
                                documentData: DocumentData.Mode, languages: LanguageSettings = LanguageSettings(),
                                log: SpotlightLog) throws -> (SearchIndex, rebuildReason: String?) {
        var reason = "there was no index yet"
        if let active = directory.activePath() {
            var problem: String?
            var report = IndexCheckReport.sound
            if verify, FileManager.default.fileExists(atPath: active) {
                report = checkAtOpen(active)
                if !report.problems.isEmpty { problem = "Xapian's check found: " + report.problems.prefix(3).joined(separator: "; ") }
            }
            if problem == nil {
                do {
                    let index = try SearchIndex.openWritable(path: active, documentData: documentData, languages: languages)
                    let version = try index.storedSchemaVersion()
                    let storedLanguages = version == SearchIndex.schemaVersion ? try index.storedLanguageSettings() : languages
                    let stored = try index.storedDocumentData()
                    if version == SearchIndex.schemaVersion, let stored, stored != documentData {
                        index.close()
                        reason = stored == .key ? "the index holds only records' keys and --records-in-index asks for the records"
                                                : "the index holds records' JSON and the engine keeps only keys now"
                    } else if storedLanguages != languages {
                        index.close()
                        reason = "the index's language settings \(storedLanguages.encoded) are not \(languages.encoded)"
                    } else if version == SearchIndex.schemaVersion, let missing = try missingDocumentData(index, at: active) {
                        index.close()
                        problem = missing
                        report.table = "docdata"
                    } else if version == SearchIndex.schemaVersion, let ahead = try aheadOfStore(index, store: store) {
                        index.close()
                        reason = ahead
                    } else if version == SearchIndex.schemaVersion {
                        return (index, nil)
                    } else {
                        index.close()
                        reason = "the index schema version \(version.map(String.init) ?? "none") is not \(SearchIndex.schemaVersion)"
                    }
                } catch let error as SpotlightError where error.code == .corrupt || error.code == .notFound {
                    problem = error.description
                }
            }
            if let problem {
                try keepCorrupt(active, report: report, problem: problem, in: directory, log: log)
                reason = "the index was corrupt"
            }
        }
        let path = try directory.reserveNextGeneration()
        let index = try SearchIndex.openWritable(path: path, documentData: documentData, languages: languages)
        try index.commit(lastAppliedSequence: try store.lastSequence())
        try directory.activate(path)
        return (index, reason)
    }
}
