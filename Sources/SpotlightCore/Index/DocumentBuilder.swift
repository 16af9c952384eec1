import Dispatch
import Foundation
import SpotlightModel

/// Builds the Xapian documents of many records on every core: term generation (folding,
/// tokenizing, stemming) is the larger part of indexing and needs no database, so each
/// thread has its own documents and term generators; the one writer then adds them in order.
///
/// ```swift
/// let documents = try DocumentBuilder.build(records, languages: tags, slots: registry, data: .key)
/// ```
enum DocumentBuilder {
    /// Fewer records per core than this are built on the calling thread (no hand-off cost).
    static let parallelThreshold = 64

    /// The cores to build on, read once: Foundation's `activeProcessorCount` reads the cgroup's
    /// files at every call (eight system calls, 16 us here), and the index's catch-up under
    /// steady donations builds about 80 times a second.
    static let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// The document of each record, in order, its text stemmed in the language tag at the same
    /// index of `languages`. The records' slot keys must be registered in `slots` already
    /// (``PropertySlots/register(_:in:)``).
    static func build(_ records: [DonatedRecord], languages: [String], slots: PropertySlots,
                      data: DocumentData.Mode) throws -> [XapianDocument] {
        @Sendable func make(_ index: Int) throws -> XapianDocument {
            let donated = records[index]
            return try RecordDocument.make(donated.record, donated: donated.donated, slots: slots,
                                           language: languages[index], data: data)
        }
        let workers = min(cores, records.count / parallelThreshold)
        guard workers > 1 else { return try records.indices.map(make) }
        // Each worker builds every `workers`-th record and hands its documents over at the end,
        // in one piece (one lock per worker, not per record).
        let built = Handoff<[(Int, Result<XapianDocument, any Error>)]>()
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var mine: [(Int, Result<XapianDocument, any Error>)] = []
            for index in stride(from: worker, to: records.count, by: workers) {
                mine.append((index, Result { try make(index) }))
            }
            built.put(mine)
        }
        var results = [Result<XapianDocument, any Error>?](repeating: nil, count: records.count)
        for (index, result) in built.takeAll().joined() { results[index] = result }
        // In order: the first record's error, as the serial path throws it.
        return try results.map { try $0!.get() }
    }
}
