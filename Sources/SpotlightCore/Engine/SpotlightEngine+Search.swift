import Foundation
import SpotlightModel

/// How ``SpotlightEngine/withReader(minimumSequence:waiting:_:)`` gets its reader: waiting for a
/// reader slot and opening a reader when none is pooled, or only taking an idle pooled one
/// at once (a search on the Swift concurrency pool, which must not wait).
enum ReaderWait { case waiting, onlyIfIdle }

/// A read-only index handle and the sequence its revision covers; a value, checked out of
/// the engine's pool by one search at a time.
struct IndexReader {
    let index: SearchIndex
    let generation: Int
    var sequence: UInt64

    init(index: SearchIndex, generation: Int) throws {
        self.index = index
        self.generation = generation
        self.sequence = try index.lastAppliedSequence()
    }
}

extension SpotlightEngine {
    /// Runs a query. Sees every write whose ``write(_:)`` returned before this call, waiting
    /// for the index to apply and commit them; with ``SearchQuery/maxIndexWait`` it waits at most that
    /// long and then answers from what the index has committed, saying so in
    /// ``SearchResult/inexact``.
    ///
    /// It runs off any actor, on the concurrency pool or the task executor the calling task
    /// prefers (a nonisolated async function, SE-0338; this module does not adopt
    /// `NonisolatedNonsendingByDefault`): when an idle reader already covers every acknowledged
    /// write, on that thread; anything that would wait (for a reader, for the writer) waits on
    /// the engine's own threads.
    ///
    /// ```swift
    /// let result = try await engine.search(SearchQuery(text: "supernova"))
    /// ```
    /// - Throws: `SpotlightError(.invalidInput)` for a query that cannot be parsed at all.
    public func search(_ query: SearchQuery) async throws -> SearchResult {
        try SearchRun.validateIndexWait(query)
        if let shards { return try await searchAcrossShards(query, shards) }
        let needed = shared.withLock { $0.durableSequence }
        let synonyms = synonymTables.withLock { $0 }
        // The common case runs right here, on the calling task's thread: an idle pooled reader
        // whose committed revision covers every acknowledged write answers with about a
        // millisecond of CPU over index files the page cache holds, and the hop to a reader
        // thread and back cost a twentieth of that (tools/bench). Whatever would wait (for a
        // reader slot, to open a reader, for the writer) waits off the Swift concurrency pool.
        if let result = try withReader(minimumSequence: needed, waiting: .onlyIfIdle, {
            try $0.search(query, now: Date(), synonyms: synonyms)
        }) {
            return result
        }
        let fromReader: SearchResult? = try await withCheckedThrowingContinuation { continuation in
            readerQueue.async {
                continuation.resume(with: Result {
                    try self.withReader(minimumSequence: needed) { try $0.search(query, now: Date(), synonyms: synonyms) }
                })
            }
        }
        if let fromReader { return fromReader }
        // The index has not committed that far yet: the writer sees its own uncommitted changes.
        return try await withCheckedThrowingContinuation { continuation in
            let answer = FirstResume(continuation)
            writer.async {
                answer.resume(with: Result { try self.searchOnWriter(query, synonyms: synonyms) })
            }
            // The writer may be busy for seconds (an import indexed in bulk): past the wait the
            // query allows, what the index has committed answers.
            if let wait = query.maxIndexWait {
                readerQueue.asyncAfter(deadline: .now() + wait) {
                    guard !answer.isDone else { return }
                    do {
                        let (committed, durable) = self.shared.withLock { ($0.committedSequence, $0.durableSequence) }
                        guard let result = try self.withReader(minimumSequence: committed, {
                            try $0.search(query, now: Date(), synonyms: synonyms)
                        }) else { return }   // no reader: the writer answers
                        answer.resume(with: .success(Self.noting(durable &- committed, in: result)))
                    } catch {
                        answer.resume(with: .failure(error))
                    }
                }
            }
        }
    }

    /// On `writer`: catches the index up with the store, commits, and searches the writer's
    /// index, which then holds every acknowledged write; from what is committed when the index
    /// cannot take them.
    ///
    /// The commit comes first because libxapian 1.4 cannot search uncommitted documents once
    /// a document was ever deleted from an index whose postings of a term fill several chunks
    /// (a few thousand records, or any index a bulk catch-up or rebuild merged): a query that
    /// skips through that term's postings (a bundle filter, an AND) misses them, though they
    /// are there and a commit shows them (docs/hardening.md, `tools/xapian-bug-check`).
    private func searchOnWriter(_ query: SearchQuery, synonyms: [String: SynonymTable]) throws -> SearchResult {
        // The store holds every write acknowledged before this search.
        if !indexRetryScheduled {
            do {
                try catchUpIndex()
                try commitIndex()
            } catch {
                recoverIndex(after: error)
            }
        }
        if indexRetryScheduled,
           let committed = try withReader(minimumSequence: 0, { try $0.search(query, now: Date(), synonyms: synonyms) }) {
            // The index cannot take the changes (a full disk, an I/O error): answer
            // from what it has committed rather than not at all, saying what that lacks;
            // status says degraded.
            return notingFailingIndex(in: committed)
        }
        do {
            return try holdingStoreWritesNearFullDisk(index) {
                try index.search(query, now: Date(), synonyms: synonyms)
            }
        } catch let error as SpotlightError where error.code == .io || error.code == .corrupt {
            // Searching the writer's pending changes can need the disk too, and can
            // find the index corrupt (then it is rebuilt from the store).
            recoverIndex(after: error)
            guard let committed = try withReader(minimumSequence: 0, { try $0.search(query, now: Date(), synonyms: synonyms) }) else {
                throw error
            }
            return notingFailingIndex(in: committed)
        }
    }

    /// `result`, answered from the committed index while the index cannot take changes,
    /// saying in ``SearchResult/inexact`` how many acknowledged changes it lacks: without it
    /// a client would take a record it was told is stored for one the search did not find.
    func notingFailingIndex(in result: SearchResult) -> SearchResult {
        let (committed, durable) = shared.withLock { ($0.committedSequence, $0.durableSequence) }
        guard durable > committed else { return result }
        var noted = result
        noted.inexact = (result.inexact ?? [])
            + ["index: \(durable - committed) acknowledged changes not yet indexed (the index cannot take them now; status says why)"]
        return noted
    }

    /// Runs a query on the calling thread when the committed index already covers every write
    /// acknowledged so far (the common case); nil when it does not, or the engine searches
    /// shards; then ``search(_:)`` answers. Blocks on index reads: call it off the Swift
    /// concurrency pool.
    ///
    /// ```swift
    /// let result = try engine.searchIfCommitted(query) ?? (try await engine.search(query))
    /// ```
    public func searchIfCommitted(_ query: SearchQuery) throws -> SearchResult? {
        guard shards == nil else { return nil }
        let needed = shared.withLock { $0.durableSequence }
        let synonyms = synonymTables.withLock { $0 }
        return try withReader(minimumSequence: needed) { try $0.search(query, now: Date(), synonyms: synonyms) }
    }

    /// ``searchIfCommitted(_:)`` whose hits keep their records as the record store's JSON
    /// text, not decoded: what a reply over the socket carries as it is (spotlightd splices
    /// it in; see `QueryReplyText`). The result's hits hold placeholder records; hit `i`'s
    /// record is `recordJSON[i]` (docs/records.md, keys sorted). Nil also for a query asking
    /// for snippets or explanations, which read the records: then ``searchIfCommitted(_:)``.
    ///
    /// ```swift
    /// if let (result, recordJSON) = try engine.searchIfCommittedKeepingRecordJSON(query) { … }
    /// ```
    public func searchIfCommittedKeepingRecordJSON(_ query: SearchQuery) throws -> (result: SearchResult, recordJSON: [[UInt8]])? {
        guard shards == nil, query.snippets == nil, query.explain != true else { return nil }
        let needed = shared.withLock { $0.durableSequence }
        let synonyms = synonymTables.withLock { $0 }
        return try withReader(minimumSequence: needed) {
            try $0.searchKeepingRecordJSON(query, now: Date(), synonyms: synonyms)
        }
    }

    /// `result` saying, when the index lacked `behind` acknowledged changes, that it did.
    static func noting(_ behind: UInt64, in result: SearchResult) -> SearchResult {
        guard behind > 0 else { return result }
        var noted = result
        noted.inexact = (result.inexact ?? []) + ["maxIndexWait: \(behind) acknowledged changes not yet indexed"]
        return noted
    }

    /// Runs `body` on a pooled reader whose revision covers `minimumSequence`; nil when the
    /// committed index is not there yet, or (`.onlyIfIdle`) when no reader slot is free or no
    /// reader of the current index is pooled.
    func withReader<T: Sendable>(minimumSequence: UInt64, waiting wait: ReaderWait = .waiting,
                                 _ body: @Sendable (SearchIndex) throws -> T) throws -> T? {
        guard shared.withLock({ $0.committedSequence }) >= minimumSequence else { return nil }
        switch wait {
        case .waiting: readerSlots.wait()
        case .onlyIfIdle: guard readerSlots.wait(timeout: .now()) == .success else { return nil }
        }
        readersInUse.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
        defer {
            readersInUse.withLock { $0.now -= 1 }
            readerSlots.signal()
        }
        // Read after taking a slot: a rebuild may have swapped the index while this waited.
        let generation = shared.withLock { $0.generation }
        var reader = readers.take()
        if let r = reader, r.generation != generation {
            r.index.close()
            reader = nil
        }
        if reader == nil {
            guard wait == .waiting, let active = directory.activePath() else { return nil }
            let opened = try SearchIndex.openReadOnly(.local(path: active))
            attachReadStore(to: opened)
            reader = try IndexReader(index: opened, generation: generation)
        }
        guard var reader else { return nil }
        let result = Result { () throws -> T? in
            if reader.sequence < minimumSequence {
                try reader.index.reopen()
                reader.sequence = try reader.index.lastAppliedSequence()
            }
            guard reader.sequence >= minimumSequence else { return nil }
            return try body(reader.index)
        }
        // Back to the pool however this ended (a reader whose reopen failed reopens next time).
        readers.put(reader, limit: options.maxReaders)?.index.close()
        return try result.get()
    }
}
